import { strict as assert } from 'node:assert';
import { LlmError } from '../../../src/core/llm';
import { DEFAULT_RETRY_POLICY, abortableSleep, retryDelay } from '../../../src/core/llm/anthropic/retry';

const policy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 5000, maxRetryAfterMs: 20_000 };
const retryable = (retryAfterMs?: number) => new LlmError('overloaded', 'Overloaded', { retryable: true, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });

describe('llm/anthropic: retry policy', () => {
  it('doubles the wait per attempt up to the cap, scaled by a jitter between half and all of it', () => {
    const top = () => 0.999999;
    assert.deepEqual([1, 2, 3, 4].map((attempt) => retryDelay(retryable(), attempt, policy, () => 0)), [500, 1000, 2000, 2500]);
    assert.deepEqual([1, 2, 3, 4].map((attempt) => retryDelay(retryable(), attempt, policy, top)), [1000, 2000, 4000, 5000]);
  });

  it('waits what retry-after says instead, and gives up when it says longer than the policy will wait', () => {
    assert.equal(retryDelay(retryable(1500), 1, policy, () => 0), 1500);
    assert.equal(retryDelay(retryable(20_000), 1, policy, () => 0), 20_000);
    assert.equal(retryDelay(retryable(20_001), 1, policy, () => 0), undefined);
  });

  it('stops after the last attempt and never retries a final error', () => {
    assert.equal(retryDelay(retryable(), 5, policy, () => 0), undefined);
    assert.equal(retryDelay(new LlmError('auth', 'no', { retryable: false }), 1, policy, () => 0), undefined);
  });

  it('defaults to four attempts in all', () => {
    assert.equal(DEFAULT_RETRY_POLICY.maxAttempts, 4);
    assert.notEqual(retryDelay(retryable(), 3, DEFAULT_RETRY_POLICY, () => 0), undefined);
    assert.equal(retryDelay(retryable(), 4, DEFAULT_RETRY_POLICY, () => 0), undefined);
  });

  it('ends a wait as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = abortableSleep(3_600_000, controller.signal);
    controller.abort();
    await waiting; // a one-hour timer would keep mocha waiting if the abort did not end it
    assert.equal(controller.signal.aborted, true);
  });
});
