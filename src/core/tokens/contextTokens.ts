/**
 * Context-size accounting: the last API-reported usage plus an estimate of what was appended after
 * it. One function, `contextStatus`, feeds both the status-bar meter and the auto-compaction
 * trigger, so they can never disagree; it also says which part of the number the provider reported
 * and which part is our estimate.
 *
 * Which usage counts follows pi 1.6 (its projected estimate): the last trusted one (`usableUsage`)
 * among the context messages, when its reply comes after the latest context edit and compaction on
 * the path (`UsageTrust`); without one, the whole context is estimated, its system messages as the
 * one prompt they replay to (`ContextEstimate`).
 */
import type { AgentMessage, SessionEntry, SessionProjection, Usage } from '../session';
import type { Calibration } from './calibration';
import type { TokenEstimator } from './estimator';
import { piEstimator } from './piEstimator';
import { ContextEstimate, TRUST_EVERY_USAGE, usageTrust, type UsageInvalidation, type UsageTrust } from './projected';
import { calculateContextTokens, modelKeyOf, replyUsage } from './usage';

export interface ContextMeasure {
  /** reportedTokens + estimatedTokens. */
  contextTokens: number;
  /** From the provider: request + reply of the last trusted call (0 when there is none). */
  reportedTokens: number;
  /** Our (calibrated) estimate of the messages after that call — or of all of them. */
  estimatedTokens: number;
  /** The same before calibration. */
  rawEstimatedTokens: number;
  /** Index of the message whose usage was used; null when everything is estimated. */
  lastUsageIndex: number | null;
  /**
   * What the provider reported for the last reply that ended normally, whether or not it is counted
   * (a usage from before the latest edit or compaction is not); 0 when its counters were all zero
   * (no usage); undefined when no reply has one.
   */
  lastReportedTokens: number | undefined;
  /** The calibration factor applied to the estimate (1 = none; always 1 when nothing is reported: a whole context is not scaled). */
  calibrationRatio: number;
  estimator: string;
  /** The last usage was not counted: it was reported before the latest context edit or compaction on the path. */
  staleUsage: UsageInvalidation | undefined;
}

export interface MeasureOptions {
  /** Default: pi's chars/4, for parity. The agent passes the tokenizer estimator. */
  estimator?: TokenEstimator;
  calibration?: Calibration;
  /** Calibration key of the model the next request goes to; default: the last assistant's model. */
  modelKey?: string;
  /** Which messages may carry a trusted usage (`usageTrust`); default: all of them. */
  trust?: UsageTrust;
  /** false: estimate every message, ignoring reported usage (the CLI's pure estimate). */
  useReportedUsage?: boolean;
  /**
   * The whole context's estimate kept up to date with these messages (the agent's view keeps one):
   * used instead of a recount when no usage is counted. Ignored when made with another estimator.
   */
  whole?: ContextEstimate;
}

/**
 * A context read from its end. The meter looks back only as far as the last counted reply, so a
 * holder whose array is not up to date (the agent's view, with context edits not yet applied to
 * it) can give the newest messages without first building the whole list.
 */
export interface ContextFromEnd {
  readonly messageCount: number;
  /** The messages, newest first. */
  newestFirst(): Iterator<AgentMessage, unknown>;
  /** Every message in order: read only when a whole context must be counted without a kept estimate. */
  readonly messages: readonly AgentMessage[];
}

/** What the meter measures: the messages, or a context read from its end. */
export type ContextMessages = readonly AgentMessage[] | ContextFromEnd;

/** How a context is counted (estimator, calibration, model): the meter, the trigger and compaction's numbers pass the same. */
export type ContextMeasureOptions = Pick<MeasureOptions, 'estimator' | 'calibration' | 'modelKey'>;

export function measureContext(given: ContextMessages, options: MeasureOptions = {}): ContextMeasure {
  const context = fromEnd(given);
  const estimator = options.estimator ?? piEstimator;
  const { index, usage, stale, lastReported } = lastTrustedUsage(context, options);
  // The calibration was learned on the messages between two replies, against the growth the
  // provider reported: it scales only that, the messages after a counted reply. A whole context
  // (no reply counted: a new session, right after a compaction or a context edit) is estimated
  // unscaled, as pi estimates it: a ratio learned on a few short messages, applied to a long
  // summary, once made a compaction's "after" read above its "before".
  const ratio = index === null ? 1 : (options.calibration?.ratio(options.modelKey ?? lastModelKey(context)) ?? 1);
  let raw = 0;
  if (index === null) raw = (options.whole?.estimator === estimator ? options.whole : new ContextEstimate(estimator, context.messages)).tokens;
  else for (const message of newest(context, context.messageCount - 1 - index).reverse()) raw += estimator.estimate(message);
  const reportedTokens = usage === undefined ? 0 : calculateContextTokens(usage);
  const estimatedTokens = Math.ceil(raw * ratio);
  return {
    contextTokens: reportedTokens + estimatedTokens,
    reportedTokens,
    estimatedTokens,
    rawEstimatedTokens: raw,
    lastUsageIndex: index,
    lastReportedTokens: lastReported,
    calibrationRatio: ratio,
    estimator: estimator.name,
    staleUsage: stale,
  };
}

