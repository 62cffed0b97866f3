/**
 * `compact`: the model step of a compaction. Takes a preparation, asks the
 * summarizer, returns the summary and its bookkeeping — without ids: the caller appends the entry
 * (see `compactSession`). Split-turn summaries run in parallel.
 *
 * Beyond pi:
 * - an empty span is reported as "nothing to compact" without any request (pi pays for one);
 * - a split turn with no history of its own carries the previous summary forward instead of
 *   replacing it with "No prior history." (which loses it);
 * - a span too large for one request is summarized in chunks, oldest first, each request updating
 *   the running summary (pi sends the whole span, however large, in one).
 */
import { convertToLlm, type AgentMessage, type Json, type Usage } from '../session';
import { piEstimator, type ContextMeasureOptions, type TokenEstimator } from '../tokens';
import { chunkConversation, conservativeTextTokens, conversationBudget } from './chunking';
import type { CutAdjustment } from './cutAdjust';
import { computeFileLists, formatFileOperations, stripFileOperations } from './fileOps';
import { formatPinnedSection, type PinnedMessage } from '../pins';
import { tokensAfterCompaction, type CompactionPreparation } from './prepare';
import {
  historyPrompt,
  NO_PRIOR_HISTORY,
  SPLIT_TURN_SEPARATOR,
  SUMMARIZATION_SYSTEM_PROMPT,
  TURN_PREFIX_SUMMARIZATION_PROMPT,
  turnPrefixPrompt,
  UPDATE_SUMMARIZATION_PROMPT,
} from './prompts';
import { FALLBACK_CONTEXT_WINDOW, summaryAllowance, summaryReasoning } from './settings';
import { serializeParts } from './serialize';
import { clockOrSystem, newTally, requestSummary, type Summarizer, type SummaryLimits, type SummaryTally } from './summarizer';

export interface CompactOptions {
  summarizer: Summarizer;
  signal?: AbortSignal | undefined;
  /** Manual `/compact <focus>`; automatic compactions pass none. */
  customInstructions?: string | undefined;
  /** The session's thinking level; sent as `reasoning` when the model reasons and it is not off. */
  thinkingLevel?: string | undefined;
  modelReasoning?: boolean | undefined;
  /** Window of the summarizing model, for the request budget and the output limit; default 128 000. */
  summarizerContextWindow?: number | undefined;
  /** Output limit of the summarizing model, if known: each request may use it, fitted into the window. */
  maxOutputTokens?: number | undefined;
  /** Estimates the request budget, and `tokensAfter` unless `measure` says otherwise; default pi's chars/4. */
  estimator?: TokenEstimator | undefined;
  /** How the meter counts a context: `tokensAfter` is the meter's reading right after the compaction. */
  measure?: ContextMeasureOptions | undefined;
  /** The clock (ms since the epoch) for `durationMs` and request timestamps; default the system clock. */
  now?: (() => number) | undefined;
  /** Pinned messages the summary must carry verbatim (appended after the model's text, never asked of it). */
  pinned?: readonly PinnedMessage[] | undefined;
}

export interface CompactionDetails {
  readFiles: string[];
  modifiedFiles: string[];
}

/** Arbor's record of a compaction, stored beside pi's fields under `arbor` (pi ignores it). */
export interface ArborCompactionRecord {
  /**
   * Context size right after the compaction (summary + kept tail): the meter's reading there
   * (`tokensAfterCompaction`), all estimate, since every usage on record describes the context
   * before the compaction.
   */
  tokensAfter: number;
  summarizerModel?: string;
  requests: number;
  /** History chunks summarized (1 unless the span was too large for one request). */
  chunks: number;
  durationMs: number;
  /** Messages that the summary replaced. */
  summarizedEntries: number;
  adjustments: CutAdjustment[];
  /** The extension whose handler supplied the summary (its identifier). */
  byExtension?: string;
  /** The instructions the summary was written with (standing ones and a manual focus), when there were any. */
  instructions?: string;
  /** The pinned section appended to the summary: whose messages, and its length (so the next compaction can take it out). */
  pins?: PinnedSectionRecord;
  /** The user changed the proposed summary before accepting it (the preview of a manual compaction). */
  summaryEdited?: true;
}

export interface PinnedSectionRecord {
  ids: string[];
  /** Characters of the section in `summary`, right before the file blocks. */
  chars: number;
}

export interface CompactionResult {
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  /** The file lists (a handler's compaction: none; the entry holds the handler's own `details`). */
  details: CompactionDetails;
  /** What the summary requests cost (the entry's `usage`, pi's shape; a handler's when it said, else zeros). */
  usage: Required<Usage>;
  arbor: ArborCompactionRecord;
}

export type CompactOutcome = { kind: 'compacted'; result: CompactionResult } | { kind: 'nothing-to-compact'; reason: 'empty-span' };

