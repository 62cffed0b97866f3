/**
 * Per-model calibration of an estimator against what the provider actually counted.
 *
 * What we predict is "last reported usage + estimate of the messages after it" (§3.3), so we
 * calibrate exactly that estimated part: between two successful calls j < k of the same model,
 * the provider's growth `promptTokens(k) − contextTokens(j)` is the real size of the messages
 * appended after j's reply, and our estimate of those same messages is the other side of the
 * ratio. This leaves out the system prompt and tool definitions, which no estimate of the
 * messages sees. Ratios are smoothed (EMA) and clamped so one odd sample cannot derail the meter.
 * The agent feeds it the samples of the latest replies on the path to the position (see
 * `pathCalibration.ts`), so the ratio depends on the file only, never on what a process saw.
 */
import type { AgentMessage, AssistantMessage } from '../session';
import type { TokenEstimator } from './estimator';
import { calculateContextTokens, modelKeyOf, promptTokens, usableUsage } from './usage';

export interface CalibrationSample {
  modelKey: string;
  /** Tokens the provider counted for the messages between the two calls. */
  reported: number;
  /** Our estimate of the same messages. */
  estimated: number;
  /** Index of the later assistant message (the one whose request was measured). */
  index: number;
}

export interface CalibrationOptions {
  /** EMA weight of a new sample (0–1). */
  alpha?: number;
  minRatio?: number;
  maxRatio?: number;
  /** Samples whose estimate is smaller are mostly framing noise and are skipped. */
  minSampleTokens?: number;
}

export interface CalibrationState {
  [modelKey: string]: { ratio: number; samples: number };
}

const DEFAULTS: Required<CalibrationOptions> = { alpha: 0.3, minRatio: 0.5, maxRatio: 3, minSampleTokens: 50 };

/** What a measurement needs of a calibration: the factor for a model's estimates. */
export interface Calibration {
  /** The factor to apply to estimates for `modelKey`; 1 when nothing says otherwise. */
  ratio(modelKey: string | undefined): number;
}

export class TokenCalibration implements Calibration {
  private readonly options: Required<CalibrationOptions>;
  private readonly state = new Map<string, { ratio: number; samples: number }>();

  constructor(options: CalibrationOptions = {}, initial: CalibrationState = {}) {
    this.options = { ...DEFAULTS, ...options };
    for (const [key, value] of Object.entries(initial)) this.state.set(key, { ...value });
  }

  /** The factor to apply to estimates for `modelKey`; 1 until something was learned. */
  ratio(modelKey: string | undefined): number {
    return (modelKey !== undefined ? this.state.get(modelKey)?.ratio : undefined) ?? 1;
  }

  samples(modelKey: string): number {
    return this.state.get(modelKey)?.samples ?? 0;
  }

  /** Feeds one sample; returns the new ratio, or undefined if the sample was too small to use. */
  observe(sample: Pick<CalibrationSample, 'modelKey' | 'reported' | 'estimated'>): number | undefined {
    const { alpha, minRatio, maxRatio, minSampleTokens } = this.options;
    if (sample.estimated < minSampleTokens || sample.reported <= 0) return undefined;
    const observed = clamp(sample.reported / sample.estimated, minRatio, maxRatio);
    const current = this.state.get(sample.modelKey);
    const ratio = current ? clamp(current.ratio + alpha * (observed - current.ratio), minRatio, maxRatio) : observed;
    this.state.set(sample.modelKey, { ratio, samples: (current?.samples ?? 0) + 1 });
    return ratio;
  }

  /**
   * Learns from the usages recorded in a message list (a context or a whole path). Only samples
   * whose later call is at `fromIndex` or after are used, so the agent can pass the context after
   * each reply with `fromIndex = messages.length - 1` and learn just the newest one.
   */
  learnFromMessages(messages: readonly AgentMessage[], estimator: TokenEstimator, fromIndex = 0): number {
    let used = 0;
    for (const sample of calibrationSamples(messages, estimator, fromIndex)) {
      if (this.observe(sample) !== undefined) used++;
    }
    return used;
  }

  toJSON(): CalibrationState {
    return Object.fromEntries(this.state);
  }
}

/** The (reported, estimated) pairs a message list offers, oldest first. */
export function calibrationSamples(messages: readonly AgentMessage[], estimator: TokenEstimator, fromIndex = 0): CalibrationSample[] {
  const staleUntil = latestCompactionTime(messages);
  const samples: CalibrationSample[] = [];
  let previous = -1;
  for (let k = 0; k < messages.length; k++) {
    const message = messages[k]!;
    const usage = usableUsage(message);
    if (!usage || message.role !== 'assistant' || message.timestamp <= staleUntil) continue;
    const j = previous;
    previous = k;
    if (k < fromIndex || j < 0) continue;
    const before = messages[j] as AssistantMessage;
    if (modelKeyOf(before) !== modelKeyOf(message)) continue;
    let estimated = 0;
    for (let i = j + 1; i < k; i++) estimated += estimator.estimate(messages[i]!);
    const reported = promptTokens(usage) - calculateContextTokens(before.usage);
    samples.push({ modelKey: modelKeyOf(message), reported, estimated, index: k });
  }
  return samples;
}

/**
 * Usages recorded before the latest compaction describe the context as it was before it
 * (COMPACTION §19.6); kept assistant messages still carry them. -Infinity when there is none.
 */
export function latestCompactionTime(messages: readonly AgentMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'compactionSummary') return message.timestamp;
  }
  return -Infinity;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
