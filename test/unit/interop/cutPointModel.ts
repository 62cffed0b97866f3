/**
 * A reference model of the cut point, written from pi's rules and the documented fixes, with
 * each fix behind a switch. With every switch off it must give pi 0.73.1's answer (the tests
 * check that against pi's `findCutPoint` on every comparison, which anchors the model); with every
 * switch on it must give Arbor's. When Arbor and pi differ, the switches whose removal changes the
 * answer name the case.
 *
 * - `weights`: custom_message and branch_summary entries weigh in the kept tail.
 * - `trailing`: a budget crossed inside trailing tool results cuts at the
 *   last cut point before the crossing instead of keeping everything.
 * - `split`: the turn is classified by the first context-bearing entry
 *   of the kept region; bash runs, custom messages (entries and legacy role `custom`) and branch
 *   summaries start a turn.
 */
import type { PiModule } from './piOracle';

export type Fix = 'weights' | 'trailing' | 'split';
export const FIXES: readonly Fix[] = ['weights', 'trailing', 'split'];

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

const isCutPoint = (e: Entry): boolean => e.type === 'branch_summary' || e.type === 'custom_message' || (e.type === 'message' && CUT_ROLES.has(e.message!.role));
const bearsContext = (e: Entry): boolean => e.type === 'message' || e.type === 'custom_message' || e.type === 'branch_summary';
const arborTurnStart = (e: Entry): boolean =>
  e.type === 'branch_summary' || e.type === 'custom_message' || (e.type === 'message' && ['user', 'bashExecution', 'custom'].includes(e.message!.role));

/** pi's estimate of what an entry puts in front of the model. */
export function entryWeight(pi: PiModule, e: Entry): number {
  if (e.type === 'message') return pi.estimateTokens(e.message as never);
  if (e.type === 'custom_message') return pi.estimateTokens({ role: 'custom', content: e.content } as never);
  if (e.type === 'branch_summary' && e.summary) return pi.estimateTokens({ role: 'branchSummary', summary: e.summary } as never);
  return 0;
}

export function modelCutPoint(pi: PiModule, entries: readonly Entry[], keepRecent: number, fixes: ReadonlySet<Fix>): ModelCut {
  const end = entries.length;
  const cutPoints = entries.map((e, i) => (isCutPoint(e) ? i : -1)).filter((i) => i >= 0);
  if (cutPoints.length === 0) return { firstKeptEntryIndex: 0, turnStartIndex: -1, isSplitTurn: false };
  let keptStart = cutPoints[0]!;
  let total = 0;
  for (let i = end - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (fixes.has('weights') ? !bearsContext(e) : e.type !== 'message') continue;
    total += entryWeight(pi, e);
    if (total < keepRecent) continue;
    const after = cutPoints.find((c) => c >= i);
    if (after !== undefined) keptStart = after;
    else if (fixes.has('trailing')) keptStart = cutPoints.filter((c) => c < i).pop() ?? keptStart;
    break;
  }
  let cut = keptStart;
  while (cut > 0 && entries[cut - 1]!.type !== 'message' && entries[cut - 1]!.type !== 'compaction') cut--;
  if (!fixes.has('split')) {
    if (entries[cut]!.type === 'message' && entries[cut]!.message!.role === 'user') return { firstKeptEntryIndex: cut, turnStartIndex: -1, isSplitTurn: false };
    const turnStart = pi.findTurnStartIndex(entries as never, cut, 0);
    return { firstKeptEntryIndex: cut, turnStartIndex: turnStart, isSplitTurn: turnStart !== -1 };
  }
  let first = cut;
  while (first < keptStart && !bearsContext(entries[first]!)) first++;
  if (arborTurnStart(entries[first]!)) return { firstKeptEntryIndex: cut, turnStartIndex: -1, isSplitTurn: false };
  let turnStart = -1;
  for (let i = cut - 1; i >= 0 && turnStart === -1; i--) if (arborTurnStart(entries[i]!)) turnStart = i;
  return { firstKeptEntryIndex: cut, turnStartIndex: turnStart, isSplitTurn: turnStart !== -1 };
}

const same = (a: ModelCut, b: ModelCut): boolean => a.firstKeptEntryIndex === b.firstKeptEntryIndex && a.turnStartIndex === b.turnStartIndex && a.isSplitTurn === b.isSplitTurn;

/** The fixes that make Arbor's answer differ from pi's here: those whose removal changes it. */
export function namedCases(pi: PiModule, entries: readonly Entry[], keepRecent: number): Fix[] {
  const all = modelCutPoint(pi, entries, keepRecent, new Set(FIXES));
  return FIXES.filter((fix) => !same(all, modelCutPoint(pi, entries, keepRecent, new Set(FIXES.filter((other) => other !== fix)))));
}

/** Tokens of the context-bearing entries from `from` to the end (what `keptTokens` reports). */
export function keptWeight(pi: PiModule, entries: readonly Entry[], from: number): number {
  let total = 0;
  for (let i = from; i < entries.length; i++) total += entryWeight(pi, entries[i]!);
  return total;
}
