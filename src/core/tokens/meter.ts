/**
 * The status-bar meter's reading. It is drawn from a `ContextStatus` — the very numbers the
 * auto-compaction trigger decides on (`contextStatus`), so the meter and the trigger can never
 * disagree — plus, while a reply streams, an estimate of the text received so far.
 */
import type { AgentMessage } from '../session';
import { contextStatus, type ContextStatus, type StatusOptions } from './contextTokens';
import { percentOf, type MeterNumbers } from './meterText';
import type { UsageInvalidation } from './projected';

/** `warning` past 80 % of where auto-compaction fires, `error` past that point. */
export type MeterLevel = 'normal' | 'warning' | 'error';

/** The share of the threshold past which the meter warns. */
export const WARNING_SHARE = 0.8;

/** The compaction settings the meter shows. */
export interface MeterSettings {
  enabled: boolean;
  keepRecentTokens: number;
}

export interface MeterReading extends MeterNumbers {
  /** Whole percent of the window; undefined when the window is unknown. */
  percent: number | undefined;
  /** Where auto-compaction fires (window − reserve); undefined when it is off or cannot fire. */
  threshold: number | undefined;
  /** `arbor.compaction.enabled`. */
  compactionEnabled: boolean;
  /** The part the provider reported (last usable reply's usage). */
  reportedTokens: number;
  /** Whether a reply's usage is counted (it can be 0: an endpoint that reports none). */
  reportCounted: boolean;
  /** The last usage the provider reported on the branch, counted or not (undefined: none yet). */
  lastReportedTokens: number | undefined;
  /** Why the last usage is not counted: a context edit or a compaction after its reply on the branch. */
  staleUsage: UsageInvalidation | undefined;
  /** The estimated part: messages after that reply, and the reply streaming now. */
  estimatedTokens: number;
  /** Of the estimated part, the reply still streaming. */
  streamingTokens: number;
  /** Which estimator counted the estimated part (`gpt-tokenizer`, `pi` = 4 characters per token). */
  estimator: string;
  /** The calibration factor applied to the estimate (1 = none learned yet). */
  calibrationRatio: number;
  /** How much recent conversation a compaction keeps verbatim. */
  keepRecentTokens: number;
  level: MeterLevel;
}

/** The reading for `status` (from `contextStatus` / `AgentSession.status()`), plus tokens streaming now. */
export function meterReading(status: ContextStatus, settings: MeterSettings, streamingTokens = 0): MeterReading {
  const streaming = Math.max(0, Math.round(streamingTokens));
  const tokens = status.contextTokens + streaming;
  const window = status.contextWindow;
  const threshold = settings.enabled ? status.threshold : undefined;
  return {
    tokens,
    window,
    percent: percentOf({ tokens, window }),
    threshold,
    compactionEnabled: settings.enabled,
    reportedTokens: status.reportedTokens,
    reportCounted: status.lastUsageIndex !== null,
    lastReportedTokens: status.lastReportedTokens,
    staleUsage: status.staleUsage,
    estimatedTokens: status.estimatedTokens + streaming,
    streamingTokens: streaming,
    estimator: status.estimator,
    calibrationRatio: status.calibrationRatio,
    keepRecentTokens: settings.keepRecentTokens,
    level: meterLevel(tokens, threshold ?? window),
  };
}

/**
 * Against the compaction threshold (or, with compaction off, the window): `error` strictly past
 * it (where the trigger fires: `tokens > threshold`), `warning` strictly past 80 % of it.
 */
export function meterLevel(tokens: number, limit: number | undefined): MeterLevel {
  if (limit === undefined || !(limit > 0)) return 'normal';
  if (tokens > limit) return 'error';
  return tokens > WARNING_SHARE * limit ? 'warning' : 'normal';
}

export interface MeasureMeterOptions extends Omit<StatusOptions, 'settings'> {
  settings: MeterSettings & { reserveTokens: number };
}

/** A reading for a message list, measured the way an agent measures its context (tests, the CLI). */
export function measureMeter(messages: readonly AgentMessage[], options: MeasureMeterOptions): MeterReading {
  return meterReading(contextStatus(messages, options), options.settings);
}

/**
 * How the estimated part was counted: "estimated at 4 characters per token", or "estimated
 * (gpt-tokenizer counts, calibrated to this model's reported usage: × 1.12)". The tokenizer only
 * stands in for the model's own, and the text says so. With no reply counted the whole context is
 * estimated, never scaled (the calibration scales what follows a counted reply), and it says that.
 */
export function estimatorLabel(reading: Pick<MeterReading, 'estimator' | 'calibrationRatio' | 'reportCounted'>): string {
  const calibrated = `calibrated to this model's reported usage: × ${reading.calibrationRatio.toFixed(2)}`;
  if (reading.estimator === 'pi') return reading.calibrationRatio === 1 ? 'estimated at 4 characters per token' : `estimated at 4 characters per token, ${calibrated}`;
  if (!reading.reportCounted) return `estimated (${reading.estimator} counts of the whole context, not scaled until a reply reports usage)`;
  return `estimated (${reading.estimator} counts, ${reading.calibrationRatio === 1 ? 'not calibrated to this model yet' : calibrated})`;
}

/** The tooltip's lines (plain text; the glue adds the Compact Session link). */
export function meterDetails(reading: MeterReading): string[] {
  const n = (value: number): string => value.toLocaleString('en-US');
  return [
    reading.window !== undefined
      ? `${n(reading.tokens)} of ${n(reading.window)} tokens (${reading.percent}%)`
      : `${n(reading.tokens)} tokens (the model's context window is unknown)`,
    reportedLine(reading, n),
    estimatedLine(reading, n),
    reading.threshold !== undefined
      ? `Auto-compaction fires above ${n(reading.threshold)}`
      : reading.compactionEnabled
        ? 'Auto-compaction cannot fire: the reserve leaves no room in the window'
        : 'Auto-compaction is off',
    `A compaction keeps the last ${n(reading.keepRecentTokens)} tokens verbatim`,
  ];
}

/** The estimated part, and how it was counted; nothing to estimate right after a reply. */
function estimatedLine(reading: MeterReading, n: (value: number) => string): string {
  if (reading.estimatedTokens === 0 && reading.reportCounted) return 'Nothing after the last reply to estimate';
  const streaming = reading.streamingTokens > 0 ? `; ${n(reading.streamingTokens)} of it is the reply streaming now` : '';
  return `The rest, ${n(reading.estimatedTokens)}, is ${estimatorLabel(reading)}${streaming}`;
}

/**
 * What the provider reported: the last reply's usage when it is counted; after a compaction or a
 * context edit, the last usage from before it, which no longer describes the context (so the count
 * is all estimate until the next reply); nothing before the first reply.
 */
function reportedLine(reading: MeterReading, n: (value: number) => string): string {
  if (reading.reportCounted) return `Reported by the API for the last reply: ${n(reading.reportedTokens)}`;
  const last = reading.lastReportedTokens;
  if (last === undefined) return 'Reported by the API: nothing yet (no reply on this branch)';
  if (reading.staleUsage === 'compaction') return `Reported by the API for the last reply: ${n(last)}, before the compaction (not counted: the summary replaced that context)`;
  if (reading.staleUsage === 'context_edit') return `Reported by the API for the last reply: ${n(last)}, before a context edit (not counted: the edit changed that context)`;
  return `Reported by the API for the last reply: ${n(last)}`;
}
