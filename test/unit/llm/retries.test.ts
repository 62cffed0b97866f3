import { strict as assert } from 'node:assert';
import { isContextOverflow } from '../../../src/core/llm/overflow';
import { error, midStreamError, overflow, overloaded, rateLimited, reply, resetAfter, serverError, text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { collect, endOf, request, testProvider } from './support/run';

describe('llm/anthropic: failures, over HTTP, and how often they are tried (the server counts)', () => {
  const server = useFakeAnthropic();

  const retried = [
    { name: '429 with retry-after: 2', failure: rateLimited(2), reason: 'rate-limit', wait: 2000 },
    { name: '529 overloaded', failure: overloaded(), reason: 'overloaded', wait: 750 },
    { name: '500 server error', failure: serverError(), reason: 'server', wait: 750 },
    { name: 'a connection reset mid-stream', failure: reply(text('partial reply'), resetAfter(3)), reason: 'network', wait: 750 },
    { name: 'an overloaded_error event mid-stream', failure: reply(text('partial reply'), midStreamError(3)), reason: 'overloaded', wait: 750 },
  ] as const;

  for (const { name, failure, reason, wait } of retried) {
    it(`retries ${name} (${reason}) and then succeeds`, async () => {
      server().script(failure, text('Recovered.'));
      const { provider, waits } = testProvider(server());
      const events = await collect(provider.stream(request()));
      const { message, error: failed } = endOf(events);
      assert.equal(failed, undefined);
      assert.deepEqual(message.content, [{ type: 'text', text: 'Recovered.' }]);
      assert.equal(server().attempts, 2);
      // random() is 0.5 in tests: the first backoff is 1000 ms × 0.75; a retry-after is waited as said.
      assert.deepEqual(waits, [wait]);
      const retries = events.flatMap((e) => (e.type === 'retry' ? [[e.attempt, e.error.reason]] : []));
      assert.deepEqual(retries, [[2, reason]]);
    });
  }

  const final = [
    { name: '400 invalid request', failure: error(400, 'invalid_request_error', 'messages: field required'), reason: 'invalid-request', status: 400 },
    { name: '401 bad key', failure: error(401, 'authentication_error', 'invalid x-api-key'), reason: 'auth', status: 401 },
    { name: '400 prompt is too long', failure: overflow(213_462, 200_000), reason: 'context-overflow', status: 400 },
  ] as const;

  for (const { name, failure, reason, status } of final) {
    it(`does not retry ${name}: one attempt, ended as ${reason}`, async () => {
      server().script(failure, text('never sent'));
      const { provider, waits } = testProvider(server());
      const events = await collect(provider.stream(request()));
      const { message, error: failed } = endOf(events);
      assert.equal(server().attempts, 1);
      assert.deepEqual(waits, []);
      assert.equal(events.some((e) => e.type === 'retry'), false);
      assert.equal(failed?.reason, reason);
      assert.equal(failed?.details.status, status);
      assert.equal(failed?.details.attempts, 1);
      assert.equal(message.stopReason, 'error');
      assert.equal(message.errorMessage, failed?.message);
    });
  }

  it('marks an overflow so the compaction engine\'s check sees it (the agent compacts and retries once)', async () => {
    server().script(overflow(213_462, 200_000));
    const { provider } = testProvider(server());
    const { message } = endOf(await collect(provider.stream(request())));
    assert.equal(isContextOverflow(message, 200_000), true);
    assert.match(message.errorMessage ?? '', /prompt is too long: 213462 tokens > 200000 maximum/);
  });

  it('gives up after the last attempt with the last error, having waited longer each time', async () => {
    server().script(serverError(), serverError(), serverError(), serverError(), text('too late'));
    const { provider, waits } = testProvider(server());
    const events = await collect(provider.stream(request()));
    const { error: failed } = endOf(events);
    assert.equal(server().attempts, 4);
    assert.deepEqual(waits, [750, 1500, 3000]);
    assert.equal(failed?.reason, 'server');
    assert.equal(failed?.details.attempts, 4);
    assert.deepEqual(events.flatMap((e) => (e.type === 'retry' ? [e.attempt] : [])), [2, 3, 4]);
  });

  it('follows the attempt bound it is given', async () => {
    server().script(overloaded(), overloaded(), text('third'));
    const { provider } = testProvider(server(), { retry: { maxAttempts: 2 } });
    const { error: failed } = endOf(await collect(provider.stream(request())));
    assert.equal(server().attempts, 2);
    assert.equal(failed?.reason, 'overloaded');
  });

  it('does not wait for a retry-after longer than the policy allows, and says how long the server asked', async () => {
    server().script(rateLimited(600), text('never'));
    const { provider, waits } = testProvider(server());
    const { error: failed } = endOf(await collect(provider.stream(request())));
    assert.equal(server().attempts, 1);
    assert.deepEqual(waits, []);
    assert.equal(failed?.reason, 'rate-limit');
    assert.equal(failed?.details.retryAfterMs, 600_000);
  });

  it('stops during the wait between attempts when aborted, ending as aborted without another request', async () => {
    server().script(overloaded(), text('never'));
    const controller = new AbortController();
    const { provider } = testProvider(server(), {
      sleep: async () => {
        controller.abort();
      },
    });
    const events = await collect(provider.stream(request({ signal: controller.signal })));
    const { message, error: failed } = endOf(events);
    assert.equal(server().attempts, 1);
    assert.equal(failed?.reason, 'aborted');
    assert.equal(message.stopReason, 'aborted');
    assert.deepEqual(message.content, []);
  });

  it('sends nothing when the signal had already fired, and ends as aborted', async () => {
    server().script(text('never'));
    const controller = new AbortController();
    controller.abort();
    const { provider } = testProvider(server());
    const { message, error: failed } = endOf(await collect(provider.stream(request({ signal: controller.signal }))));
    assert.equal(server().attempts, 0);
    assert.equal(failed?.reason, 'aborted');
    assert.equal(message.stopReason, 'aborted');
    assert.deepEqual(message.content, []);
  });
});
