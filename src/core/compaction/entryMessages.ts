/**
 * Which message an entry contributes to a summary request. Slightly different from context
 * building (session/context.ts), as in pi: compaction collects an empty branch summary too and
 * skips compaction entries (the previous summary travels separately); branch summaries skip tool
 * results and include compaction summaries.
 */
import { entryToContextMessage, type AgentMessage, type SessionEntry } from '../session';

/** The message an entry adds to a compaction's span, if any (pi 0.73.1's rules). */
export function compactionMessageOf(entry: SessionEntry): AgentMessage | undefined {
  if (entry.type === 'branch_summary') {
    return { role: 'branchSummary', summary: String(entry.summary ?? ''), fromId: String(entry.fromId), timestamp: Date.parse(entry.timestamp) };
  }
  return entryToContextMessage(entry);
}

/** The message an entry adds to a branch summary, if any (pi 0.73.1's rules). */
export function branchMessageOf(entry: SessionEntry): AgentMessage | undefined {
  if (entry.type === 'compaction') {
    return { role: 'compactionSummary', summary: String(entry.summary ?? ''), tokensBefore: Number(entry.tokensBefore) || 0, timestamp: Date.parse(entry.timestamp) };
  }
  const message = compactionMessageOf(entry);
  return message?.role === 'toolResult' ? undefined : message;
}

/** Entries that put a message in front of the model (and so take room in the kept tail). */
export function bearsContext(entry: SessionEntry): boolean {
  return entry.type === 'message' || entry.type === 'custom_message' || entry.type === 'branch_summary';
}
