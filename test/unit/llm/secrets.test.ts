import { strict as assert } from 'node:assert';
import { error, rateLimited, reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { user } from '../../support/builders';
import { collect, endOf, request, TEST_KEY, testProvider } from './support/run';

const PROMPT = 'Please refactor the secret-sauce module';
const REPLY = 'Here is the refactored secret-sauce module';

describe('llm/anthropic: the API key and message contents', () => {
  const server = useFakeAnthropic();

  it('sends the key in the authentication header only: not in another header, a body, an event, an error or the log', async () => {
    server().script(rateLimited(1), reply(text(REPLY), toolUse('read', { path: 'a.ts' })), error(401, 'authentication_error', 'invalid x-api-key'));
    const { provider, logs } = testProvider(server());
    const first = await collect(provider.stream(request({ messages: [user(PROMPT)] })));
    const second = await collect(provider.stream(request({ messages: [user(PROMPT)] })));
    const requests = server().messageRequests();
    assert.equal(requests.length, 3);
    for (const recorded of requests) {
      const carrying = Object.entries(recorded.headers).filter(([, value]) => value.includes(TEST_KEY));
      assert.equal(carrying.length, 1, 'exactly one header carries the key');
      const [name, value] = carrying[0]!;
      assert.ok((name === 'authorization' && value === `Bearer ${TEST_KEY}`) || (name === 'x-api-key' && value === TEST_KEY), `${name}: ${value}`);
      assert.equal(recorded.rawBody.includes(TEST_KEY), false);
      assert.equal(recorded.query.includes(TEST_KEY), false);
    }
    const everythingWeProduced = JSON.stringify([first, second], (key, value: unknown) => (key === 'cause' ? undefined : value)) + logs.join('\n');
    assert.equal(everythingWeProduced.includes(TEST_KEY), false);
    for (const event of [...first, ...second]) if (event.type === 'end' && event.error) assert.equal(event.error.message.includes(TEST_KEY), false);
  });

  it('logs what happened (model, counts, retries, failures) without the contents of messages', async () => {
    server().script(rateLimited(1), reply(text(REPLY)), error(400, 'invalid_request_error', 'messages.0: bad'));
    const { provider, logs } = testProvider(server());
    const { message } = endOf(await collect(provider.stream(request({ messages: [user(PROMPT)] }))));
    await collect(provider.stream(request({ messages: [user(PROMPT)] })));
    assert.deepEqual(logs, [
      'info request claude-sonnet-4-5: 1 messages, 0 tools, attempt 1/4',
      'info rate-limit (429): retrying in 1000 ms',
      'info request claude-sonnet-4-5: 1 messages, 0 tools, attempt 2/4',
      `info reply ${message.responseId}: stop, ${message.usage.input} in / ${message.usage.output} out`,
      'info request claude-sonnet-4-5: 1 messages, 0 tools, attempt 1/4',
      'warn request failed after 1 attempt(s): The API rejected the request (400 invalid_request_error): messages.0: bad',
    ]);
    const logged = logs.join('\n');
    assert.equal(logged.includes('secret-sauce'), false);
    assert.equal(logged.includes('You are terse'), false);
  });

  it('refuses to send a request without a key, rather than let the SDK look for one elsewhere', async () => {
    server().script(text('never'));
    const { provider } = testProvider(server(), { apiKey: '' });
    const events = await collect(provider.stream(request()));
    const end = events.at(-1);
    assert.equal(end?.type, 'end');
    assert.equal(end?.type === 'end' && end.error?.reason, 'auth');
    assert.equal(server().attempts, 0);
  });
});
