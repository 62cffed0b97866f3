/**
 * The branches of a session as "Switch Branch…" lists them: one per leaf (an entry with no
 * children; Arbor's position markers do not count as children, nor as leaves), newest first, each
 * with where it leaves the others (its first own user message below its last branch point), its
 * last user or assistant message, when it was last written to, its label and its size.
 *
 * Newest first means later in the file first: the file is append-only, so a leaf further down was
 * written later, whatever the clocks of the programs that wrote it said. The branch worked on last
 * is the one most often wanted back; tree order would put old experiments of a long session first.
 */
import { isPositionMarker, messageRole, messageText, userText, type SessionEntry, type SessionTree } from '../session';
import { plainFirstLine } from '../util/markdownText';

export interface BranchLeaf {
  /** Where picking the branch navigates. */
  entryId: string;
  /** Role of the message `text` comes from; undefined when the branch has no user or assistant text. */
  role: 'user' | 'assistant' | undefined;
  /** First line of the branch's last user or assistant message with text, as plain words; '' when there is none. */
  text: string;
  /**
   * Where the branch leaves the others: the first line of its first own user message with text
   * (below its last branch point), else of its first own message with text; '' when it has none.
   */
  divergence: string;
  /** The label nearest the leaf on the branch's own part (below its last branch point). */
  label: string | undefined;
  /** The current position is this leaf. */
  current: boolean;
  /** The current position lies on this branch before its leaf: going there leaves nothing behind. */
  ahead: boolean;
  /** User and assistant messages on the path root→leaf. */
  messages: number;
  /** When the leaf was written (its entry's timestamp, ms); undefined when it cannot be read. */
  time: number | undefined;
}

/** What the walk carries down from an entry to its children. */
interface Walk {
  entry: SessionEntry;
  messages: number;
  label: string | undefined;
  /** The current position is this entry or one of its ancestors. */
  pastPosition: boolean;
  /** The last user or assistant message with text at or above this entry. */
  lastSpoken: SessionEntry | undefined;
  /** The branch's first own user message with text, and its first own message with text (below the last branch point). */
  ownUser: SessionEntry | undefined;
  ownAny: SessionEntry | undefined;
}

/**
 * Every leaf of `tree`, newest first. One pass over the tree, iterative (sessions can be deep),
 * carrying what each leaf needs down the walk, so nothing is looked up again per leaf.
 */
export function branchLeaves(tree: SessionTree, leafId: string | null, maxText = 100): BranchLeaf[] {
  const found = new Map<string, BranchLeaf>();
  const start = (entries: readonly SessionEntry[], from: Omit<Walk, 'entry'>): Walk[] => {
    const kids = entries.filter((entry) => !isPositionMarker(entry));
    // Below a branch point the branch's own part starts afresh: label and first message above it are shared.
    const fresh = kids.length > 1 ? { label: undefined, ownUser: undefined, ownAny: undefined } : {};
    return kids.map((entry) => ({ ...from, ...fresh, entry }));
  };
  const work = start(tree.roots, { messages: 0, label: undefined, pastPosition: false, lastSpoken: undefined, ownUser: undefined, ownAny: undefined });
  for (let step = work.pop(); step; step = work.pop()) {
    const { entry } = step;
    const role = messageRole(entry);
    const spoken = hasText(entry);
    const here: Walk = {
      entry,
      messages: step.messages + (role === 'user' || role === 'assistant' ? 1 : 0),
      label: tree.labelOf(entry.id)?.label ?? step.label,
      pastPosition: step.pastPosition || entry.id === leafId,
      lastSpoken: spoken ? entry : step.lastSpoken,
      ownUser: step.ownUser ?? (spoken && role === 'user' ? entry : undefined),
      ownAny: step.ownAny ?? (spoken ? entry : undefined),
    };
    const next = start(tree.childrenOf(entry.id), here);
    if (next.length === 0) found.set(entry.id, leafOf(here, leafId, maxText));
    // One by one: `push(...next)` with a hostile entry's million children would overflow the call's arguments.
    for (const child of next) work.push(child);
  }
  const newestFirst: BranchLeaf[] = [];
  for (let i = tree.entries.length - 1; i >= 0; i--) {
    const leaf = found.get(tree.entries[i]!.id);
    if (leaf) newestFirst.push(leaf);
  }
  return newestFirst;
}

function leafOf(walk: Walk, leafId: string | null, maxText: number): BranchLeaf {
  const current = walk.entry.id === leafId;
  const last = walk.lastSpoken;
  const own = walk.ownUser ?? walk.ownAny;
  const time = Date.parse(walk.entry.timestamp);
  return {
    entryId: walk.entry.id,
    role: last ? (messageRole(last) as 'user' | 'assistant') : undefined,
    text: last ? plainFirstLine(textOf(last), maxText) : '',
    divergence: own ? plainFirstLine(textOf(own), maxText) : '',
    label: walk.label,
    current,
    ahead: walk.pastPosition && !current,
    messages: walk.messages,
    time: Number.isNaN(time) ? undefined : time,
  };
}

function hasText(entry: SessionEntry): boolean {
  const role = messageRole(entry);
  return (role === 'user' || role === 'assistant') && textOf(entry).trim() !== '';
}

function textOf(entry: SessionEntry): string {
  if (entry.type !== 'message') return '';
  // A user message reads as the words typed, not the file blocks sent before them.
  return messageRole(entry) === 'user' ? userText((entry.message as { content?: never }).content) : messageText(entry.message as never, '\n');
}
