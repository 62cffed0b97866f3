/**
 * "Compact up to here": a compaction whose span ends at an entry the user chose rather than where
 * the `keepRecentTokens` budget falls. Everything up to and including that entry is summarized;
 * the kept region starts at the first valid cut point after it. Cut points are never tool
 * results, so a tool call and its results always land on the same side of the cut.
 */
import type { ProjectedEntry } from '../session';
import { isValidCutPoint, settleCut, type CutPoint } from './cutPoint';

/** Why there is no cut after the chosen entry. */
export type ExplicitCutProblem =
  /** The entry is not on the current branch (compaction only ever works on it). */
  | 'not-on-branch'
  /** Nothing up to the entry is left to summarize (an earlier compaction covers it, or it holds no message). */
  | 'nothing-before'
  /** No message follows the entry on the branch: nothing would be kept verbatim. */
  | 'nothing-after';

export type ExplicitCut = { kind: 'cut'; cut: CutPoint } | { kind: 'problem'; problem: ExplicitCutProblem };

/**
 * The cut for a span [startIndex, …] that must include the entry `entryId` and nothing after the
 * first cut point that follows it. `startIndex` is where the span starts (after an earlier
 * compaction's summarized part); `endIndex` is exclusive.
 */
export function cutAfterEntry(entries: readonly ProjectedEntry[], startIndex: number, endIndex: number, entryId: string): ExplicitCut {
  const index = entries.findIndex((entry, i) => i < endIndex && entry.entry.id === entryId);
  if (index < 0) return { kind: 'problem', problem: 'not-on-branch' };
  if (!hasContextIn(entries, startIndex, index + 1)) return { kind: 'problem', problem: 'nothing-before' };
  for (let i = index + 1; i < endIndex; i++) {
    if (!isValidCutPoint(entries[i]!)) continue;
    const settled = settleCut(entries, startIndex, i);
    // Settings or labels between the entry and the cut point stay kept; the entry itself never does.
    return { kind: 'cut', cut: { ...settled, firstKeptEntryIndex: Math.max(settled.firstKeptEntryIndex, index + 1) } };
  }
  return { kind: 'problem', problem: 'nothing-after' };
}

function hasContextIn(entries: readonly ProjectedEntry[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (entries[i]!.messages.length > 0) return true;
  return false;
}
