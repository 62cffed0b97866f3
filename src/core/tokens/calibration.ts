/**
 * Per-model calibration of an estimator against what the provider actually counted.
 *
 * What we predict is "last reported usage + estimate of the messages after it", so we
 * calibrate exactly that estimated part: between two successful calls j < k of the same model,
 * the provider's growth `promptTokens(k) − contextTokens(j)` is the real size of the messages
 * appended after j's reply, and our estimate of those same messages is the other side of the
 * ratio. This leaves out the system prompt and tool definitions, which no estimate of the
 * messages sees. Ratios are smoothed (EMA) and clamped so one odd sample cannot derail the meter.
 * The agent feeds it the samples of the latest replies on the path to the position (see
 * `pathCalibration.ts`), so the ratio depends on the file only, never on what a process saw.
 */
export interface CalibrationSample {
  modelKey: string;
  /** Tokens the provider counted for the messages between the two calls. */
  reported: number;
  /** Our estimate of the same messages. */
  estimated: number;
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
  observe(sample: CalibrationSample): number | undefined {
    const { alpha, minRatio, maxRatio, minSampleTokens } = this.options;
    if (sample.estimated < minSampleTokens || sample.reported <= 0) return undefined;
    const observed = clamp(sample.reported / sample.estimated, minRatio, maxRatio);
    const current = this.state.get(sample.modelKey);
    const ratio = current ? clamp(current.ratio + alpha * (observed - current.ratio), minRatio, maxRatio) : observed;
    this.state.set(sample.modelKey, { ratio, samples: (current?.samples ?? 0) + 1 });
    return ratio;
  }

  toJSON(): CalibrationState {
    return Object.fromEntries(this.state);
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