export async function compact(preparation: CompactionPreparation, options: CompactOptions): Promise<CompactOutcome> {
  const { messagesToSummarize, turnPrefixMessages, isSplitTurn } = preparation;
  if (messagesToSummarize.length === 0 && turnPrefixMessages.length === 0) return { kind: 'nothing-to-compact', reason: 'empty-span' };
  const now = clockOrSystem(options.now);
  const started = now();
  const estimator = options.estimator ?? piEstimator;
  const tally = newTally();
  const split = isSplitTurn && turnPrefixMessages.length > 0;
  const [history, prefix] = await Promise.all([
    summarizeHistory(preparation, options, tally, now),
    split ? summarizeTurnPrefix(preparation, options, tally, now) : Promise.resolve(undefined),
  ]);
  const { readFiles, modifiedFiles } = computeFileLists(preparation.fileOps);
  const pinned = options.pinned ?? [];
  const pinnedSection = formatPinnedSection(pinned);
  const summary = (prefix === undefined ? history.text : history.text + SPLIT_TURN_SEPARATOR + prefix) + pinnedSection + formatFileOperations(readFiles, modifiedFiles);
  const tokensAfter = tokensAfterCompaction(preparation.branch, { summary, firstKeptEntryId: preparation.firstKeptEntryId, tokensBefore: preparation.tokensBefore }, { estimator, ...options.measure });
  return {
    kind: 'compacted',
    result: {
      summary,
      firstKeptEntryId: preparation.firstKeptEntryId,
      tokensBefore: preparation.tokensBefore,
      details: { readFiles, modifiedFiles },
      usage: tally.usage,
      arbor: {
        tokensAfter,
        ...(tally.model !== undefined ? { summarizerModel: tally.model } : {}),
        requests: tally.requests,
        chunks: history.chunks,
        durationMs: now() - started,
        summarizedEntries: messagesToSummarize.length + turnPrefixMessages.length,
        adjustments: preparation.adjustments,
        ...(options.customInstructions ? { instructions: options.customInstructions } : {}),
        ...(pinned.length > 0 ? { pins: { ids: pinned.map((pin) => pin.id), chars: pinnedSection.length } } : {}),
      },
    },
  };
}

/** The result's `arbor` record as JSON for the entry. */
export function arborRecordJson(record: ArborCompactionRecord): Json {
  return JSON.parse(JSON.stringify(record)) as Json;
}

async function summarizeHistory(
  preparation: CompactionPreparation,
  options: CompactOptions,
  tally: SummaryTally,
  now: () => number,
): Promise<{ text: string; chunks: number }> {
  const previous = preparation.previousSummary;
  const chunks = chunksOf(preparation.messagesToSummarize, options, {
    fixedText: SUMMARIZATION_SYSTEM_PROMPT + UPDATE_SUMMARIZATION_PROMPT + (options.customInstructions ?? ''),
    previous,
  });
  if (chunks.length === 0) {
    // Nothing readable to add: keep the previous summary (never drop it).
    return { text: previous ? stripFileOperations(previous) : NO_PRIOR_HISTORY, chunks: 0 };
  }
  let running = previous;
  for (const conversation of chunks) {
    running = await requestSummary({
      summarizer: options.summarizer,
      prompt: historyPrompt({ conversation, previousSummary: running, customInstructions: options.customInstructions }),
      limits: limitsOf(options),
      reasoning: summaryReasoning(options.thinkingLevel, options.modelReasoning),
      signal: options.signal,
      label: 'Summarization',
      tally,
      now,
    });
  }
  return { text: running ?? '', chunks: chunks.length };
}

async function summarizeTurnPrefix(preparation: CompactionPreparation, options: CompactOptions, tally: SummaryTally, now: () => number): Promise<string> {
  const chunks = chunksOf(preparation.turnPrefixMessages, options, {
    fixedText: SUMMARIZATION_SYSTEM_PROMPT + TURN_PREFIX_SUMMARIZATION_PROMPT + (options.customInstructions ?? ''),
    previous: undefined,
  });
  let running: string | undefined;
  for (const conversation of chunks.length > 0 ? chunks : ['']) {
    running = await requestSummary({
      summarizer: options.summarizer,
      prompt: turnPrefixPrompt({ conversation, previousSummary: running, customInstructions: options.customInstructions }),
      limits: limitsOf(options),
      reasoning: summaryReasoning(options.thinkingLevel, options.modelReasoning),
      signal: options.signal,
      label: 'Turn prefix summarization',
      tally,
      now,
    });
  }
  return running ?? '';
}

/** The summarizing model's window and output limit, and the conservative estimate that fits the output into it. */
function limitsOf(options: CompactOptions): SummaryLimits {
  return {
    contextWindow: options.summarizerContextWindow ?? FALLBACK_CONTEXT_WINDOW,
    maxOutputTokens: options.maxOutputTokens,
    estimateText: conservativeTextTokens((options.estimator ?? piEstimator).estimateText),
  };
}

/**
 * The span's conversation in chunks that fit one request each, leaving the window room for the
 * answer and the running summary (`summaryAllowance` each).
 */
function chunksOf(messages: readonly AgentMessage[], options: CompactOptions, request: { fixedText: string; previous: string | undefined }): string[] {
  const parts = serializeParts(convertToLlm(messages));
  if (parts.length === 0) return [];
  const { contextWindow, estimateText } = limitsOf(options);
  const allowance = summaryAllowance(options.maxOutputTokens, contextWindow);
  const budget = conversationBudget({
    contextWindow,
    maxTokens: allowance,
    fixedText: request.fixedText,
    runningSummaryTokens: Math.max(allowance, request.previous ? estimateText(request.previous) : 0),
    estimateText,
  });
  return chunkConversation(parts, budget, estimateText);
}
