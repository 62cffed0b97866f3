// The Session Tree view: created with its provider, the filter commands (remembered per workspace,
// shown in the view's description), revealing the current position after it moves, and the chat
// scrolled to a selected row that is on the current branch.
import * as vscode from 'vscode';
import { filterDescription, parseTreeFilter, type TreeFilter, type TreeFilterMode } from '../../core/sessionTree';
import type { CurrentSession } from '../currentSession/currentSession';
import { SessionTreeProvider, type TreeElement } from './provider';
import type { SomeCommands } from '../commands/table';

/** The filter's modes as its quick pick names them. */
const MODE_LABELS = { all: 'All entries', user: 'User messages only', labeled: 'Labeled entries only' } as const satisfies Record<TreeFilterMode, string>;

export const SESSION_TREE_VIEW = 'arbor.sessionTree';
// A workspace-state key (it happens to spell the filter command's id: kept, the saved filters depend on it).
const FILTER_KEY = 'arbor.tree.filter';
const SETTINGS_SHOWN_KEY = 'arbor.tree.settingsShown';
/** Longer than the moment VS Code's tree view waits to batch refreshes (200 ms). */
const REVEAL_DELAY_MS = 300;

export interface SessionTreeDeps {
  current: CurrentSession;
  state: vscode.Memento;
  /** Scrolls the chat to an entry (ChatViewProvider.reveal). */
  revealInChat(entryId: string): void;
  /** Resolves once the chat's word of a click or key in its input so far has come (ChatViewProvider.inputSettled). */
  inputSettled(): Promise<void>;
}

export class SessionTreeView implements vscode.Disposable {
  readonly provider: SessionTreeProvider;
  private readonly view: vscode.TreeView<TreeElement>;
  private readonly disposables: vscode.Disposable[] = [];
  /** Set while we select the current row ourselves: that selection is not the user's, the chat stays where it is. */
  private revealing = 0;
  private revealTimer: ReturnType<typeof setTimeout> | undefined;
  /** A move made in the tree (its command began at `since`): the next reveal moves the tree's focus too, then runs `then`. */
  private followingMove: { since: number; then: (() => void) | undefined } | undefined;
  /** When the user last clicked or typed in the chat's input (Date.now()). */
  private inputUsedAt = 0;

  constructor(private readonly deps: SessionTreeDeps) {
    this.provider = new SessionTreeProvider(deps.current, parseTreeFilter(deps.state.get<unknown>(FILTER_KEY)));
    this.view = vscode.window.createTreeView(SESSION_TREE_VIEW, { treeDataProvider: this.provider, showCollapseAll: true, canSelectMany: true });
    this.disposables.push(
      this.provider,
      this.view,
      // A rename arrives as a refresh: the name beside the title follows it.
      this.provider.onDidRefresh(() => {
        this.showDescription();
        this.revealSoon();
      }),
      { dispose: () => clearTimeout(this.revealTimer) },
      this.view.onDidChangeSelection((event) => this.selected(event.selection)),
    );
    this.showFilter();
  }

  /** Selects and shows the current position's row; without focus unless asked (the command). */
  async revealCurrent(focus: boolean): Promise<void> {
    if (!this.view.visible && !focus) return;
    const element = this.provider.currentElement();
    if (!element) return;
    this.revealing++;
    try {
      await this.view.reveal(element, { select: true, focus, expand: false });
    } catch {
      // The row went away while VS Code resolved it (another change came in): the next change reveals again.
    } finally {
      this.revealing--;
    }
  }

  async setFilter(filter: TreeFilter): Promise<void> {
    const shown = this.provider.currentFilter;
    if (shown.mode === filter.mode && shown.showSettings === filter.showSettings) return;
    this.provider.setFilter(filter);
    this.showFilter();
    await this.deps.state.update(FILTER_KEY, filter);
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
  }

  /**
   * Reveals the position once a burst of changes is over and VS Code has taken in the refresh (it
   * batches refreshes for a moment; revealing a row of a tree it is about to re-read fails).
   */
  private revealSoon(): void {
    clearTimeout(this.revealTimer);
    this.revealTimer = setTimeout(() => void this.revealNow(), REVEAL_DELAY_MS);
  }

