// The Session Tree view's data: the current session as core's lazy display tree, one level at a
// time (only the levels VS Code asks for are built), long levels paged into groups, and after each
// change only the levels it touched are refreshed (core's refreshForAdded decides which).
import * as vscode from 'vscode';
import { ContextMarkIndex, type Session, type SessionChange, type SessionEntry } from '../../core/session';
import {
  anchorOf,
  DEFAULT_TREE_FILTER,
  groupParts,
  groupsAround,
  hiddenBy,
  LazyDisplayTree,
  levelParts,
  refreshForAdded,
  toolCallFor,
  stepFiles,
  type GroupDirection,
  type LazyDisplayNode,
  type LevelPart,
  type TreeFilter,
  type TreeRefresh,
} from '../../core/sessionTree';
import type { CurrentSession } from '../currentSession/currentSession';
import { entryTreeItem, groupTreeItem } from './treeItem';
import { PinIndex } from '../../core/pins/pinIndex';

/** A row of an entry. `entry.id` is what the tree commands read (see commands/entryArg.ts). */
export interface EntryElement {
  readonly kind: 'entry';
  readonly entry: SessionEntry;
  node: LazyDisplayNode;
}

/** A collapsed group of a long level's rows (`from`..`to` of the level `owner`'s rows). */
export interface GroupElement {
  readonly kind: 'group';
  readonly id: string;
  readonly owner: string | null;
  readonly direction: GroupDirection;
  readonly from: number;
  readonly to: number;
}

export type TreeElement = EntryElement | GroupElement;

/**
 * Up to this many entries every row opens expanded, as pi's tree shows everything. Beyond, rows
 * open collapsed: VS Code reads every expanded level before it draws the first row, and a long
 * session's current branch nests through many branch points; revealing the position then opens
 * only the levels on its way.
 */
const EXPAND_ALL_UP_TO = 5_000;

