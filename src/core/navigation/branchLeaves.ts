/**
 * The branches of a session as "Switch Branch…" lists them: one per leaf (an entry with no
 * children; Arbor's position markers do not count as children, nor as leaves), newest first, each
 * with the first line of its last user or assistant message.
 *
 * Newest first means later in the file first: the file is append-only, so a leaf further down was
 * written later, whatever the clocks of the programs that wrote it said. The branch worked on last
 * is the one most often wanted back; tree order would put old experiments of a long session first.
 */
import { firstLine, isPositionMarker, messageRole, messageText, type SessionEntry, type SessionTree } from '../session';

export interface BranchLeaf {
  /** Where picking the branch navigates. */
  entryId: string;
  /** Role of the message `text` comes from; undefined when the branch has no user or assistant text. */
  role: 'user' | 'assistant' | undefined;
  /** First line of the branch's last user or assistant message with text; '' when there is none. */
  text: string;
  /** The label nearest the leaf on the branch's own part (below its last branch point). */
  label: string | undefined;
  /** The current position is this leaf. */
  current: boolean;
  /** The current position lies on this branch before its leaf: going there leaves nothing behind. */
  ahead: boolean;
  /** User and assistant messages on the path root→leaf. */
  messages: number;
}

interface Walk {
  entry: SessionEntry;
  messages: number;
  label: string | undefined;
  /** The current position is this entry or one of its ancestors. */
  pastPosition: boolean;
}

/** Every leaf of `tree`, newest first. One pass over the tree, iterative (sessions can be deep). */
export function branchLeaves(tree: SessionTree, leafId: string | null, maxText = 100): BranchLeaf[] {
  const found = new Map<string, BranchLeaf>();
  const start = (entries: readonly SessionEntry[], from: Omit<Walk, 'entry'>): Walk[] => {
    const kids = entries.filter((entry) => !isPositionMarker(entry));
    // Below a branch point the branch's own label starts afresh: the ones above are shared.
    const label = kids.length > 1 ? undefined : from.label;
    return kids.map((entry) => ({ ...from, label, entry }));
  };
  const work = start(tree.roots, { messages: 0, label: undefined, pastPosition: false });
  for (let step = work.pop(); step; step = work.pop()) {
    const { entry } = step;
    const role = messageRole(entry);
    const here: Walk = {
      entry,
      messages: step.messages + (role === 'user' || role === 'assistant' ? 1 : 0),
      label: tree.labelOf(entry.id)?.label ?? step.label,
      pastPosition: step.pastPosition || entry.id === leafId,
    };
    const next = start(tree.childrenOf(entry.id), here);
    if (next.length === 0) found.set(entry.id, leafOf(tree, here, leafId, maxText));
    // One by one: an entry may have hundreds of thousands of children, too many for push(...next).
    for (const item of next) work.push(item);
  }
  const newestFirst: BranchLeaf[] = [];
  for (let i = tree.entries.length - 1; i >= 0; i--) {
    const leaf = found.get(tree.entries[i]!.id);
    if (leaf) newestFirst.push(leaf);
  }
  return newestFirst;
}

function leafOf(tree: SessionTree, walk: Walk, leafId: string | null, maxText: number): BranchLeaf {
  const current = walk.entry.id === leafId;
  const last = lastSpoken(tree, walk.entry);
  return {
    entryId: walk.entry.id,
    role: last ? (messageRole(last) as 'user' | 'assistant') : undefined,
    text: last ? firstLine(textOf(last), maxText) : '',
    label: walk.label,
    current,
    ahead: walk.pastPosition && !current,
    messages: walk.messages,
  };
}

/** The last user or assistant message with text on the path to `leaf` (looked up from the leaf: a few steps, usually). */
function lastSpoken(tree: SessionTree, leaf: SessionEntry): SessionEntry | undefined {
  for (let entry: SessionEntry | undefined = leaf; entry; ) {
    if (hasText(entry)) return entry;
    const parent = tree.parentOf(entry.id);
    entry = parent === null ? undefined : tree.get(parent);
  }
  return undefined;
}

function hasText(entry: SessionEntry): boolean {
  const role = messageRole(entry);
  return (role === 'user' || role === 'assistant') && textOf(entry).trim() !== '';
}

function textOf(entry: SessionEntry): string {
  return entry.type === 'message' ? messageText(entry.message as never, '\n') : '';
}
