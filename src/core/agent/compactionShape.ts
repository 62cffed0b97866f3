/**
 * What the latest compaction on the branch put in the context, for the meter's breakdown: the
 * pinned section its summary carries, and how many of the messages after the summary are the ones
 * it kept verbatim (the rest came after it).
 */
import { pinnedSectionOf } from '../compaction';
import { entryToContextMessage, type CompactionEntry, type SessionEntry } from '../session';

export interface CompactionShape {
  pinnedText: string;
  keptCount: number;
}

export const NO_COMPACTION: CompactionShape = { pinnedText: '', keptCount: 0 };

export function compactionShape(path: readonly SessionEntry[], compaction: CompactionEntry | undefined): CompactionShape {
  if (!compaction) return NO_COMPACTION;
  const index = path.lastIndexOf(compaction);
  if (index < 0) return NO_COMPACTION;
  const pinnedText = pinnedSectionOf(compaction);
  let keptCount = 0;
  let keeping = false;
  for (let i = 0; i < index; i++) {
    const entry = path[i]!;
    if (entry.id === compaction.firstKeptEntryId) keeping = true;
    if (keeping && entryToContextMessage(entry)) keptCount++;
  }
  return { pinnedText, keptCount };
}

