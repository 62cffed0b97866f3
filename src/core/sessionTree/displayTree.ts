/**
 * Shapes of the tree for display (ordered as pi's /tree). `getTree` is pi's node tree (children sorted
 * by entry timestamp); `getDisplayTree` is what Arbor's tree view shows: a linear run of entries
 * is one flat list, and only a branch point nests — each of its children heads a list holding the
 * rest of its branch. The branch holding the current position is listed first.
 * All walks are iterative: a session can be a 100 000-entry chain.
 */
import { isPositionMarker, type SessionEntry, type SessionTree } from '../session';

export interface TreeNode {
  entry: SessionEntry;
  children: TreeNode[];
  label?: string;
  labelTimestamp?: string;
}

export interface DisplayNode {
  entry: SessionEntry;
  label: string | undefined;
  /** On the path root→current position. */
  onActivePath: boolean;
  /** The current position itself. */
  isLeaf: boolean;
  /** Set on branch points (one head per branch) and on branch heads (the rest of their branch). */
  children: DisplayNode[];
}

export interface DisplayOptions {
  /** Entries to leave out; their visible descendants attach to the nearest visible ancestor. */
  hide?: (entry: SessionEntry) => boolean;
}

/** pi's `getTree()`: roots in file order, children by timestamp (ties keep file order). */
export function getTree(tree: SessionTree): TreeNode[] {
  const nodeOf = (entry: SessionEntry): TreeNode => {
    const node: TreeNode = { entry, children: [] };
    const label = tree.labelOf(entry.id);
    if (label) {
      node.label = label.label;
      node.labelTimestamp = label.timestamp;
    }
    return node;
  };
  const roots = tree.roots.map(nodeOf);
  const work = [...roots];
  for (let node = work.pop(); node; node = work.pop()) {
    node.children = sortByTime(tree.childrenOf(node.entry.id)).map(nodeOf);
    // One by one: an entry may have hundreds of thousands of children, too many for push(...).
    for (const child of node.children) work.push(child);
  }
  return roots;
}

/** Hides Arbor's position markers, which are bookkeeping, not conversation. */
export const hidePositionMarkers = (entry: SessionEntry): boolean => isPositionMarker(entry);

export function getDisplayTree(tree: SessionTree, leafId: string | null, options: DisplayOptions = {}): DisplayNode[] {
  const hide = options.hide ?? hidePositionMarkers;
  const active = new Set(tree.pathTo(leafId).map((entry) => entry.id));
  const visibleChildren = (parent: string | null): readonly SessionEntry[] => orderSiblings(visibleKids(tree, parent, hide), active);
  const display = (entry: SessionEntry): DisplayNode => ({
    entry,
    label: tree.labelOf(entry.id)?.label,
    onActivePath: active.has(entry.id),
    isLeaf: entry.id === leafId,
    children: [],
  });

  type Task = { kind: 'run'; into: DisplayNode[]; start: SessionEntry } | { kind: 'branches'; into: DisplayNode[]; heads: readonly SessionEntry[] };
  const top: DisplayNode[] = [];
  const roots = visibleChildren(null);
  const work: Task[] = roots.length === 1 ? [{ kind: 'run', into: top, start: roots[0]! }] : [{ kind: 'branches', into: top, heads: roots }];
  for (let task = work.pop(); task; task = work.pop()) {
    if (task.kind === 'branches') {
      for (const head of task.heads) {
        const node = display(head);
        task.into.push(node);
        const kids = visibleChildren(head.id);
        if (kids.length === 1) work.push({ kind: 'run', into: node.children, start: kids[0]! });
        else if (kids.length > 1) work.push({ kind: 'branches', into: node.children, heads: kids });
      }
      continue;
    }
    // A run: follow single children, flat, until a branch point or the end.
    for (let entry: SessionEntry | undefined = task.start; entry; ) {
      const node = display(entry);
      task.into.push(node);
      const kids = visibleChildren(entry.id);
      if (kids.length > 1) work.push({ kind: 'branches', into: node.children, heads: kids });
      entry = kids.length === 1 ? kids[0] : undefined;
    }
  }
  return top;
}

/** Pre-order walk of display nodes with their nesting depth (for text renderings and tests). */
export function flattenDisplayTree(nodes: readonly DisplayNode[]): { node: DisplayNode; depth: number }[] {
  const rows: { node: DisplayNode; depth: number }[] = [];
  // One frame per open list (its nodes, the next index): no copy of a long run's list.
  const frames: { list: readonly DisplayNode[]; next: number }[] = [{ list: nodes, next: 0 }];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const node = frame.list[frame.next++];
    if (!node) {
      frames.pop();
      continue;
    }
    rows.push({ node, depth: frames.length - 1 });
    if (node.children.length > 0) frames.push({ list: node.children, next: 0 });
  }
  return rows;
}

function visibleKids(tree: SessionTree, parent: string | null, hide: (entry: SessionEntry) => boolean): readonly SessionEntry[] {
  const kids = tree.childrenOf(parent);
  // The usual case, nothing hidden: the children list itself, no copy (a long chain calls this per entry).
  if (!kids.some(hide)) return kids;
  const result: SessionEntry[] = [];
  const work = [...kids].reverse();
  for (let entry = work.pop(); entry; entry = work.pop()) {
    if (!hide(entry)) {
      result.push(entry);
      continue;
    }
    // Last child first, so the first is taken next; one by one (push(...) of a huge list overflows).
    const below = tree.childrenOf(entry.id);
    for (let index = below.length - 1; index >= 0; index--) work.push(below[index]!);
  }
  return result;
}

