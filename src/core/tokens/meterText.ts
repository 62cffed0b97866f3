/** How the token meter writes numbers: "4.6k / 200k · 2%". */

export interface MeterReading {
  /** Tokens the next request's context is expected to take. */
  tokens: number;
  /** The model's context window. */
  contextWindow: number;
  /** Where automatic compaction fires, when it is known. */
  threshold?: number;
}

/** How the meter should look: `near` from 85 % of the compaction threshold, `over` past it. */
export type MeterLevel = 'normal' | 'near' | 'over';

export const NEAR_THRESHOLD_SHARE = 0.85;

export function meterLevel(reading: MeterReading): MeterLevel {
  const limit = reading.threshold ?? reading.contextWindow;
  if (limit <= 0) return 'normal';
  if (reading.tokens > limit) return 'over';
  return reading.tokens >= NEAR_THRESHOLD_SHARE * limit ? 'near' : 'normal';
}

export function percentOf(reading: MeterReading): number {
  return reading.contextWindow > 0 ? Math.round((reading.tokens / reading.contextWindow) * 100) : 0;
}

/** "4.6k / 200k · 2%" */
export function meterText(reading: MeterReading): string {
  return `${formatTokens(reading.tokens)} / ${formatTokens(reading.contextWindow)} · ${percentOf(reading)}%`;
}

/** 950 → "950", 4560 → "4.6k", 200000 → "200k", 1250000 → "1.3M". */
export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 1_000_000) return `${trimZero((tokens / 1000).toFixed(tokens < 100_000 ? 1 : 0))}k`;
  return `${trimZero((tokens / 1_000_000).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}
