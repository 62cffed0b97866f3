/**
 * What the latest compaction on the branch put in the context, for the meter's breakdown: the
 * pinned section its summary carries, and how many of the messages after the summary are the ones
 * it kept verbatim (the rest came after it), as the context holds them: after the context edits
 * in force, and without the kept range's system messages (the compaction's checkpoint replaces them).
 */
import { pinnedSectionOf } from '../compaction';
import { projectPath, type CompactionEntry, type SessionEntry } from '../session';
import { contextEditSavings, type TokenEstimator } from '../tokens';

export interface CompactionShape {
  pinnedText: string;
  keptCount: number;
}

export const NO_COMPACTION: CompactionShape = { pinnedText: '', keptCount: 0 };

export function compactionShape(path: readonly SessionEntry[], compaction: CompactionEntry | undefined): CompactionShape {
  if (!compaction) return NO_COMPACTION;
  const index = path.lastIndexOf(compaction);
  if (index < 0) return NO_COMPACTION;
  // The context lists the compaction, then its kept entries, then the path after it (from path[index + 1]).
  const { entries } = projectPath(path);
  const after = path[index + 1];
  let keptCount = 0;
  for (let i = 1; i < entries.length && entries[i]!.entry !== after; i++) keptCount += entries[i]!.messages.length;
  return { pinnedText: pinnedSectionOf(compaction), keptCount };
}

/** The compaction's shape and what the context edits leave out (only counted when the view holds edits). */
export function contextShape(path: readonly SessionEntry[], compaction: CompactionEntry | undefined, edited: boolean, estimator: TokenEstimator): CompactionShape & { editSavings: number } {
  return { ...compactionShape(path, compaction), editSavings: edited ? contextEditSavings(path, estimator) : 0 };
}
