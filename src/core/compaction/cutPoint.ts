/**
 * Where the kept tail starts: walking back from the newest entry, the first valid cut point at or
 * after the entry where the estimated tokens reach `keepRecentTokens` (never a tool result).
 *
 * pi 1.6's algorithm, on the edited context (`projectPath`): each entry weighs what it puts in
 * front of the model after its context edit (a hidden entry weighs nothing and is no cut point; a
 * replaced one weighs its replacement), so custom messages, branch summaries and system messages
 * weigh too; a cut on any user-like message (user, bash execution, custom message, branch summary)
 * starts a turn; a budget crossed inside trailing tool results keeps their calling assistant; and a
 * kept tail made only of an omitted recovery attempt moves the cut onto that attempt. The one
 * documented difference: the turn is classified by the first entry of the kept region that puts a
 * message in front of the model, so settings or labels pulled in before a user message do not make
 * the previous turn a "prefix" (pi 1.6 still does).
 */
import { entryToContextMessage, type AgentMessage, type ContextEditEntry, type ProjectedEntry, type SessionEntry } from '../session';
import { piEstimator, type TokenEstimator } from '../tokens';

export interface CutPoint {
  /** First entry of the kept region (after pulling in preceding settings, labels and hidden entries). */
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
 * Where a compaction's span starts in the context: after the latest compaction when the context
 * holds it (the projection puts it first, followed by its kept entries), else at the start.
 */
export function compactionSpanStart(entries: readonly ProjectedEntry[]): number {
  const first = entries[0];
  return first?.entry.type === 'compaction' && first.messages.length > 0 ? 1 : 0;
}

/**
 * The cut that keeps about `keepRecentTokens` of the projected entries in [startIndex, endIndex),
 * walking back from the newest and rounding towards newer to a valid cut point.
 */
export function findCutPoint(
  entries: readonly ProjectedEntry[],
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
    if (isRecoveryOmissionSuffix(entries, keptStart + 1, endIndex)) keptStart++;
  }
  return settleCut(entries, startIndex, keptStart);
}

/**
 * Completes a cut whose kept region starts at `keptStart`: pulls in the entries right before it
 * that put nothing in front of the model (settings, labels, edits, hidden entries) so they stay with
 * what follows, then decides whether a turn is split.
 */
export function settleCut(entries: readonly ProjectedEntry[], startIndex: number, keptStart: number): CutPoint {
  let cut = keptStart;
  while (cut > startIndex) {
    const previous = entries[cut - 1]!;
    if (previous.entry.type === 'compaction' || previous.messages.length > 0) break;
    cut--;
  }
  let first = cut;
  while (first < keptStart && entries[first]!.messages.length === 0) first++;
  if (isTurnStart(entries[first]!)) return { firstKeptEntryIndex: cut, turnStartIndex: -1, isSplitTurn: false };
  const turnStartIndex = findTurnStartIndex(entries, cut - 1, startIndex);
  return { firstKeptEntryIndex: cut, turnStartIndex, isSplitTurn: turnStartIndex !== -1 };
}

/** Ascending indices in [startIndex, endIndex) where a kept region may start (never a tool result). */
export function findValidCutPoints(entries: readonly ProjectedEntry[], startIndex: number, endIndex: number): number[] {
  const cutPoints: number[] = [];
  for (let i = startIndex; i < endIndex; i++) {
    if (isValidCutPoint(entries[i]!)) cutPoints.push(i);
  }
  return cutPoints;
}

const CUT_ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary']);
const TURN_START_ROLES: ReadonlySet<string> = new Set(['user', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary']);

/** A kept region may start at an entry that puts a user-like or assistant message in front of the model (a compaction never). */
export function isValidCutPoint(projected: ProjectedEntry): boolean {
  return projected.entry.type !== 'compaction' && projected.messages.some((message) => CUT_ROLES.has(message.role));
}

/** A message that starts a turn: user prompt, bash execution, custom message, branch summary. */
export function isTurnStart(projected: ProjectedEntry): boolean {
  return projected.entry.type !== 'compaction' && projected.messages.some((message) => TURN_START_ROLES.has(message.role));
}

/** The nearest turn start at or before `index` and not before `startIndex`, or -1. */
export function findTurnStartIndex(entries: readonly ProjectedEntry[], index: number, startIndex: number): number {
  for (let i = index; i >= startIndex; i--) {
    if (isTurnStart(entries[i]!)) return i;
  }
  return -1;
}

/**
 * Custom messages and branch summaries become a new message object on every projection; counting
 * the same one per entry lets a caching estimator (the tokenizer's) count each unedited entry once.
 */
const convertedEntries = new WeakMap<SessionEntry, AgentMessage>();

/** Tokens an entry puts in front of the model, after its edit (0 for settings, labels, hidden entries…). */
export function entryTokens(projected: ProjectedEntry, estimator: TokenEstimator): number {
  let tokens = 0;
  for (const message of projected.messages) tokens += estimator.estimate(stableMessage(projected, message));
  return tokens;
}

function stableMessage(projected: ProjectedEntry, message: AgentMessage): AgentMessage {
  const { entry } = projected;
  if (projected.edit || (entry.type !== 'custom_message' && entry.type !== 'branch_summary')) return message;
  let stable = convertedEntries.get(entry);
  if (!stable) {
    stable = message;
    convertedEntries.set(entry, stable);
  }
  return stable;
}

/**
 * pi 1.6's recovery rule: when the only entries after the cut are a failed attempt the edits hid
 * (with its hidden tool results), edits and entries that put nothing in front of the model, the cut
 * moves onto the hidden attempt so that the input before it is summarized rather than kept. Not
 * when an edit there replaces something else, nor across a compaction.
 */
function isRecoveryOmissionSuffix(entries: readonly ProjectedEntry[], from: number, end: number): boolean {
  const omitted = new Set<string>();
  let omittedAssistant = false;
  for (let i = from; i < end; i++) {
    const { entry, messages } = entries[i]!;
    if (entry.type === 'compaction') return false;
    if (!intrinsicallyVisible(entry)) continue;
    if (messages.length > 0) return false;
    omitted.add(entry.id);
    if (entry.type === 'message' && (entry.message as { role?: unknown } | undefined)?.role === 'assistant') omittedAssistant = true;
  }
  if (!omittedAssistant) return false;
  for (let i = from; i < end; i++) {
    const { entry } = entries[i]!;
    if (entry.type !== 'context_edit') continue;
    const edit = entry as ContextEditEntry;
    if (edit.replacement !== null && !omitted.has(edit.targetId)) return false;
  }
  return true;
}

/** An entry that would put a message in front of the model if no edit hid it (edits themselves never do). */
function intrinsicallyVisible(entry: SessionEntry): boolean {
  return entry.type !== 'context_edit' && entryToContextMessage(entry) !== undefined;
}

/** Newest-first accumulation: the index where the kept tail reaches the budget, if it does. */
function budgetCrossingIndex(
  entries: readonly ProjectedEntry[],
  startIndex: number,
  endIndex: number,
  keepRecentTokens: number,
  estimator: TokenEstimator,
): number | undefined {
  let accumulated = 0;
  for (let i = endIndex - 1; i >= startIndex; i--) {
    const tokens = entryTokens(entries[i]!, estimator);
    if (tokens === 0) continue;
    accumulated += tokens;
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
