import { strict as assert } from 'node:assert';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ContentTooLargeError,
  InternalServerError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { isContextOverflow } from '../../../src/core/llm/overflow';
import { LlmError } from '../../../src/core/llm';
import { StreamCutError, retryAfter, toLlmError } from '../../../src/core/llm/anthropic/errors';
import { assistant } from '../../support/builders';

const NOW = Date.parse('2026-11-30T12:00:00Z');
const context = { aborted: false, now: () => NOW };

function body(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

function headers(values: Record<string, string> = {}): Headers {
  return new Headers(values);
}

describe('llm/anthropic: error classes', () => {
  const cases: { name: string; error: unknown; reason: LlmError['reason']; retryable: boolean; status?: number }[] = [
    { name: '400 prompt too long', error: new BadRequestError(400, body('invalid_request_error', 'prompt is too long: 213462 tokens > 200000 maximum'), undefined, headers()), reason: 'context-overflow', retryable: false, status: 400 },
    { name: '413 request too large', error: new ContentTooLargeError(413, body('request_too_large', 'Request exceeds the maximum size'), undefined, headers()), reason: 'context-overflow', retryable: false, status: 413 },
    { name: 'a 413 with no body (any 413 is over the size limit)', error: new ContentTooLargeError(413, undefined, undefined, headers()), reason: 'context-overflow', retryable: false, status: 413 },
    { name: 'a 400 with no body', error: new BadRequestError(400, undefined, undefined, headers()), reason: 'invalid-request', retryable: false, status: 400 },
    { name: '400 other', error: new BadRequestError(400, body('invalid_request_error', 'messages.0.content: empty'), undefined, headers()), reason: 'invalid-request', retryable: false, status: 400 },
    { name: '401', error: new AuthenticationError(401, body('authentication_error', 'invalid x-api-key'), undefined, headers()), reason: 'auth', retryable: false, status: 401 },
    { name: '403', error: new PermissionDeniedError(403, body('permission_error', 'no access'), undefined, headers()), reason: 'auth', retryable: false, status: 403 },
    { name: '429', error: new RateLimitError(429, body('rate_limit_error', 'slow down'), undefined, headers()), reason: 'rate-limit', retryable: true, status: 429 },
    { name: '529', error: new OverloadedError(529, body('overloaded_error', 'Overloaded'), undefined, headers()), reason: 'overloaded', retryable: true, status: 529 },
    { name: '500', error: new InternalServerError(500, body('api_error', 'oops'), undefined, headers()), reason: 'server', retryable: true, status: 500 },
    { name: 'error event: overloaded', error: new APIError(undefined, body('overloaded_error', 'Overloaded'), undefined, headers(), 'overloaded_error'), reason: 'overloaded', retryable: true },
    { name: 'error event: prompt too long', error: new APIError(undefined, body('invalid_request_error', 'prompt is too long: 5 tokens > 4 maximum'), undefined, headers(), 'invalid_request_error'), reason: 'context-overflow', retryable: false },
    { name: 'connection', error: new APIConnectionError({ message: 'Connection error.' }), reason: 'network', retryable: true },
    { name: 'timeout', error: new APIConnectionTimeoutError(), reason: 'network', retryable: true },
    { name: 'socket reset', error: new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }), reason: 'network', retryable: true },
    { name: 'stream cut', error: new StreamCutError(), reason: 'network', retryable: true },
    { name: 'user abort', error: new APIUserAbortError(), reason: 'aborted', retryable: false },
    { name: 'an unexpected error (a bug, a malformed event)', error: new RangeError('index out of range'), reason: 'server', retryable: false },
  ];

  for (const { name, error, reason, retryable, status } of cases) {
    it(`classifies ${name} as ${reason}${retryable ? ', retryable' : ', final'}`, () => {
      const classified = toLlmError(error, context);
      assert.equal(classified.reason, reason);
      assert.equal(classified.details.retryable, retryable);
      assert.equal(classified.details.status, status);
      assert.equal(classified.cause, error);
    });
  }

  it('classifies anything as aborted once our signal fired', () => {
    assert.equal(toLlmError(new InternalServerError(500, body('api_error', 'x'), undefined, headers()), { ...context, aborted: true }).reason, 'aborted');
  });

  it('words an overflow so the compaction engine\'s overflow check recognises the failed reply', () => {
    const error = toLlmError(new BadRequestError(400, body('invalid_request_error', 'prompt is too long: 213462 tokens > 200000 maximum'), undefined, headers()), context);
    assert.equal(error.message, 'The conversation is too long for the model (400 invalid_request_error): prompt is too long: 213462 tokens > 200000 maximum');
    assert.equal(isContextOverflow(assistant([], { stopReason: 'error', errorMessage: error.message })), true);
    const bare = toLlmError(new ContentTooLargeError(413, undefined, undefined, headers()), context);
    assert.equal(bare.message, 'The conversation is too long for the model (413): 413 status code (no body)');
    assert.equal(isContextOverflow(assistant([], { stopReason: 'error', errorMessage: bare.message })), true);
    const limited = toLlmError(new RateLimitError(429, body('rate_limit_error', 'slow down'), undefined, headers()), context);
    assert.equal(isContextOverflow(assistant([], { stopReason: 'error', errorMessage: limited.message })), false);
  });

  it('reads retry-after-ms, retry-after in seconds, and retry-after as an HTTP date', () => {
    assert.equal(retryAfter(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), context.now), 1500);
    assert.equal(retryAfter(headers({ 'retry-after': '2' }), context.now), 2000);
    assert.equal(retryAfter(headers({ 'retry-after': '0.5' }), context.now), 500);
    assert.equal(retryAfter(headers({ 'retry-after': 'Mon, 30 Nov 2026 12:00:07 GMT' }), context.now), 7000);
    assert.equal(retryAfter(headers({ 'retry-after': 'Mon, 30 Nov 2026 11:59:00 GMT' }), context.now), 0);
    assert.equal(retryAfter(headers({ 'retry-after': 'soon' }), context.now), undefined);
    assert.equal(retryAfter(headers(), context.now), undefined);
  });

  it('carries the server\'s retry-after on the classified error', () => {
    const error = toLlmError(new RateLimitError(429, body('rate_limit_error', 'slow down'), undefined, headers({ 'retry-after': '3' })), context);
    assert.equal(error.details.retryAfterMs, 3000);
  });
});
