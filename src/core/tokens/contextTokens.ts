/**
 * Context-size accounting: the last API-reported usage plus an estimate
 * of what was appended after it. One function, `contextStatus`, feeds both the status-bar meter
 * and the auto-compaction trigger, so they can never disagree; it also says which part of the
 * number the provider reported and which part is our estimate.
 */
import type { AgentMessage, AssistantMessage } from '../session';
import { latestCompactionTime, type Calibration } from './calibration';
import type { TokenEstimator } from './estimator';
import { piEstimator } from './piEstimator';
import { calculateContextTokens, modelKeyOf, usableUsage } from './usage';

export interface ContextMeasure {
  /** reportedTokens + estimatedTokens. */
  contextTokens: number;
  /** From the provider: request + reply of the last usable call (0 when there is none). */
  reportedTokens: number;
  /** Our (calibrated) estimate of the messages after that call — or of all of them. */
  estimatedTokens: number;
  /** The same before calibration. */
  rawEstimatedTokens: number;
  /** Index of the message whose usage was used; null when everything is estimated. */
  lastUsageIndex: number | null;
  /**
   * What the provider reported for the last usable reply in the messages, whether or not it is
   * counted (a usage from before the latest compaction is not); undefined when no reply has one.
   */
  lastReportedTokens: number | undefined;
  /** The calibration factor applied to the estimate (1 = none). */
  calibrationRatio: number;
  estimator: string;
  /** A usage older than the latest compaction was skipped (pi would have used it). */
  skippedStaleUsage: boolean;
}

export interface MeasureOptions {
  /** Default: pi's chars/4, for parity. The agent passes the tokenizer estimator. */
  estimator?: TokenEstimator;
  calibration?: Calibration;
  /** Calibration key of the model the next request goes to; default: the last assistant's model. */
  modelKey?: string;
  /**
   * Skip usages recorded before the latest compaction (default true). pi uses them (false), so a
   * kept pre-compaction assistant makes the context look as large as before the compaction.
   */
  ignoreStaleUsage?: boolean;
  /** false: estimate every message, ignoring reported usage (the CLI's pure estimate). */
  useReportedUsage?: boolean;
}

/** How a context is counted (estimator, calibration, model): the meter, the trigger and compaction's numbers pass the same. */
export type ContextMeasureOptions = Pick<MeasureOptions, 'estimator' | 'calibration' | 'modelKey'>;

export function measureContext(messages: readonly AgentMessage[], options: MeasureOptions = {}): ContextMeasure {
  const estimator = options.estimator ?? piEstimator;
  const { index, skippedStale, lastReported } = lastUsableUsage(messages, options);
  const ratio = options.calibration?.ratio(options.modelKey ?? lastModelKey(messages)) ?? 1;
  let raw = 0;
  for (let i = (index ?? -1) + 1; i < messages.length; i++) raw += estimator.estimate(messages[i]!);
  const reportedTokens = index === null ? 0 : calculateContextTokens((messages[index] as AssistantMessage).usage);
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
    skippedStaleUsage: skippedStale,
  };
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
export function contextStatus(messages: readonly AgentMessage[], options: StatusOptions): ContextStatus {
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

function lastUsableUsage(messages: readonly AgentMessage[], options: MeasureOptions): { index: number | null; skippedStale: boolean; lastReported: number | undefined } {
  if (options.useReportedUsage === false) return { index: null, skippedStale: false, lastReported: undefined };
  const staleUntil = options.ignoreStaleUsage === false ? -Infinity : latestCompactionTime(messages);
  let skippedStale = false;
  let lastReported: number | undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const usage = usableUsage(message);
    if (!usage) continue;
    lastReported ??= calculateContextTokens(usage);
    if (message.timestamp <= staleUntil) {
      skippedStale = true;
      continue;
    }
    return { index: i, skippedStale, lastReported };
  }
  return { index: null, skippedStale, lastReported };
}

function lastModelKey(messages: readonly AgentMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'assistant') return modelKeyOf(message);
  }
  return undefined;
}
