/**
 * `prepareCompaction`: everything about a compaction that needs no model —
 * the span to summarize, the cut, the previous summary, the file lists, the size before.
 * Pure and deterministic; pi 0.73.1 semantics for the span (it starts at the previous
 * compaction's kept boundary, so the previously kept tail is re-summarized, not lost).
 */
import { entryToContextMessage, projectPath, type AgentMessage, type CompactionEntry, type SessionEntry } from '../session';
import { measureContext, measureProjection, piEstimator, type ContextMeasureOptions, type TokenEstimator } from '../tokens';
import { adjustCut, type CutAdjustment } from './cutAdjust';
import { findCutPoint, type CutPoint } from './cutPoint';
import { cutAfterEntry, type ExplicitCutProblem } from './explicitCut';
import { compactionMessageOf } from './entryMessages';
import { createFileOps, extractFileOpsFromMessage, failedToolCalls, mergeFileLists, splitFileOperations, type FileOperations, type FileOpsOptions } from './fileOps';
import { stripPinnedSection } from '../pins/pinnedSection';
import type { CompactionSettings } from './settings';

export interface PrepareOptions {
  /** Counts for the cut point and the kept region. Default: pi's chars/4 (parity); the agent passes its tokenizer estimator. */
  estimator?: TokenEstimator;
  /**
   * How the meter counts a context (its estimator, its calibration at the position, the model):
   * `tokensBefore` is measured this way, so it equals the meter's reading. Default: `estimator`, uncalibrated.
   */
  measure?: ContextMeasureOptions | undefined;
  /** The session model's window: enables the check that the compacted context fits (`cutAdjust.ts`). */
  contextWindow?: number | undefined;
  /** The summarizing model's output limit, if known (caps the summary requests). */
  maxOutputTokens?: number | undefined;
  /** The session's working directory, for file-path normalisation. */
  cwd?: string | undefined;
  /**
   * Default true: `tokensBefore` trusts no usage from before the latest context edit or compaction
   * on the path (pi 1.6's projected estimate); false trusts any, as pi 0.73.1 did.
   */
  ignoreStaleUsage?: boolean;
  /**
   * "Compact up to here": summarize up to and including this entry and keep from the first valid
   * cut point after it, instead of cutting by `keepRecentTokens`. The cut is not moved for fit
   * (the user chose it); it still moves back to keep a tool result with its call.
   */
  upToEntryId?: string | undefined;
}

export interface CompactionPreparation {
  firstKeptEntryId: string;
  firstKeptEntryIndex: number;
  /** Path index where the summarized span starts. */
  boundaryStart: number;
  turnStartIndex: number;
  isSplitTurn: boolean;
  /** Messages of [boundaryStart, turn start or first kept). */
  messagesToSummarize: AgentMessage[];
  /** Messages of [turn start, first kept) when a turn is split. */
  turnPrefixMessages: AgentMessage[];
  /** Context size before the compaction (summary + kept + newer messages). */
  tokensBefore: number;
  /** The context messages of the kept region, as the context after the compaction holds them. */
  keptMessages: AgentMessage[];
  /** Estimated tokens of the kept region. */
  keptTokens: number;
  previousSummary: string | undefined;
  fileOps: FileOperations;
  settings: CompactionSettings;
  /** Cut corrections made beyond pi's algorithm. */
  adjustments: CutAdjustment[];
}

/**
 * undefined when the path ends with a compaction ("Already compacted"), is empty, or the first
 * kept entry has no id (an unmigrated file). Otherwise a preparation — possibly with nothing to
 * summarize, which `compact` reports without calling the model.
 */
export function prepareCompaction(
  pathEntries: readonly SessionEntry[],
  settings: CompactionSettings,
  options: PrepareOptions = {},
): CompactionPreparation | undefined {
  const last = pathEntries[pathEntries.length - 1];
  if (!last || last.type === 'compaction') return undefined;
  const estimator = options.estimator ?? piEstimator;
  const previous = latestCompaction(pathEntries);
  const boundaryStart = spanStart(pathEntries, previous);
  const end = pathEntries.length;
  const explicit = options.upToEntryId !== undefined;
  const found = explicit ? explicitCut(pathEntries, boundaryStart, options.upToEntryId!) : findCutPoint(pathEntries, boundaryStart, end, settings.keepRecentTokens, { estimator });
  if (!found) return undefined;
  const { cut, keptTokens, adjustments } = adjustCut(pathEntries, boundaryStart, end, found, {
    estimator,
    settings,
    // No window, no fit check: an explicit cut stays where the user put it.
    contextWindow: explicit ? undefined : options.contextWindow,
    maxOutputTokens: options.maxOutputTokens,
  });
  const firstKept = pathEntries[cut.firstKeptEntryIndex];
  if (!firstKept?.id) return undefined;
  const historyEnd = cut.isSplitTurn ? cut.turnStartIndex : cut.firstKeptEntryIndex;
  const messagesToSummarize = spanMessages(pathEntries, boundaryStart, historyEnd);
  const turnPrefixMessages = cut.isSplitTurn ? spanMessages(pathEntries, cut.turnStartIndex, cut.firstKeptEntryIndex) : [];
  const projection = projectPath(pathEntries);
  const measure = { estimator, ...options.measure };
  return {
    firstKeptEntryId: firstKept.id,
    firstKeptEntryIndex: cut.firstKeptEntryIndex,
    boundaryStart,
    turnStartIndex: cut.turnStartIndex,
    isSplitTurn: cut.isSplitTurn,
    messagesToSummarize,
    turnPrefixMessages,
    tokensBefore: (options.ignoreStaleUsage === false ? measureContext(projection.messages, measure) : measureProjection(projection, pathEntries, measure)).contextTokens,
    keptMessages: keptContextMessages(pathEntries, cut.firstKeptEntryIndex),
    keptTokens,
    previousSummary: previous ? withoutPinnedSection(previous.entry) : undefined,
    fileOps: spanFileOps(previous?.entry, [...messagesToSummarize, ...turnPrefixMessages], { cwd: options.cwd, failedCalls: failedToolCalls(pathEntries) }),
    settings,
    adjustments,
  };
}

