/**
 * What `arbor cut-point` is compared with: pi 1.6's `prepareCompaction` on the same branch (it cuts
 * the edited context after the latest compaction). Arbor answers the same first kept entry; the one
 * documented difference is `split`: when the cut pulls in entries that give the model nothing
 * (settings, labels, edits, hidden entries) before a turn start, pi classifies the pulled-in entry
 * and calls the previous turn a prefix, Arbor classifies the first entry that gives the model a
 * message and splits nothing.
 *
 * What an entry contributes is asked of pi itself (`buildSessionProjection`, `estimateTokens`).
 */
import type { PiModule } from './piOracle';

export type Fix = 'split';
export const FIXES: readonly Fix[] = ['split'];

interface Entry {
  id: string;
  type: string;
}

interface ProjectedByPi {
  sourceEntry: Entry;
  messages: { role: string }[];
}

/** pi's projection of the branch (the context at its last entry), entry by entry. */
export function piProjection(pi: PiModule, branch: readonly Entry[]): ProjectedByPi[] {
  const last = branch[branch.length - 1];
  if (!last) return [];
  return (pi.buildSessionProjection(branch as never, last.id).entries as unknown as ProjectedByPi[]);
}

/** pi's estimate of what an entry puts in front of the model, as written (for choosing budgets). */
export function entryWeight(pi: PiModule, e: Entry): number {
  return (pi.sessionEntryToContextMessages(e as never) as unknown[]).reduce((sum: number, message) => sum + pi.estimateTokens(message as never), 0);
}

/** Tokens of a branch as written, a compaction weighing nothing (for choosing budgets). */
export function keptWeight(pi: PiModule, entries: readonly Entry[], from: number): number {
  let total = 0;
  for (let i = from; i < entries.length; i++) if (entries[i]!.type !== 'compaction') total += entryWeight(pi, entries[i]!);
  return total;
}

/** pi's estimate of the context from the entry `firstKeptEntryId` to the end, as edited (what `keptTokens` reports). */
export function projectedKeptWeight(pi: PiModule, projection: readonly ProjectedByPi[], firstKeptEntryId: string): number {
  const from = projection.findIndex((entry) => entry.sourceEntry.id === firstKeptEntryId);
  let total = 0;
  for (let i = Math.max(from, 0); i < projection.length; i++) for (const message of projection[i]!.messages) total += pi.estimateTokens(message as never);
  return total;
}

/**
 * Whether a split pi reports and Arbor does not is the documented `split` case: the kept region
 * starts with entries that give the model nothing, and the first one that does starts a turn.
 */
export function isSplitCase(projection: readonly ProjectedByPi[], firstKeptEntryId: string): boolean {
  const from = projection.findIndex((entry) => entry.sourceEntry.id === firstKeptEntryId);
  if (from < 0 || projection[from]!.messages.length > 0) return false;
  const first = projection.slice(from).find((entry) => entry.messages.length > 0);
  return first !== undefined && first.messages.some((message) => ['user', 'bashExecution', 'custom', 'branchSummary'].includes(message.role));
}
