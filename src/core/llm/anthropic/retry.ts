/**
 * The one retry policy for model requests (the SDK's own retries are off). Exponential backoff
 * with jitter: attempt n waits `base · 2^(n-1)`, capped at `maxDelayMs`, scaled by a random
 * factor in [0.5, 1) so clients that failed together do not retry together. A server's
 * `retry-after` replaces the computed delay; one longer than `maxRetryAfterMs` is not waited for
 * (the error goes to the user with its retry-after, rather than a silent multi-minute stall).
 */
import { LlmError } from '../provider';

export interface RetryPolicy {
  /** Attempts in all, the first included (default 4). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `retry-after` worth waiting for. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 };

/** The wait before attempt `attempt + 1`, or undefined when the error must not be retried. */
export function retryDelay(error: LlmError, attempt: number, policy: RetryPolicy, random: () => number): number | undefined {
  if (!error.details.retryable || attempt >= policy.maxAttempts) return undefined;
  const serverSays = error.details.retryAfterMs;
  if (serverSays !== undefined) return serverSays <= policy.maxRetryAfterMs ? Math.ceil(serverSays) : undefined;
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exponential * (0.5 + 0.5 * clampUnit(random())));
}

function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0.5;
}

export type Sleep = (ms: number, signal: AbortSignal | undefined) => Promise<void>;

/** Resolves after `ms`, or early (without throwing) when `signal` aborts: the caller checks the signal. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