export class SessionTreeProvider implements vscode.TreeDataProvider<TreeElement>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeElement | TreeElement[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly refreshed = new vscode.EventEmitter<void>();
  /** Fires after the display was rebuilt for a change (the position may have moved). */
  readonly onDidRefresh = this.refreshed.event;
  private session: Session | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private display: LazyDisplayTree | undefined;
  private mark: string | null = null;
  /** Which entries are pinned, read incrementally as entries are appended. */
  private readonly pins = new PinIndex();
  /** What the model does not see as written at the position (computed once per position). */
  private readonly contextMarks = new ContextMarkIndex();
  /** Rows of each level asked for since the last change; the same element object per id (VS Code refreshes by identity). */
  private readonly levels = new Map<string | null, LazyDisplayNode[]>();
  private readonly elements = new Map<string, EntryElement>();
  private readonly groups = new Map<string, GroupElement>();
  /** How often each level's children were asked for (the integration test checks that an append re-asks one level). */
  readonly childrenAsked = new Map<string | null, number>();

  constructor(
    current: CurrentSession,
    private filter: TreeFilter = DEFAULT_TREE_FILTER,
  ) {
    this.subscriptions.push(current.follow((event) => (event.kind === 'replaced' ? this.attach(event.session) : this.onChange(event.change))));
  }

  get currentFilter(): TreeFilter {
    return this.filter;
  }

  setFilter(filter: TreeFilter): void {
    this.filter = filter;
    this.rebuild();
    this.fire({ kind: 'all' });
  }

  /** The row that marks the current position (undefined without a session or position). */
  currentElement(): EntryElement | undefined {
    return this.mark === null ? undefined : this.elementFor(this.mark);
  }

  getChildren(element?: TreeElement): TreeElement[] {
    if (!this.display) return [];
    if (element?.kind === 'group') return this.elementsOf(element.owner, groupParts(element.direction, element.from, element.to));
    const owner = element ? element.entry.id : null;
    this.childrenAsked.set(owner, (this.childrenAsked.get(owner) ?? 0) + 1);
    const rows = this.level(owner);
    return this.elementsOf(owner, levelParts(rows.length, anchorOf(rows)));
  }

  getTreeItem(element: TreeElement): vscode.TreeItem {
    if (element.kind === 'group') return groupTreeItem(element);
    const tree = this.session?.tree;
    const call = tree ? toolCallFor(element.entry, (id) => tree.get(id)) : undefined;
    const labeledAt = element.node.label !== undefined ? tree?.labelOf(element.entry.id)?.timestamp : undefined;
    const files = tree ? stepFiles(tree, element.entry.id) : undefined;
    const pinned = tree !== undefined && this.pins.pinned(tree.entries).has(element.entry.id);
    const contextMark = this.session && this.contextMarks.marksAt(this.session).get(element.entry.id);
    const extras = { ...(call ? { call } : {}), ...(labeledAt ? { labeledAt } : {}), ...(files ? { files } : {}), ...(pinned ? { pinned } : {}), ...(contextMark ? { contextMark } : {}) };
    return entryTreeItem(element.entry, element.node, element.entry.id === this.mark, (tree?.size ?? 0) <= EXPAND_ALL_UP_TO, extras);
  }

  getParent(element: TreeElement): TreeElement | undefined {
    if (!this.display) return undefined;
    const owner = element.kind === 'group' ? element.owner : this.display.parentRowOf(element.entry.id);
    if (owner === undefined) return undefined;
    const rows = this.level(owner);
    const index = element.kind === 'group' ? element.from : rows.findIndex((row) => row.entry.id === element.entry.id);
    const groups = groupsAround(rows.length, anchorOf(rows), index);
    // A group's own entry in the list is followed by the groups inside it: its parent is the one before it.
    const enclosing = element.kind === 'group' ? groups.slice(0, groups.findIndex((group) => this.groupId(owner, group) === element.id)) : groups;
    const group = enclosing.at(-1);
    if (group) return this.groupElement(owner, group);
    return owner === null ? undefined : this.elementFor(owner);
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.changed.dispose();
    this.refreshed.dispose();
  }

  private attach(session: Session | undefined): void {
    this.session = session;
    this.elements.clear();
    this.rebuild();
    this.fire({ kind: 'all' });
  }

  private onChange(change: SessionChange): void {
    const before = this.display;
    // An edit (or a compaction) appended at the position changes the marks of some rows: those are refreshed.
    const remarked = this.session ? this.contextMarks.changed(this.session, change).map((changed) => changed.entryId) : [];
    this.rebuild();
    if (change.kind === 'move' || !before || !this.display) this.fire({ kind: 'all' });
    else this.fire(refreshForAdded(before, this.display, change.entry, this.filter, remarked));
  }

  private rebuild(): void {
    this.levels.clear();
    this.groups.clear();
    const session = this.session;
    if (!session) {
      this.display = undefined;
      this.mark = null;
      return;
    }
    const leaf = session.leafId;
    this.display = new LazyDisplayTree(session.tree, leaf, { hide: hiddenBy(this.filter, session.tree, leaf) });
    this.mark = this.display.shownPosition();
  }

  private fire(refresh: TreeRefresh): void {
    if (refresh.kind === 'all' || refresh.levels.includes(null)) this.changed.fire(undefined);
    else {
      // Rows VS Code never asked for need no refresh: it asks for them when they come into view.
      // The others get their node from the new display first: getTreeItem draws from it (a new label).
      const ids = [...refresh.levels, ...refresh.rows].filter((id): id is string => id !== null && this.elements.has(id));
      const known = ids.flatMap((id) => this.elementFor(id) ?? []);
      if (known.length > 0) this.changed.fire(known);
    }
    this.refreshed.fire();
  }

  private level(owner: string | null): LazyDisplayNode[] {
    let rows = this.levels.get(owner);
    if (!rows) {
      rows = this.display?.childrenOf(owner) ?? [];
      this.levels.set(owner, rows);
    }
    return rows;
  }

  private elementsOf(owner: string | null, parts: readonly LevelPart[]): TreeElement[] {
    const rows = this.level(owner);
    return parts.flatMap((part): TreeElement[] => (part.kind === 'group' ? [this.groupElement(owner, part)] : rows.slice(part.from, part.to).map((node) => this.entryElement(node))));
  }

  private entryElement(node: LazyDisplayNode): EntryElement {
    const known = this.elements.get(node.entry.id);
    if (known && known.entry === node.entry) {
      known.node = node;
      return known;
    }
    const element: EntryElement = { kind: 'entry', entry: node.entry, node };
    this.elements.set(node.entry.id, element);
    return element;
  }

  /** The element of an entry's row, found through its level when VS Code has not asked for it yet. */
  private elementFor(id: string): EntryElement | undefined {
    const owner = this.display?.parentRowOf(id);
    if (owner === undefined) return undefined;
    const node = this.level(owner).find((row) => row.entry.id === id);
    return node ? this.entryElement(node) : undefined;
  }

  private groupElement(owner: string | null, part: Extract<LevelPart, { kind: 'group' }>): GroupElement {
    const id = this.groupId(owner, part);
    let element = this.groups.get(id);
    if (!element) {
      element = { kind: 'group', id, owner, direction: part.direction, from: part.from, to: part.to };
      this.groups.set(id, element);
    }
    return element;
  }

  private groupId(owner: string | null, part: { direction: GroupDirection; from: number; to: number }): string {
    return `group:${owner ?? ''}:${part.direction}:${part.from}-${part.to}`;
  }
}

