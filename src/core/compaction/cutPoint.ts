/**
 * Where the kept tail starts: walking back from the newest entry, the first valid cut point at or
 * after the entry where the estimated tokens reach `keepRecentTokens` (never a tool result).
 *
 * pi's algorithm, with the pi estimator giving pi 0.73.1's results on ordinary sessions. The
 * documented differences:
 * - every context-bearing entry weighs in the kept tail, not only `message` entries: custom
 *   messages and branch summaries are sent too (pi weighs them 0);
 * - the turn is classified by the first context-bearing entry of the kept region, so settings or
 *   labels pulled in before a user message do not make the previous turn a "prefix", and a cut at a
 *   bash execution, custom message or branch summary is a turn start, not a split with an empty
 *   prefix;
 * - when the budget is crossed inside trailing tool results (no cut point at or after the
 *   crossing), the cut goes to the last cut point before it instead of keeping everything.
 */
import { entryToContextMessage, messageRole, type AgentMessage, type SessionEntry } from '../session';
import { piEstimator, type TokenEstimator } from '../tokens';
import { bearsContext } from './entryMessages';

export interface CutPoint {
  /** First entry of the kept region (after pulling in preceding settings/labels). */
  firstKeptEntryIndex: number;
  /** Start of the turn the cut splits, or -1. */
  turnStartIndex: number;
  isSplitTurn: boolean;
}

export interface CutPointOptions {
  /** Default: pi's chars/4 (what `arbor cut-point --estimator pi` compares with pi). */
  estimator?: TokenEstimator;
}

/**
 * The cut that keeps about `keepRecentTokens` of the entries in [startIndex, endIndex), walking
 * back from the newest and rounding towards newer to a valid cut point.
 */
export function findCutPoint(
  entries: readonly SessionEntry[],
  startIndex: number,
  endIndex: number,
  keepRecentTokens: number,
  options: CutPointOptions = {},
): CutPoint {
  const cutPoints = findValidCutPoints(entries, startIndex, endIndex);
  if (cutPoints.length === 0) return { firstKeptEntryIndex: startIndex, turnStartIndex: -1, isSplitTurn: false };
  const crossing = budgetCrossingIndex(entries, startIndex, endIndex, keepRecentTokens, options.estimator ?? piEstimator);
  let keptStart = cutPoints[0]!;
  if (crossing !== undefined) {
    const position = firstPositionAtOrAfter(cutPoints, crossing);
    keptStart = cutPoints[position] ?? cutPoints[position - 1]!;
  }
  return settleCut(entries, startIndex, keptStart);
}

/**
 * Completes a cut whose kept region starts at the cut point `keptStart`: pulls in the settings,
 * labels and other message-less entries right before it (so they stay with what follows), then
 * decides whether a turn is split.
 */
export function settleCut(entries: readonly SessionEntry[], startIndex: number, keptStart: number): CutPoint {
  let cut = keptStart;
  while (cut > startIndex) {
    const previous = entries[cut - 1]!;
    if (previous.type === 'message' || previous.type === 'compaction') break;
    cut--;
  }
  let first = cut;
  while (first < keptStart && !bearsContext(entries[first]!)) first++;
  if (isTurnStart(entries[first]!)) return { firstKeptEntryIndex: cut, turnStartIndex: -1, isSplitTurn: false };
  const turnStartIndex = findTurnStartIndex(entries, cut - 1, startIndex);
  return { firstKeptEntryIndex: cut, turnStartIndex, isSplitTurn: turnStartIndex !== -1 };
}

/** Ascending indices in [startIndex, endIndex) where a kept region may start (never a tool result). */
export function findValidCutPoints(entries: readonly SessionEntry[], startIndex: number, endIndex: number): number[] {
  const cutPoints: number[] = [];
  for (let i = startIndex; i < endIndex; i++) {
    if (isValidCutPoint(entries[i]!)) cutPoints.push(i);
  }
  return cutPoints;
}

const CUT_ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary']);

export function isValidCutPoint(entry: SessionEntry): boolean {
  if (entry.type === 'branch_summary' || entry.type === 'custom_message') return true;
  return entry.type === 'message' && CUT_ROLES.has(messageRole(entry) ?? '');
}

const TURN_START_ROLES: ReadonlySet<string> = new Set(['user', 'bashExecution', 'custom']);

/** A message that starts a turn: user prompt, bash execution, custom message, branch summary. */
export function isTurnStart(entry: SessionEntry): boolean {
  if (entry.type === 'branch_summary' || entry.type === 'custom_message') return true;
  return entry.type === 'message' && TURN_START_ROLES.has(messageRole(entry) ?? '');
}

/** The nearest turn start at or before `index` and not before `startIndex`, or -1. */
export function findTurnStartIndex(entries: readonly SessionEntry[], index: number, startIndex: number): number {
  for (let i = index; i >= startIndex; i--) {
    if (isTurnStart(entries[i]!)) return i;
  }
  return -1;
}

/**
 * Custom messages and branch summaries become a new message object on every conversion; keeping
 * one per entry lets a caching estimator (the tokenizer's) count each entry once.
 */
const convertedEntries = new WeakMap<SessionEntry, AgentMessage | null>();

/** Tokens an entry puts in front of the model (0 for settings, labels, compactions…). */
export function entryTokens(entry: SessionEntry, estimator: TokenEstimator): number {
  if (!bearsContext(entry)) return 0;
  let message = entry.type === 'message' ? (entry.message as AgentMessage) : convertedEntries.get(entry);
  if (message === undefined) {
    message = entryToContextMessage(entry) ?? null;
    convertedEntries.set(entry, message);
  }
  return message ? estimator.estimate(message) : 0;
}

/** Newest-first accumulation: the index where the kept tail reaches the budget, if it does. */
function budgetCrossingIndex(
  entries: readonly SessionEntry[],
  startIndex: number,
  endIndex: number,
  keepRecentTokens: number,
  estimator: TokenEstimator,
): number | undefined {
  let accumulated = 0;
  for (let i = endIndex - 1; i >= startIndex; i--) {
    const entry = entries[i]!;
    if (!bearsContext(entry)) continue;
    accumulated += entryTokens(entry, estimator);
    if (accumulated >= keepRecentTokens) return i;
  }
  return undefined;
}

/** Position of the first value ≥ target in an ascending list (binary search: paths can be long). */
function firstPositionAtOrAfter(sorted: readonly number[], target: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