/**
 * The context at a position measured as pi 1.6's `estimateProjectedContextTokens` does (with pi's
 * estimator, equal to it): `projection` is the context of `path`, the entries root → position. The
 * one function for a position's size: the meter, `arbor tokens` and a compaction's `tokensBefore`.
 */
export function measureProjection(projection: Pick<SessionProjection, 'entries' | 'messages'>, path: readonly SessionEntry[], options: Omit<MeasureOptions, 'trust'> = {}): ContextMeasure {
  return measureContext(projection.messages, { ...options, trust: usageTrust(projection, path) });
}

export interface CompactionThreshold {
  enabled: boolean;
  reserveTokens: number;
}

/**
 * pi's trigger (`contextTokens > window − reserve`, strict) with one guard: an unknown window
 * (0, negative, NaN) or a reserve that leaves no room never triggers — pi would compact after
 * every turn.
 */
export function shouldCompact(contextTokens: number, contextWindow: number | undefined, settings: CompactionThreshold): boolean {
  const threshold = compactionThreshold(contextWindow, settings);
  return settings.enabled && threshold !== undefined && contextTokens > threshold;
}

/** window − reserve, or undefined when the window is unknown or the reserve leaves nothing. */
export function compactionThreshold(contextWindow: number | undefined, settings: Pick<CompactionThreshold, 'reserveTokens'>): number | undefined {
  if (contextWindow === undefined || !(contextWindow > 0)) return undefined;
  const threshold = contextWindow - settings.reserveTokens;
  return threshold > 0 ? threshold : undefined;
}

export interface ContextStatus extends ContextMeasure {
  /** undefined when the model's window is unknown: no percentage, no auto-compaction. */
  contextWindow: number | undefined;
  threshold: number | undefined;
  percent: number | undefined;
  shouldCompact: boolean;
}

export interface StatusOptions extends MeasureOptions {
  contextWindow: number | undefined;
  settings: CompactionThreshold;
}

/** The meter's reading and the trigger's decision, from the same numbers. */
export function contextStatus(messages: ContextMessages, options: StatusOptions): ContextStatus {
  const measure = measureContext(messages, options);
  const known = options.contextWindow !== undefined && options.contextWindow > 0;
  return {
    ...measure,
    contextWindow: known ? options.contextWindow : undefined,
    threshold: compactionThreshold(options.contextWindow, options.settings),
    percent: known ? (measure.contextTokens / options.contextWindow!) * 100 : undefined,
    shouldCompact: shouldCompact(measure.contextTokens, options.contextWindow, options.settings),
  };
}

/** An array read from its end, as the agent's view is. */
function fromEnd(messages: ContextMessages): ContextFromEnd {
  if (!Array.isArray(messages)) return messages as ContextFromEnd;
  const list = messages as readonly AgentMessage[];
  return { messageCount: list.length, messages: list, newestFirst: () => backwards(list) };
}

function backwards(list: readonly AgentMessage[]): Iterator<AgentMessage, undefined> {
  let i = list.length;
  return { next: () => (i > 0 ? { done: false, value: list[--i]! } : { done: true, value: undefined }) };
}

/** The newest `count` messages, newest first. */
function newest(context: ContextFromEnd, count: number): AgentMessage[] {
  const taken: AgentMessage[] = [];
  const messages = context.newestFirst();
  for (let step = messages.next(); taken.length < count && !step.done; step = messages.next()) taken.push(step.value);
  return taken;
}

/**
 * The newest reply with a usage, searched from the end: trusted when it is at or after
 * `trust.from` (every older one is before it too). A reply whose counters are all zero is no usage:
 * the search goes on to an older one, as pi's does.
 */
function lastTrustedUsage(context: ContextFromEnd, options: MeasureOptions): { index: number | null; usage?: Usage; stale: UsageInvalidation | undefined; lastReported: number | undefined } {
  if (options.useReportedUsage === false) return { index: null, stale: undefined, lastReported: undefined };
  const trust = options.trust ?? TRUST_EVERY_USAGE;
  let lastReported: number | undefined;
  const messages = context.newestFirst();
  for (let i = context.messageCount - 1, step = messages.next(); !step.done; i--, step = messages.next()) {
    const usage = replyUsage(step.value);
    if (!usage) continue;
    const tokens = calculateContextTokens(usage);
    lastReported ??= tokens;
    if (!(tokens > 0)) continue;
    return i >= trust.from ? { index: i, usage, stale: undefined, lastReported } : { index: null, stale: trust.after, lastReported };
  }
  return { index: null, stale: undefined, lastReported };
}

function lastModelKey(context: ContextFromEnd): string | undefined {
  const messages = context.newestFirst();
  for (let step = messages.next(); !step.done; step = messages.next()) if (step.value.role === 'assistant') return modelKeyOf(step.value);
  return undefined;
}
