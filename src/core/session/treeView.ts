/**
 * Shapes of the tree for display (BRANCHING §9.2). `getTree` is pi's node tree (children sorted
 * by entry timestamp); `getDisplayTree` is what Arbor's tree view shows: a linear run of entries
 * is one flat list, and only a branch point nests — each of its children heads a list holding the
 * rest of its branch. The branch holding the current position is listed first.
 * All walks are iterative: a session can be a 100 000-entry chain.
 */
import { isPositionMarker } from './position';
import type { SessionTree } from './tree';
import type { SessionEntry } from './types';

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
    work.push(...node.children);
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
  const work = [...tree.childrenOf(parent)].reverse();
  for (let entry = work.pop(); entry; entry = work.pop()) {
    if (!hide(entry)) result.push(entry);
    else work.push(...[...tree.childrenOf(entry.id)].reverse());
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