/**
 * Why `prepareCompaction` returned undefined for this path and these options (call it only then):
 * pi's reasons, and for an explicit cut the reason that cut is impossible.
 */
export function whyNothingToPrepare(pathEntries: readonly SessionEntry[], options: Pick<PrepareOptions, 'upToEntryId'> = {}): 'unmigrated' | NonNullable<ReturnType<typeof compactUpToProblem>> {
  const last = pathEntries[pathEntries.length - 1];
  if (!last) return 'empty-session';
  if (last.type === 'compaction') return 'already-compacted';
  return (options.upToEntryId !== undefined ? compactUpToProblem(pathEntries, options.upToEntryId) : undefined) ?? 'unmigrated';
}

/** Why the branch cannot be compacted up to this entry, or undefined when it can (asked before the user is). */
export function compactUpToProblem(pathEntries: readonly SessionEntry[], entryId: string): 'empty-session' | 'already-compacted' | ExplicitCutProblem | undefined {
  const last = pathEntries[pathEntries.length - 1];
  if (!last) return 'empty-session';
  if (last.type === 'compaction') return 'already-compacted';
  const found = cutAfterEntry(pathEntries, spanStart(pathEntries, latestCompaction(pathEntries)), pathEntries.length, entryId);
  return found.kind === 'problem' ? found.problem : undefined;
}

function explicitCut(path: readonly SessionEntry[], start: number, entryId: string): CutPoint | undefined {
  const found = cutAfterEntry(path, start, path.length, entryId);
  return found.kind === 'cut' ? found.cut : undefined;
}

function latestCompaction(path: readonly SessionEntry[]): { entry: CompactionEntry; index: number } | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const entry = path[i]!;
    if (entry.type === 'compaction') return { entry: entry as CompactionEntry, index: i };
  }
  return undefined;
}

/**
 * The previous summary as the model sees it: without the pinned section Arbor appended (recorded
 * under `arbor.pins`), which this compaction rebuilds from the pins instead of trusting the model to copy it.
 */
function withoutPinnedSection(entry: CompactionEntry): string {
  const chars = pinnedSectionChars(entry);
  if (chars === undefined) return entry.summary;
  const { text } = splitFileOperations(entry.summary);
  return stripPinnedSection(entry.summary, chars, entry.summary.length - text.length);
}

/** The pinned section the summary carries ('' when none), where `withoutPinnedSection` finds it (the meter's breakdown counts it apart). */
export function pinnedSectionOf(entry: CompactionEntry): string {
  const chars = pinnedSectionChars(entry);
  if (chars === undefined) return '';
  const { text } = splitFileOperations(entry.summary);
  if (stripPinnedSection(entry.summary, chars, entry.summary.length - text.length) === entry.summary) return '';
  return entry.summary.slice(text.length - chars, text.length);
}

function pinnedSectionChars(entry: CompactionEntry): number | undefined {
  const arbor = entry.arbor;
  if (arbor === null || typeof arbor !== 'object' || Array.isArray(arbor)) return undefined;
  const pins = (arbor as { pins?: unknown }).pins;
  if (pins === null || typeof pins !== 'object') return undefined;
  const chars = (pins as { chars?: unknown }).chars;
  return typeof chars === 'number' ? chars : undefined;
}

/** 0.73.1: from the previous compaction's first kept entry, else right after that compaction. */
function spanStart(path: readonly SessionEntry[], previous: { entry: CompactionEntry; index: number } | undefined): number {
  if (!previous) return 0;
  const kept = path.findIndex((entry) => entry.id === previous.entry.firstKeptEntryId);
  return kept >= 0 ? kept : previous.index + 1;
}

/** What the context right after the compaction holds after its summary: the kept entries' messages (an older compaction in there adds none). */
export function keptContextMessages(path: readonly SessionEntry[], from: number): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let i = from; i < path.length; i++) {
    const message = entryToContextMessage(path[i]!);
    if (message) messages.push(message);
  }
  return messages;
}

function spanMessages(path: readonly SessionEntry[], from: number, to: number): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let i = from; i < to; i++) {
    const entry = path[i]!;
    // The previous compaction inside the span travels as `previousSummary`.
    if (entry.type === 'compaction') continue;
    const message = compactionMessageOf(entry);
    if (message) messages.push(message);
  }
  return messages;
}

/** Cumulative: the previous (non-extension) compaction's lists, then the span's tool calls that did not fail. */
function spanFileOps(previous: CompactionEntry | undefined, messages: readonly AgentMessage[], options: FileOpsOptions): FileOperations {
  const ops = createFileOps();
  if (previous && !previous.fromHook) mergeFileLists(previous.details, ops, options);
  for (const message of messages) extractFileOpsFromMessage(message, ops, options);
  return ops;
}
