/**
 * A reference model of the cut point on a raw path (what `arbor cut-point` answers), written from
 * pi 1.6's `findCutPoint` rules and Arbor's differences from them, each difference behind a
 * switch. With every switch off it must give pi 1.6's answer (the tests check that against pi's
 * `findCutPoint` on every comparison, which anchors the model); with every switch on it must give
 * Arbor's. When Arbor and pi differ, the switches whose removal changes the answer name the case.
 *
 * What an entry contributes is asked of pi itself (`sessionEntryToContextMessages`, `estimateTokens`).
 *
 * - `split`: the turn is classified by the first context-bearing entry of the kept region, so
 *   settings or labels pulled in before a user message do not make the previous turn a "prefix"
 *   (pi 1.6 still classifies the pulled-in entry).
 * - `compactions`: a compaction entry inside the path weighs nothing in the kept tail (pi weighs
 *   its summary and checkpoint).
 * - `pullBack`: the entries pulled in before the cut are everything up to the previous message or
 *   compaction, custom messages and branch summaries included (pi stops at any entry that gives
 *   the model a message).
 * - `emptySummaries`: a branch summary with an empty text is a cut point and a turn start (pi
 *   skips it: it gives the model nothing).
 */
import type { PiModule } from './piOracle';

export type Fix = 'split' | 'compactions' | 'pullBack' | 'emptySummaries';
export const FIXES: readonly Fix[] = ['split', 'compactions', 'pullBack', 'emptySummaries'];

interface Entry {
  type: string;
  message?: { role: string };
  content?: unknown;
  summary?: string;
}

export interface ModelCut {
  firstKeptEntryIndex: number;
  turnStartIndex: number;
  isSplitTurn: boolean;
}

const CUT_ROLES = new Set(['user', 'assistant', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary']);
const TURN_ROLES = new Set(['user', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary']);

type Messages = (e: Entry) => { role: string }[];

function roles(pi: PiModule): Messages {
  return (e) => pi.sessionEntryToContextMessages(e as never) as { role: string }[];
}

/** pi's estimate of what an entry puts in front of the model, as pi 1.6's findCutPoint weighs it. */
export function entryWeight(pi: PiModule, e: Entry): number {
  return roles(pi)(e).reduce((sum, message) => sum + pi.estimateTokens(message as never), 0);
}

/** Arbor's weight: message entries, custom messages and branch summaries; a compaction weighs nothing. */
export function arborWeight(pi: PiModule, e: Entry): number {
  return e.type === 'compaction' ? 0 : entryWeight(pi, e);
}

export function modelCutPoint(pi: PiModule, entries: readonly Entry[], keepRecent: number, fixes: ReadonlySet<Fix>): ModelCut {
  const messages = roles(pi);
  const emptySummary = (e: Entry): boolean => fixes.has('emptySummaries') && e.type === 'branch_summary';
  const isCutPoint = (e: Entry): boolean => e.type !== 'compaction' && (emptySummary(e) || messages(e).some((m) => CUT_ROLES.has(m.role)));
  const isTurnStart = (e: Entry): boolean => e.type !== 'compaction' && (emptySummary(e) || messages(e).some((m) => TURN_ROLES.has(m.role)));
  const weight = (e: Entry): number => (fixes.has('compactions') ? arborWeight(pi, e) : entryWeight(pi, e));
  const end = entries.length;
  const cutPoints = entries.map((e, i) => (isCutPoint(e) ? i : -1)).filter((i) => i >= 0);
  if (cutPoints.length === 0) return { firstKeptEntryIndex: 0, turnStartIndex: -1, isSplitTurn: false };
  let keptStart = cutPoints[0]!;
  let total = 0;
  for (let i = end - 1; i >= 0; i--) {
    const w = weight(entries[i]!);
    if (w === 0) continue;
    total += w;
    if (total < keepRecent) continue;
    keptStart = cutPoints.find((c) => c >= i) ?? cutPoints[cutPoints.length - 1]!;
    break;
  }
  const stopsPullBack = (e: Entry): boolean => (fixes.has('pullBack') ? e.type === 'message' || e.type === 'compaction' : e.type === 'compaction' || messages(e).length > 0);
  let cut = keptStart;
  while (cut > 0 && !stopsPullBack(entries[cut - 1]!)) cut--;
  let first = cut;
  if (fixes.has('split')) while (first < keptStart && !bearsMessage(entries[first]!)) first++;
  if (isTurnStart(entries[first]!)) return { firstKeptEntryIndex: cut, turnStartIndex: -1, isSplitTurn: false };
  let turnStart = -1;
  for (let i = cut; i >= 0 && turnStart === -1; i--) if (isTurnStart(entries[i]!)) turnStart = i;
  return { firstKeptEntryIndex: cut, turnStartIndex: turnStart, isSplitTurn: turnStart !== -1 };
}

/** Arbor's "context-bearing" entries (a message of any role, a custom message, a branch summary). */
function bearsMessage(e: Entry): boolean {
  return e.type === 'message' || e.type === 'custom_message' || e.type === 'branch_summary';
}

const same = (a: ModelCut, b: ModelCut): boolean => a.firstKeptEntryIndex === b.firstKeptEntryIndex && a.turnStartIndex === b.turnStartIndex && a.isSplitTurn === b.isSplitTurn;

/**
 * The differences that make Arbor's answer differ from pi's here: the smallest sets of switches
 * whose removal changes it (one name, or names joined by `+` when only together they matter).
 */
export function namedCases(pi: PiModule, entries: readonly Entry[], keepRecent: number): string[] {
  const all = modelCutPoint(pi, entries, keepRecent, new Set(FIXES));
  const subsets = Array.from({ length: 2 ** FIXES.length - 1 }, (_, mask) => FIXES.filter((_, bit) => ((mask + 1) >> bit) & 1));
  for (let size = 1; size <= FIXES.length; size++) {
    const named = subsets
      .filter((subset) => subset.length === size)
      .filter((subset) => !same(all, modelCutPoint(pi, entries, keepRecent, new Set(FIXES.filter((fix) => !subset.includes(fix))))));
    if (named.length > 0) return named.map((subset) => subset.join('+'));
  }
  return [];
}

/** Arbor's tokens of the entries from `from` to the end (what `keptTokens` reports). */
export function keptWeight(pi: PiModule, entries: readonly Entry[], from: number): number {
  let total = 0;
  for (let i = from; i < entries.length; i++) total += arborWeight(pi, entries[i]!);
  return total;
}
