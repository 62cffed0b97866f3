/**
 * Corrections applied to the cut after `findCutPoint`, which pi does not make:
 *
 * - **Fit**: if the new summary (counted at `summaryAllowance` per request) plus the kept tail would still
 *   exceed the compaction threshold, the cut moves to later valid cut points until it fits — at
 *   most up to the start of the last turn, which is always kept whole.
 * - **Tool-result pairing**: a kept tool result whose tool call would be summarized away
 *   is an orphan that strict providers reject; the cut moves back to the assistant message that
 *   issued the call. Pairing wins over fit: a request that is too large fails once and is recovered,
 *   a request with an orphan fails for ever.
 */
import type { ProjectedEntry } from '../session';
import { compactionThreshold, type TokenEstimator } from '../tokens';
import { entryTokens, findTurnStartIndex, findValidCutPoints, settleCut, type CutPoint } from './cutPoint';
import { summaryAllowance, type CompactionSettings } from './settings';

export type CutAdjustment =
  | { kind: 'fit'; fromIndex: number; toIndex: number; keptTokens: number }
  | { kind: 'tool-result-pairing'; fromIndex: number; toIndex: number; toolCallId: string };

export interface AdjustOptions {
  estimator: TokenEstimator;
  settings: CompactionSettings;
  /** The session model's window; without it there is no fit check. */
  contextWindow?: number | undefined;
  maxOutputTokens?: number | undefined;
}

export interface AdjustedCut {
  cut: CutPoint;
  /** Estimated tokens of the kept region [firstKeptEntryIndex, end). */
  keptTokens: number;
  adjustments: CutAdjustment[];
}

export function adjustCut(entries: readonly ProjectedEntry[], start: number, end: number, cut: CutPoint, options: AdjustOptions): AdjustedCut {
  const adjustments: CutAdjustment[] = [];
  let current = fitCut(entries, start, end, cut, options, adjustments);
  for (let pair = unpairedResult(entries, start, current.firstKeptEntryIndex, end); pair; ) {
    const moved = settleCut(entries, start, pair.callIndex);
    adjustments.push({ kind: 'tool-result-pairing', fromIndex: current.firstKeptEntryIndex, toIndex: moved.firstKeptEntryIndex, toolCallId: pair.toolCallId });
    current = moved;
    pair = unpairedResult(entries, start, current.firstKeptEntryIndex, end);
  }
  return { cut: current, keptTokens: regionTokens(entries, current.firstKeptEntryIndex, end, options.estimator), adjustments };
}

function fitCut(
  entries: readonly ProjectedEntry[],
  start: number,
  end: number,
  cut: CutPoint,
  options: AdjustOptions,
  adjustments: CutAdjustment[],
): CutPoint {
  const threshold = compactionThreshold(options.contextWindow, options.settings);
  if (threshold === undefined) return cut;
  if (summaryBound(cut, options) + regionTokens(entries, cut.firstKeptEntryIndex, end, options.estimator) <= threshold) return cut;
  // Rare path: one pass over the range, then every candidate is a lookup.
  const suffix = suffixTokens(entries, start, end, options.estimator);
  const kept = (c: CutPoint): number => suffix[c.firstKeptEntryIndex - start]!;
  const lastTurnStart = findTurnStartIndex(entries, end - 1, start);
  let chosen = cut;
  for (const candidate of findValidCutPoints(entries, firstBearing(entries, cut.firstKeptEntryIndex, end) + 1, lastTurnStart + 1)) {
    chosen = settleCut(entries, start, candidate);
    if (summaryBound(chosen, options) + kept(chosen) <= threshold) break;
  }
  if (chosen !== cut) adjustments.push({ kind: 'fit', fromIndex: cut.firstKeptEntryIndex, toIndex: chosen.firstKeptEntryIndex, keptTokens: kept(chosen) });
  return chosen;
}

/**
 * What the summary the compaction will write is counted at: the most one summary is counted at
 * (`summaryAllowance`), twice for a split turn (the history and the turn prefix).
 */
function summaryBound(cut: CutPoint, options: AdjustOptions): number {
  const one = summaryAllowance(options.maxOutputTokens, options.contextWindow);
  return cut.isSplitTurn ? 2 * one : one;
}

/** suffix[k] = tokens of entries [from + k, end). */
function suffixTokens(entries: readonly ProjectedEntry[], from: number, end: number, estimator: TokenEstimator): number[] {
  const suffix = new Array<number>(end - from + 1).fill(0);
  for (let i = end - 1; i >= from; i--) suffix[i - from] = suffix[i - from + 1]! + entryTokens(entries[i]!, estimator);
  return suffix;
}

function regionTokens(entries: readonly ProjectedEntry[], from: number, end: number, estimator: TokenEstimator): number {
  let tokens = 0;
  for (let i = from; i < end; i++) tokens += entryTokens(entries[i]!, estimator);
  return tokens;
}

function firstBearing(entries: readonly ProjectedEntry[], from: number, end: number): number {
  let i = from;
  while (i < end && entries[i]!.messages.length === 0) i++;
  return i;
}

/** The first kept tool result whose call is in [start, cut), with the index of that call's message. */
function unpairedResult(entries: readonly ProjectedEntry[], start: number, cut: number, end: number): { callIndex: number; toolCallId: string } | undefined {
  const keptCalls = new Set<string>();
  for (let i = cut; i < end; i++) {
    for (const message of entries[i]!.messages) {
      if (message.role === 'assistant') {
        for (const block of message.content) if (block.type === 'toolCall') keptCalls.add(block.id);
      } else if (message.role === 'toolResult' && !keptCalls.has(message.toolCallId)) {
        const callIndex = callIndexOf(entries, start, cut, message.toolCallId);
        if (callIndex !== undefined) return { callIndex, toolCallId: message.toolCallId };
      }
    }
  }
  return undefined;
}

function callIndexOf(entries: readonly ProjectedEntry[], start: number, cut: number, toolCallId: string): number | undefined {
  for (let i = cut - 1; i >= start; i--) {
    const calls = entries[i]!.messages.some((message) => message.role === 'assistant' && message.content.some((block) => block.type === 'toolCall' && block.id === toolCallId));
    if (calls) return i;
  }
  return undefined;
}