/** Siblings by entry time (ties keep file order), those on the active path first (pi's /tree order). */
export function orderSiblings(children: readonly SessionEntry[], active: ReadonlySet<string>): readonly SessionEntry[] {
  if (children.length < 2) return children;
  const sorted = sortByTime(children);
  return [...sorted.filter((entry) => active.has(entry.id)), ...sorted.filter((entry) => !active.has(entry.id))];
}

function sortByTime(entries: readonly SessionEntry[]): SessionEntry[] {
  const time = (entry: SessionEntry): number => Date.parse(entry.timestamp) || 0;
  // Array.prototype.sort is stable, so equal timestamps keep file order.
  return [...entries].sort((a, b) => time(a) - time(b));
}

/** One row of the lazily built display tree; its children are asked for when it is expanded. */
export interface LazyDisplayNode {
  entry: SessionEntry;
  label: string | undefined;
  onActivePath: boolean;
  isLeaf: boolean;
  /** Whether `childrenOf(entry.id)` gives anything (the row can be expanded). */
  hasChildren: boolean;
}

/**
 * The display tree of `getDisplayTree`, produced one level at a time: `childrenOf(null)` gives the
 * top rows, `childrenOf(id)` the rows nested under an entry's row, each computed only when asked
 * (a tree view asks as rows are expanded). An entry's place follows from the tree alone: it heads
 * a branch when its visible parent has several visible children (or it is one of several roots),
 * else it belongs to its parent's flat run. `rowsOf` yields a level row by row, so the first rows
 * of a 100 000-entry run come without walking the rest. Built for one tree and position: make a
 * new one when either changes.
 */
export class LazyDisplayTree {
  private readonly hide: (entry: SessionEntry) => boolean;
  private readonly active: ReadonlySet<string>;

  constructor(
    private readonly tree: SessionTree,
    private readonly leafId: string | null,
    options: DisplayOptions = {},
  ) {
    this.hide = options.hide ?? hidePositionMarkers;
    this.active = new Set(tree.pathTo(leafId).map((entry) => entry.id));
  }

  childrenOf(id: string | null): LazyDisplayNode[] {
    return [...this.rowsOf(id)];
  }

  /** The rows of one level, in order, produced as they are read. */
  *rowsOf(id: string | null): Generator<LazyDisplayNode> {
    if (id !== null && (!this.tree.has(id) || this.hide(this.tree.get(id)!))) return;
    const kids = this.visibleChildren(id);
    if (kids.length > 1) {
      for (const head of kids) yield this.node(head, true);
      return;
    }
    // One child: it starts a flat run — unless `id` itself is in a run, whose rest are its siblings.
    if (kids.length === 1 && (id === null || this.isHead(id))) yield* this.run(kids[0]!);
  }

  private *run(start: SessionEntry): Generator<LazyDisplayNode> {
    for (let entry: SessionEntry | undefined = start; entry; ) {
      const kids = this.visibleChildren(entry.id);
      yield this.node(entry, false, kids.length);
      entry = kids.length === 1 ? kids[0] : undefined;
    }
  }

  /** A branch head nests the rest of its branch; a run member nests only the branches that start at it. */
  private node(entry: SessionEntry, head: boolean, kidCount = this.visibleChildren(entry.id).length): LazyDisplayNode {
    return {
      entry,
      label: this.tree.labelOf(entry.id)?.label,
      onActivePath: this.active.has(entry.id),
      isLeaf: entry.id === this.leafId,
      hasChildren: head ? kidCount > 0 : kidCount > 1,
    };
  }

  /** Whether the entry has a row (it exists and the filter shows it). */
  isShown(id: string): boolean {
    const entry = this.tree.get(id);
    return entry !== undefined && !this.hide(entry);
  }

  /** The row that marks the position: the position's entry, or its nearest shown ancestor when it is hidden. */
  shownPosition(): string | null {
    let id = this.leafId;
    while (id !== null && !this.isShown(id)) id = this.tree.has(id) ? this.tree.parentOf(id) : null;
    return id;
  }

  /**
   * The row whose level holds `id`'s row (what `childrenOf` was asked to list it): null for the top
   * level, undefined for an entry without a row. A branch head sits under its branch point; a run
   * member under whatever row holds its run's first entry.
   */
  parentRowOf(id: string): string | null | undefined {
    if (!this.isShown(id)) return undefined;
    for (let child = id; ; ) {
      const parent = this.visibleParent(child);
      if (parent === null || this.visibleChildren(parent).length > 1 || this.isHead(parent)) return parent;
      child = parent;
    }
  }

  /** The nearest shown ancestor of an entry (null: none, its row is at the top). */
  shownParentOf(id: string): string | null {
    return this.visibleParent(id);
  }

  /** How many rows the filter shows directly below an entry (null: the roots), hidden entries skipped. */
  shownChildrenCount(id: string | null): number {
    return visibleKids(this.tree, id, this.hide).length;
  }

  private isHead(id: string): boolean {
    return this.visibleChildren(this.visibleParent(id)).length > 1;
  }

  private visibleParent(id: string): string | null {
    let parent = this.tree.parentOf(id);
    while (parent !== null && this.hide(this.tree.get(parent)!)) parent = this.tree.parentOf(parent);
    return parent;
  }

  private visibleChildren(parent: string | null): readonly SessionEntry[] {
    return orderSiblings(visibleKids(this.tree, parent, this.hide), this.active);
  }
}
