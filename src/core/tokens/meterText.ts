/** How the token meter writes numbers: "84.2k / 200k · 42%", "840 / 200k · 0%". */

/** What the meter's text is drawn from (a `MeterReading` has it). */
export interface MeterNumbers {
  /** Tokens the next request's context is expected to take. */
  tokens: number;
  /** The model's context window; undefined when unknown. */
  window: number | undefined;
}

/** Whole percent of the window, rounded; undefined when the window is unknown. */
export function percentOf(numbers: MeterNumbers): number | undefined {
  return numbers.window !== undefined && numbers.window > 0 ? Math.round((numbers.tokens / numbers.window) * 100) : undefined;
}

/** "84.2k / 200k · 42%"; "84.2k tokens" when the window is unknown. */
export function meterText(numbers: MeterNumbers): string {
  const percent = percentOf(numbers);
  if (percent === undefined) return `${formatTokens(numbers.tokens)} tokens`;
  return `${formatTokens(numbers.tokens)} / ${formatTokens(numbers.window!)} · ${percent}%`;
}

/**
 * 950 → "950", 1050 → "1.1k", 84_200 → "84.2k", 199_999 → "200k", 999_999 → "1M", 1_250_000 →
 * "1.3M". One decimal below 100k, none from 100k to 1M; the unit is chosen after rounding, so a
 * count just under a unit's boundary never reads "1000k".
 */
export function formatTokens(tokens: number): string {
  const whole = Math.max(0, Math.round(tokens));
  if (whole < 1000) return String(whole);
  const tenthsOfK = Math.round(whole / 100);
  if (tenthsOfK < 1000) return `${tenthsOfK / 10}k`;
  const k = Math.round(whole / 1000);
  if (k < 1000) return `${k}k`;
  return `${Math.round(whole / 100_000) / 10}M`;
}

