// The Sessions view: this workspace's sessions folder, newest first, the open session marked.
// It lists again when the open session is replaced or grows (debounced: once per burst of
// appends, never per streamed token), when files in the folder change, and on Refresh.
import * as vscode from 'vscode';
import type { SessionSummary } from '../../core/session';
import { CachedCatalog } from '../../core/sessionList/cachedCatalog';
import { skippedFilesText } from '../../core/session/disk/sessionFiles';
import { sessionRow } from '../../core/sessionList/row';
import { onDidChangeConfig } from '../config';
import type { CurrentSession } from '../currentSession/currentSession';
import { sameFile } from './sessionArg';
import { COMMAND } from '../../shared/commands';
import type { Logger } from '../../core/util/logger';

/** Appends and file events closer together than this list the folder once. */
const REFRESH_DELAY_MS = 400;

export class SessionsView implements vscode.TreeDataProvider<SessionSummary>, vscode.Disposable {
  static readonly viewId = 'arbor.sessions';

  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];
  private watcher: vscode.FileSystemWatcher | undefined;
  private watchedDir: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The last listing, by file: search results name their sessions from it. */
  private listed = new Map<string, SessionSummary>();
  /** Only files that changed are read again when the view lists again; a FIFO or a device named like a session is logged once. */
  private readonly catalog = new CachedCatalog({ onSkipped: (skipped) => this.log.warn(`Sessions view: ${skippedFilesText(skipped)}`) });
  /** Every row handed to VS Code: a row command's argument must be one (a command link's JSON never is). */
  private readonly rows = new WeakSet<SessionSummary>();

  constructor(
    private readonly folder: () => string,
    private readonly current: CurrentSession,
    private readonly log: Logger,
  ) {
    this.disposables.push(
      current.follow((event) => {
        if (event.kind === 'changed') return this.refreshSoon();
        // A new session may have created the folder, which a watcher made before it existed may miss.
        this.watch(true);
        this.refresh();
      }),
      onDidChangeConfig(() => this.folderMayHaveMoved()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.folderMayHaveMoved()),
    );
  }

  /** Whether `value` is a row this view listed (its menus and clicks pass the row itself). */
  isRow(value: unknown): value is SessionSummary {
    return typeof value === 'object' && value !== null && this.rows.has(value as SessionSummary);
  }

  /** The summary of `file` from the last listing. */
  summaryOf(file: string): SessionSummary | undefined {
    return this.listed.get(file);
  }

  refresh(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.changed.fire(undefined);
  }

  refreshSoon(): void {
    this.timer ??= setTimeout(() => this.refresh(), REFRESH_DELAY_MS);
  }

  async getChildren(element?: SessionSummary): Promise<SessionSummary[]> {
    if (element) return [];
    const summaries = await this.list();
    for (const summary of summaries) this.rows.add(summary);
    return summaries;
  }

  /** This workspace's sessions, newest first, as the view lists them (Open Session… offers the same). */
  async list(): Promise<SessionSummary[]> {
    const summaries = await this.catalog.list(this.folder());
    this.listed = new Map(summaries.map((summary) => [summary.file, summary]));
    return summaries;
  }

  getTreeItem(summary: SessionSummary): vscode.TreeItem {
    const isCurrent = sameFile(this.current.session?.file, summary.file);
    const row = sessionRow(summary, new Date(), isCurrent);
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = summary.file;
    item.description = row.description;
    item.tooltip = new vscode.MarkdownString().appendText(row.tooltip);
    item.iconPath = new vscode.ThemeIcon(isCurrent ? 'comment-discussion' : 'comment');
    item.contextValue = 'session';
    item.command = { command: COMMAND.sessionsOpen, title: 'Open', arguments: [summary] };
    item.accessibilityInformation = { label: `${row.label}, ${row.description}` };
    return item;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.watcher?.dispose();
    for (const disposable of this.disposables) disposable.dispose();
    this.changed.dispose();
  }

  private folderMayHaveMoved(): void {
    if (this.folder() === this.watchedDir) return;
    this.watch();
    this.refresh();
  }

  /** Watches the folder's session files (created, changed by pi or another window, deleted). */
  private watch(again = false): void {
    const dir = this.folder();
    if (this.watcher && dir === this.watchedDir && !again) return;
    this.watcher?.dispose();
    this.watchedDir = dir;
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dir), '*.jsonl'));
    const soon = (): void => this.refreshSoon();
    this.watcher.onDidCreate(soon);
    this.watcher.onDidChange(soon);
    this.watcher.onDidDelete(soon);
  }
}
