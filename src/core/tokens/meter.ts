/**
 * The status-bar meter's reading. It is drawn from a `ContextStatus` — the very numbers the
 * auto-compaction trigger decides on (`contextStatus`), so the meter and the trigger can never
 * disagree — plus, while a reply streams, an estimate of the text received so far.
 */
import type { AgentMessage } from '../session';
import { TokenCalibration } from './calibration';
import { usableUsage } from './usage';
import { contextStatus, type ContextStatus, type StatusOptions } from './contextTokens';
import type { TokenEstimator } from './estimator';
import { percentOf, type MeterNumbers } from './meterText';

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
 * How many of the branch's latest replies a reopened session learns from. The ratio is an EMA
 * (weight 0.3), so a sample 40 replies back weighs 0.7^40 ≈ 6e-7: learning from more changes
 * nothing visible but tokenizes the whole branch (0.7 s for a 100 000-entry session, spent while
 * the views wait for their first rows).
 */
export const CALIBRATION_REPLIES = 40;

/**
 * A calibration learned from the replies already on a branch, so a session reopened after a
 * reload is measured as accurately as it was before (each new reply then refines it).
 */
export function learnedCalibration(messages: readonly AgentMessage[], estimator: TokenEstimator): TokenCalibration {
  const calibration = new TokenCalibration();
  calibration.learnFromMessages(messages, estimator, latestRepliesStart(messages, CALIBRATION_REPLIES));
  return calibration;
}

/** Index of the `count`-th last assistant message with a usage (0 when there are fewer). */
function latestRepliesStart(messages: readonly AgentMessage[], count: number): number {
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'assistant' && usableUsage(messages[i]!) && ++seen === count) return i;
  }
  return 0;
}

/** "4 characters per token" or "tokenizer (gpt-tokenizer) × 1.12 calibrated", for the tooltip. */
export function estimatorLabel(reading: Pick<MeterReading, 'estimator' | 'calibrationRatio'>): string {
  const base = reading.estimator === 'pi' ? '4 characters per token' : `tokenizer (${reading.estimator})`;
  return reading.calibrationRatio === 1 ? base : `${base} × ${reading.calibrationRatio.toFixed(2)} calibrated`;
}

/** The tooltip's lines (plain text; the glue adds the Compact Session link). */
export function meterDetails(reading: MeterReading): string[] {
  const n = (value: number): string => value.toLocaleString('en-US');
  return [
    reading.window !== undefined
      ? `${n(reading.tokens)} of ${n(reading.window)} tokens (${reading.percent}%)`
      : `${n(reading.tokens)} tokens (the model's context window is unknown)`,
    reading.reportedTokens > 0 ? `Reported by the API: ${n(reading.reportedTokens)}` : 'Reported by the API: nothing yet',
    `Estimated: ${n(reading.estimatedTokens)} — ${estimatorLabel(reading)}${reading.streamingTokens > 0 ? `, ${n(reading.streamingTokens)} of it streaming now` : ''}`,
    reading.threshold !== undefined
      ? `Auto-compaction fires above ${n(reading.threshold)}`
      : reading.compactionEnabled
        ? 'Auto-compaction cannot fire: the reserve leaves no room in the window'
        : 'Auto-compaction is off',
    `A compaction keeps the last ${n(reading.keepRecentTokens)} tokens verbatim`,
  ];
}
