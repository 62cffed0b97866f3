/**
 * What the compactions on a path summarized: every entry before the latest kept boundary. Spans
 * are cumulative (each compaction starts where the previous one kept from), so the furthest first
 * kept entry of any compaction on the path bounds them all. Never the kept part, never an entry of
 * another branch (only the path is looked at).
 */
import type { SessionEntry } from '../session';

/** Path index of the first entry no compaction on the path summarized; 0 without a compaction. */
export function summarizedEnd(path: readonly SessionEntry[]): number {
  const index = new Map<string, number>();
  let end = 0;
  for (let i = 0; i < path.length; i++) {
    const entry = path[i]!;
    index.set(entry.id, i);
    if (entry.type !== 'compaction') continue;
    const kept = typeof entry.firstKeptEntryId === 'string' ? index.get(entry.firstKeptEntryId) : undefined;
    // A first kept entry not before the compaction on this path (a foreign file): it summarized everything before it.
    end = Math.max(end, kept ?? i);
  }
  return end;
}

export function holdsCompaction(path: readonly SessionEntry[]): boolean {
  return path.some((entry) => entry.type === 'compaction');
}