  /**
   * After a move made in the tree, the tree's focus (where its keyboard goes on from) follows the
   * selection to the ● row: VS Code moves a tree's focus only with the DOM focus, so the reveal
   * takes that too, and `then` hands it on (to the chat's input when the move filled it) — the
   * user stays where the move put them. A move made elsewhere (the chat, a search) selects the row
   * and leaves the focus alone.
   */
  followMove(since: number, then?: () => void): void {
    this.followingMove = { since, then };
    this.revealSoon();
  }

  /**
   * The user clicked or typed in the chat's input: the focus of a move begun before gives way (the
   * row is selected all the same), or the keys they type next would land in the tree. A click there
   * while the move is still being made (its files restored, say) counts too.
   */
  inputUsed(): void {
    this.inputUsedAt = Date.now();
  }

  private async revealNow(): Promise<void> {
    const follow = this.followingMove;
    this.followingMove = undefined;
    // A click in the chat's input just before now may still be on its way (a busy host): its word comes first.
    if (follow && this.view.visible) await this.deps.inputSettled();
    // Several rows the user selected (to hide them together, say) stay selected while the ● is among them.
    if (!follow && this.selectionHoldsCurrent()) return;
    if (!follow || !this.view.visible || this.inputUsedAt >= follow.since) return this.revealCurrent(false);
    await this.revealCurrent(true);
    follow.then?.();
  }

  private selectionHoldsCurrent(): boolean {
    const current = this.provider.currentElement()?.entry.id;
    const selection = this.view.selection;
    return selection.length > 1 && selection.some((element) => element.kind === 'entry' && element.entry.id === current);
  }

  private selected(selection: readonly TreeElement[]): void {
    const element = selection[0];
    if (this.revealing > 0 || element?.kind !== 'entry' || !element.node.onActivePath) return;
    this.deps.revealInChat(element.entry.id);
  }

  /** The filter beside the view's title and in the menus' context key (only when it changes: a context key is a round trip). */
  private showFilter(): void {
    this.showDescription();
    void vscode.commands.executeCommand('setContext', SETTINGS_SHOWN_KEY, this.provider.currentFilter.showSettings);
  }

  /** The session's name and the filter, beside the view's title. */
  private showDescription(): void {
    const parts = [this.deps.current.session?.sessionName, filterDescription(this.provider.currentFilter)];
    this.view.description = parts.filter((part) => part !== undefined).join(' · ');
  }

  /** The view's commands (filter, reveal), for the command table. */
  commands() {
    const mode = (next: TreeFilterMode) => () => this.setFilter({ ...this.provider.currentFilter, mode: next });
    const settings = (shown: boolean) => () => this.setFilter({ ...this.provider.currentFilter, showSettings: shown });
    return {
      treeFilter: () => this.pickFilter(),
      treeShowAll: mode('all'),
      treeShowUserMessages: mode('user'),
      treeShowLabeled: mode('labeled'),
      treeShowSettingsEntries: settings(true),
      treeHideSettingsEntries: settings(false),
      treeRevealCurrent: () => this.revealCurrent(true),
    } satisfies SomeCommands;
  }

  private async pickFilter(): Promise<void> {
    const filter = this.provider.currentFilter;
    type Item = vscode.QuickPickItem & { apply?: TreeFilter };
    const modeItem = (mode: TreeFilterMode): Item => ({
      label: `${filter.mode === mode ? '$(check)' : '$(blank)'} ${MODE_LABELS[mode]}`,
      apply: { ...filter, mode },
    });
    const items: Item[] = [
      modeItem('all'),
      modeItem('user'),
      modeItem('labeled'),
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      {
        label: `${filter.showSettings ? '$(check)' : '$(blank)'} Show settings entries`,
        description: 'labels, model and thinking changes, session names, extension entries (with All entries)',
        apply: { ...filter, showSettings: !filter.showSettings },
      },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: 'Filter the Session Tree', placeHolder: 'Which entries to show' });
    if (picked?.apply) await this.setFilter(picked.apply);
  }
}
