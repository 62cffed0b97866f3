/**
 * Failures of a request → `LlmError` with a reason and plain words. Read structurally (status,
 * error type, headers, name), so this module loads without the SDK:
 *
 * - aborted by our signal, or the SDK's user-abort error → 'aborted';
 * - any 413 (the request is over the API's size limit, whatever its body says, as pi-ai 1.6 reads
 *   it), and a 400 whose text names an overflow (the compaction engine's `isOverflowText`, the one
 *   matcher in the project) → 'context-overflow', never retried;
 * - 401/403 → 'auth'; 429 → 'rate-limit'; 529 or `overloaded_error` → 'overloaded';
 *   other 5xx and `api_error` → 'server'; other 4xx → 'invalid-request';
 * - no HTTP status: an `error` event inside the stream is classified by its type; a dropped
 *   connection, a timeout, or a stream that ended before `message_stop` → 'network'.
 *
 * Retryable: rate-limit, overloaded, server, network (408 and 409 count as network: the SDK's
 * own policy retries them too); an unexpected error that came from neither the API nor the
 * network is 'server' but final. The `retry-after-ms` / `retry-after` headers are read here.
 */
import { ARBOR_OVERFLOW_WORDS, isOverflowText } from '../overflow';
import { errorMessage } from '../../util/errors';
import { LlmError, type LlmErrorReason } from '../provider';

/** The stream ended (connection closed cleanly) before the API said `message_stop`. */
export class StreamCutError extends Error {
  constructor() {
    super('The connection closed before the reply was complete');
    this.name = 'StreamCutError';
  }
}

/** What the SDK's errors carry, read without importing their classes. */
interface ApiErrorShape {
  name?: string;
  status?: number;
  type?: string | null;
  apiMessage?: string | null;
  headers?: { get(name: string): string | null };
  cause?: unknown;
  code?: unknown;
}

const RETRYABLE: ReadonlySet<LlmErrorReason> = new Set(['rate-limit', 'overloaded', 'server', 'network']);

const ERROR_TYPE_REASONS: Readonly<Record<string, LlmErrorReason>> = {
  overloaded_error: 'overloaded',
  rate_limit_error: 'rate-limit',
  api_error: 'server',
  authentication_error: 'auth',
  permission_error: 'auth',
  request_too_large: 'invalid-request',
  invalid_request_error: 'invalid-request',
  not_found_error: 'invalid-request',
};

export function isRetryable(reason: LlmErrorReason): boolean {
  return RETRYABLE.has(reason);
}

export function toLlmError(error: unknown, context: { aborted: boolean; now: () => number }): LlmError {
  if (error instanceof LlmError) return error;
  const shape = (typeof error === 'object' && error !== null ? error : {}) as ApiErrorShape;
  if (context.aborted || shape.name === 'APIUserAbortError') {
    return new LlmError('aborted', 'The request was stopped', { retryable: false }, { cause: error });
  }
  const status = typeof shape.status === 'number' ? shape.status : undefined;
  const text = apiText(error, shape);
  const reason = reasonFor(status, shape, text, error);
  const retryAfterMs = retryAfter(shape.headers, context.now);
  // Neither from the API nor from the network (a bug, a malformed event): trying again would fail again.
  const unexpected = status === undefined && typeof shape.type !== 'string' && !looksLikeNetwork(error);
  const details: LlmError['details'] = { retryable: !unexpected && isRetryable(reason) };
  if (status !== undefined) details.status = status;
  if (retryAfterMs !== undefined) details.retryAfterMs = retryAfterMs;
  const type = typeof shape.type === 'string' ? shape.type : undefined;
  return new LlmError(reason, describe(reason, status, type, text), details, { cause: error });
}

function reasonFor(status: number | undefined, shape: ApiErrorShape, text: string, error: unknown): LlmErrorReason {
  const type = typeof shape.type === 'string' ? shape.type : undefined;
  if (status === 413 || ((status === undefined || status === 400) && isOverflowText(`${type ?? ''} ${text}`))) return 'context-overflow';
  if (status !== undefined) return reasonForStatus(status, type);
  if (type && ERROR_TYPE_REASONS[type]) return ERROR_TYPE_REASONS[type]!;
  return looksLikeNetwork(error) ? 'network' : 'server';
}

function reasonForStatus(status: number, type: string | undefined): LlmErrorReason {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate-limit';
  if (status === 529 || type === 'overloaded_error') return 'overloaded';
  if (status >= 500) return 'server';
  if (status === 408 || status === 409) return 'network';
  return 'invalid-request';
}

/** Connection errors of the SDK, our cut-stream error, and Node/undici socket errors (by code). */
function looksLikeNetwork(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const shape = current as ApiErrorShape;
    if (current instanceof StreamCutError) return true;
    if (shape.name === 'APIConnectionError' || shape.name === 'APIConnectionTimeoutError') return true;
    if (typeof shape.code === 'string' && /^(E[A-Z]+|UND_ERR)/.test(shape.code)) return true;
    if (current instanceof TypeError && /terminated|fetch failed|network/i.test(current.message)) return true;
    current = shape.cause;
  }
  return false;
}

/** The API's own message when it sent one, else the error's. */
function apiText(error: unknown, shape: ApiErrorShape): string {
  if (typeof shape.apiMessage === 'string' && shape.apiMessage) return shape.apiMessage;
  return errorMessage(error);
}

const REASON_WORDS: Readonly<Record<LlmErrorReason, string>> = {
  'context-overflow': ARBOR_OVERFLOW_WORDS,
  auth: 'The API key was refused',
  'rate-limit': 'Rate limited by the API',
  overloaded: 'The API is overloaded',
  server: 'The API failed',
  network: 'Network error',
  'invalid-request': 'The API rejected the request',
  aborted: 'The request was stopped',
};

/**
 * E.g. "Rate limited by the API (429 rate_limit_error): Slow down". The API's text is kept whole:
 * overflow detection reads it (and knows the words of an overflow, for a 413 whose text names none).
 */
function describe(reason: LlmErrorReason, status: number | undefined, type: string | undefined, text: string): string {
  const code = [status, type].filter((part) => part !== undefined).join(' ');
  const head = code ? `${REASON_WORDS[reason]} (${code})` : REASON_WORDS[reason];
  return text ? `${head}: ${text}` : head;
}

/** `retry-after-ms` (milliseconds), else `retry-after` (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfter(headers: ApiErrorShape['headers'], now: () => number): number | undefined {
  if (!headers || typeof headers.get !== 'function') return undefined;
  const ms = parseNumber(headers.get('retry-after-ms'));
  if (ms !== undefined) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = parseNumber(value);
  if (seconds !== undefined) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

function parseNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}
