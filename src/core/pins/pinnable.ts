/** Which entries can be pinned, and the text a pin carries: the message's role and its text. */
import { describeEntry, type SessionEntry } from '../session';

export interface PinnedMessage {
  id: string;
  /** "user", "assistant", "tool read", "bash", a custom type, "branch summary". */
  role: string;
  text: string;
}

/** Messages, custom messages and branch summaries; not bookkeeping entries nor compactions (their summary is carried anyway). */
export function isPinnable(entry: SessionEntry): boolean {
  return entry.type === 'message' || entry.type === 'custom_message' || entry.type === 'branch_summary';
}

export function pinnedMessageOf(entry: SessionEntry): PinnedMessage | undefined {
  if (!isPinnable(entry)) return undefined;
  const described = describeEntry(entry);
  return { id: entry.id, role: described.tag, text: described.text };
}

/**
 * The pinned messages a compaction that keeps from path index `firstKeptIndex` must carry: every
 * pinned entry before it on the path — the ones this compaction summarizes and the ones earlier
 * compactions did (their summaries are summarized again, so their pinned sections are rebuilt here
 * rather than trusted to the model).
 */
export function pinnedBefore(path: readonly SessionEntry[], firstKeptIndex: number, pinned: ReadonlySet<string>): PinnedMessage[] {
  if (pinned.size === 0) return [];
  const found: PinnedMessage[] = [];
  for (let i = 0; i < firstKeptIndex && i < path.length; i++) {
    const entry = path[i]!;
    if (!pinned.has(entry.id)) continue;
    const message = pinnedMessageOf(entry);
    if (message) found.push(message);
  }
  return found;
}
