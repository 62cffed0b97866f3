/** Timing helpers for benchmarks: median of several runs, printed as milliseconds and ratios. */
import { performance } from 'node:perf_hooks';

export async function medianMs(runs: number, work: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * Medians of two pieces of work measured in turns (a, b, a, b, …), so that neither side always
 * runs after the other (a disk still writing the other side's files, a load that changes);
 * `before` runs untimed ahead of each.
 */
export async function alternatingMediansMs(runs: number, a: () => unknown, b: () => unknown, options: { before?: (side: 0 | 1) => unknown } = {}): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [side, work] of [a, b].entries()) {
      // Untimed: what each run needs first (changes to undo, the disk done writing the last run's files).
      await options.before?.(side as 0 | 1);
      const start = performance.now();
      await work();
      times[side]!.push(performance.now() - start);
    }
  }
  const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  return [median(times[0]), median(times[1])];
}

export function ratioLine(label: string, value: number, limit?: { max?: number; min?: number }): string {
  const verdict = limit?.max !== undefined ? (value <= limit.max ? `ok (≤ ${limit.max})` : `OVER (> ${limit.max})`) : limit?.min !== undefined ? (value >= limit.min ? `ok (≥ ${limit.min})` : `UNDER (< ${limit.min})`) : '';
  return `${label.padEnd(64)} ${value.toFixed(3).padStart(9)}  ${verdict}`;
}

export function msLine(label: string, ms: number): string {
  return `${label.padEnd(64)} ${ms.toFixed(1).padStart(9)} ms`;
}

/** Records when the SDK hands a request to `fetch`: the body is serialized and leaves. */
export function watchFetch(): { last: () => number; restore: () => void } {
  const original = globalThis.fetch;
  let last = 0;
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    last = performance.now();
    return original(...args);
  }) as typeof fetch;
  return { last: () => last, restore: () => (globalThis.fetch = original) };
}
