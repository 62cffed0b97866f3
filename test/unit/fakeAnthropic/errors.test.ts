import { strict as assert } from 'node:assert';
import Anthropic from '@anthropic-ai/sdk';
import {
  error,
  midStreamError,
  overflow,
  overloaded,
  rateLimited,
  reply,
  resetAfter,
  serverError,
  text,
  useFakeAnthropic,
} from '../../support/fakeAnthropic';

const KEY = 'sk-ant-test-errors';
const HI = { model: 'claude-test-1', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };

/** The rejection of `work`, which must reject. */
async function rejection(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (thrown) {
    return thrown;
  }
  assert.fail('expected the request to fail');
}

describe('fake Anthropic server: errors through the real SDK', () => {
  const server = useFakeAnthropic({ apiKey: KEY });
  const client = (maxRetries = 0): Anthropic => new Anthropic({ apiKey: KEY, baseURL: server().url, maxRetries });

  type ApiErrorClass = new (...args: never[]) => InstanceType<typeof Anthropic.APIError>;
  const statuses: [string, () => ReturnType<typeof error>, ApiErrorClass, number, string][] = [
    ['400', () => error(400, 'invalid_request_error', 'messages: field required'), Anthropic.BadRequestError, 400, 'invalid_request_error'],
    ['401', () => error(401, 'authentication_error', 'invalid x-api-key'), Anthropic.AuthenticationError, 401, 'authentication_error'],
    ['429', () => rateLimited(7), Anthropic.RateLimitError, 429, 'rate_limit_error'],
    ['500', serverError, Anthropic.InternalServerError, 500, 'api_error'],
    ['529', overloaded, Anthropic.OverloadedError, 529, 'overloaded_error'],
  ];
  for (const [name, scripted, errorClass, status, type] of statuses) {
    it(`answers a scripted ${name} that the SDK maps to ${errorClass.name} with error type ${type}`, async () => {
      server().script(scripted());
      const thrown = await rejection(client().messages.create(HI));
      assert.ok(thrown instanceof errorClass, `got ${String(thrown)}`);
      assert.ok(thrown instanceof Anthropic.APIError);
      assert.equal(thrown.status, status);
      assert.equal(thrown.type, type);
      assert.equal(thrown.requestID, thrown.headers?.get('request-id'));
      assert.match(thrown.requestID ?? '', /^req_/);
    });
  }

  it('sends retry-after on a 429', async () => {
    server().script(rateLimited(7));
    const thrown = await rejection(client().messages.create({ ...HI, stream: true }));
    assert.ok(thrown instanceof Anthropic.RateLimitError);
    assert.equal(thrown.headers?.get('retry-after'), '7');
  });

  it('words a context overflow as the API does', async () => {
    server().script(overflow(212_345, 200_000));
    const thrown = await rejection(client().messages.create({ ...HI, stream: true }));
    assert.ok(thrown instanceof Anthropic.BadRequestError);
    assert.deepEqual(thrown.error, {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 212345 tokens > 200000 maximum' },
      request_id: thrown.requestID,
    });
  });

  it("counts the SDK's own retries: two 429s then a reply make three attempts", async () => {
    server().script(rateLimited(0.001), rateLimited(0.001), text('third time'));
    const message = await client(2).messages.stream(HI).finalMessage();
    assert.deepEqual(message.content, [{ type: 'text', text: 'third time' }]);
    assert.equal(server().attempts, 3);
    assert.deepEqual(
      server().messageRequests().map((r) => r.headers['x-stainless-retry-count']),
      ['0', '1', '2'],
    );
  });

  it('fails a request nothing was scripted for at once, without SDK retries', async () => {
    const thrown = await rejection(client(2).messages.create(HI));
    assert.ok(thrown instanceof Anthropic.InternalServerError);
    assert.match(thrown.message, /fake server: no scripted reply for request #0/);
    assert.equal(server().attempts, 1);
  });

  it('surfaces an error event in the middle of a stream as an APIError of that type', async () => {
    server().script(reply(text('Partial answer that never ends'), midStreamError(4, 'overloaded_error', 'Overloaded')));
    const deltas: string[] = [];
    const thrown = await rejection(client().messages.stream(HI).on('text', (d) => deltas.push(d)).finalMessage());
    assert.ok(thrown instanceof Anthropic.APIError, `got ${String(thrown)}`);
    assert.equal(thrown.type, 'overloaded_error');
    assert.equal(thrown.status, undefined, 'the HTTP status was 200: the error came inside the stream');
    // Events before the error: message_start, ping, content_block_start, one text delta.
    assert.deepEqual(deltas, ['Partial ']);
    assert.equal(server().lastRequest().outcome, 'error');
  });

  it('surfaces a connection reset mid-stream as a terminated connection, after the events sent', async () => {
    server().script(reply(text('Partial answer that never ends'), resetAfter(5)));
    const deltas: string[] = [];
    const thrown = await rejection(client().messages.stream(HI).on('text', (d) => deltas.push(d)).finalMessage());
    // SDK 1.14.0 reports a body cut mid-stream as AnthropicError('terminated') caused by undici's TypeError.
    assert.ok(thrown instanceof Anthropic.AnthropicError, `got ${String(thrown)}`);
    assert.ok(!(thrown instanceof Anthropic.APIError && thrown.status !== undefined), 'not an HTTP status error');
    assert.equal(thrown.message, 'terminated');
    assert.deepEqual(deltas, ['Partial ', 'answer t']);
    assert.equal(server().lastRequest().outcome, 'reset');
  });

  it('turns stream faults into whole-response failures for a request without stream', async () => {
    server().script(reply(text('x'), midStreamError(2, 'overloaded_error', 'Overloaded')), reply(text('y'), resetAfter(1)));
    const overloadedError = await rejection(client().messages.create(HI));
    assert.ok(overloadedError instanceof Anthropic.OverloadedError);
    const resetError = await rejection(client().messages.create(HI));
    assert.ok(resetError instanceof Anthropic.APIConnectionError, `got ${String(resetError)}`);
  });
});
