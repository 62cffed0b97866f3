/**
 * `prepareCompaction`: everything about a compaction that needs no model —
 * the span to summarize, the cut, the previous summary, the file lists, the size before.
 * Pure and deterministic; pi 1.6 semantics for the span (it starts at the previous
 * compaction's kept boundary, so the previously kept tail is re-summarized, not lost).
 */
import { projectPath, type AgentMessage, type CompactionEntry, type ProjectedEntry, type SessionEntry } from '../session';
import { measureContext, measureProjection, piEstimator, type ContextMeasureOptions, type TokenEstimator } from '../tokens';
import { adjustCut, type CutAdjustment } from './cutAdjust';
import { compactionSpanStart, findCutPoint, type CutPoint } from './cutPoint';
import { cutAfterEntry, type ExplicitCutProblem } from './explicitCut';
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
  /** The branch prepared (root → position): the compaction goes at its end. */
  branch: readonly SessionEntry[];
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
 * kept entry has no id (an unmigrated file). Otherwise a preparation, possibly with nothing to
 * summarize, which `compact` reports without calling the model (pi 1.6 returns nothing then).
 *
 * As pi 1.6 prepares it: on the context at the leaf (`projectPath`: the latest compaction, its kept
 * entries, later entries, each through its latest context edit). The span starts after the latest
 * compaction, at its first kept entry; hidden entries weigh nothing and are never cut points;
 * system messages weigh in the kept tail but are never summarized (the compaction's checkpoint
 * carries them). Indices in the preparation are indices of the raw path.
 */
export function prepareCompaction(
  pathEntries: readonly SessionEntry[],
  settings: CompactionSettings,
  options: PrepareOptions = {},
): CompactionPreparation | undefined {
  const last = pathEntries[pathEntries.length - 1];
  if (!last || last.type === 'compaction') return undefined;
  const estimator = options.estimator ?? piEstimator;
  const projection = projectPath(pathEntries);
  const entries = projection.entries;
  const boundaryStart = compactionSpanStart(entries);
  const previous = boundaryStart > 0 ? (entries[0]!.entry as CompactionEntry) : undefined;
  const end = entries.length;
  const explicit = options.upToEntryId !== undefined;
  const found = explicit ? explicitCut(entries, boundaryStart, options.upToEntryId!) : findCutPoint(entries, boundaryStart, end, settings.keepRecentTokens, { estimator });
  if (!found) return undefined;
  const { cut, keptTokens, adjustments } = adjustCut(entries, boundaryStart, end, found, {
    estimator,
    settings,
    // No window, no fit check: an explicit cut stays where the user put it.
    contextWindow: explicit ? undefined : options.contextWindow,
    maxOutputTokens: options.maxOutputTokens,
  });
  const firstKept = entries[cut.firstKeptEntryIndex]?.entry;
  if (!firstKept?.id) return undefined;
  const historyEnd = cut.isSplitTurn ? cut.turnStartIndex : cut.firstKeptEntryIndex;
  const messagesToSummarize = spanMessages(entries, boundaryStart, historyEnd);
  const turnPrefixMessages = cut.isSplitTurn ? spanMessages(entries, cut.turnStartIndex, cut.firstKeptEntryIndex) : [];
  const pathIndex = pathIndexOf(pathEntries);
  const measure = { estimator, ...options.measure };
  return {
    branch: pathEntries,
    firstKeptEntryId: firstKept.id,
    firstKeptEntryIndex: pathIndex(entries[cut.firstKeptEntryIndex]!),
    boundaryStart: boundaryStart < end ? pathIndex(entries[boundaryStart]!) : pathEntries.length,
    turnStartIndex: cut.turnStartIndex >= 0 ? pathIndex(entries[cut.turnStartIndex]!) : -1,
    isSplitTurn: cut.isSplitTurn,
    messagesToSummarize,
    turnPrefixMessages,
    tokensBefore: (options.ignoreStaleUsage === false ? measureContext(projection.messages, measure) : measureProjection(projection, pathEntries, measure)).contextTokens,
    keptMessages: keptMessagesOf(entries, cut.firstKeptEntryIndex),
    keptTokens,
    previousSummary: previous ? withoutPinnedSection(previous) : undefined,
    fileOps: spanFileOps(previous, [...messagesToSummarize, ...turnPrefixMessages], { cwd: options.cwd, failedCalls: failedToolCalls(pathEntries) }),
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
  const entries = projectPath(pathEntries).entries;
  const found = cutAfterEntry(entries, compactionSpanStart(entries), entries.length, entryId);
  if (found.kind === 'cut') return undefined;
  // On the branch but out of the context: an earlier compaction summarized it.
  if (found.problem === 'not-on-branch' && pathEntries.some((entry) => entry.id === entryId)) return 'nothing-before';
  return found.problem;
}

function explicitCut(entries: readonly ProjectedEntry[], start: number, entryId: string): CutPoint | undefined {
  const found = cutAfterEntry(entries, start, entries.length, entryId);
  return found.kind === 'cut' ? found.cut : undefined;
}

/** Maps a projected entry back to its index on the raw path (one pass, done once per preparation). */
function pathIndexOf(path: readonly SessionEntry[]): (projected: ProjectedEntry) => number {
  const indices = new Map<SessionEntry, number>();
  path.forEach((entry, index) => indices.set(entry, index));
  return (projected) => indices.get(projected.entry)!;
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

/**
 * The meter's reading right after a compaction: the branch with the compaction at its end,
 * measured by the function that measures every position for the meter and the trigger
 * (`measureProjection`), so the card's "after" is that reading, whatever the context holds.
 */
export function tokensAfterCompaction(branch: readonly SessionEntry[], compaction: Pick<CompactionEntry, 'summary' | 'firstKeptEntryId' | 'tokensBefore'>, measure: ContextMeasureOptions): number {
  const path = withCompaction(branch, compaction);
  return measureProjection(projectPath(path), path, measure).contextTokens;
}

/** The branch with a compaction appended under its last entry (not written anywhere). */
function withCompaction(branch: readonly SessionEntry[], compaction: Pick<CompactionEntry, 'summary' | 'firstKeptEntryId' | 'tokensBefore'>): SessionEntry[] {
  const last = branch.at(-1);
  return [...branch, { type: 'compaction', id: '', parentId: last?.id ?? null, timestamp: last?.timestamp ?? '', ...compaction }];
}

/** The kept messages of a projection from `from` on, without system messages (prompt state, not conversation). */
function keptMessagesOf(entries: readonly ProjectedEntry[], from: number): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let i = from; i < entries.length; i++) for (const message of entries[i]!.messages) if (message.role !== 'system') messages.push(message);
  return messages;
}

/** The messages [from, to) give a summary: as edited, without system messages (prompt state, not conversation) and without a compaction's. */
function spanMessages(entries: readonly ProjectedEntry[], from: number, to: number): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let i = from; i < to; i++) {
    const { entry, messages: own } = entries[i]!;
    // The previous compaction travels as `previousSummary`.
    if (entry.type === 'compaction') continue;
    for (const message of own) if (message.role !== 'system') messages.push(message);
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
