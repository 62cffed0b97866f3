import { strict as assert } from 'node:assert';
import Anthropic from '@anthropic-ai/sdk';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  chunks,
  rateLimitHeaders,
  reply,
  slow,
  startFakeAnthropic,
  text,
  useFakeAnthropic,
  type RecordedRequest,
} from '../../support/fakeAnthropic';

const KEY = 'sk-ant-test-requests-0123456789';
const HI = { model: 'claude-test-1', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('fake Anthropic server: recording, authentication and the other routes', () => {
  const server = useFakeAnthropic({ apiKey: KEY });
  const client = (apiKey = KEY): Anthropic => new Anthropic({ apiKey, baseURL: server().url, maxRetries: 0 });
  const post = (path: string, body: string, headers: Record<string, string>): Promise<Response> =>
    fetch(`${server().url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('records method, path, lowercased headers and the parsed body of every request', async () => {
    server().script(text('one'), text('two'));
    const tools = [{ name: 'read', description: 'Read a file', input_schema: { type: 'object' as const, properties: {} } }];
    await client().messages.create({ ...HI, system: 'Be brief.', tools });
    await client().messages.stream({ ...HI, messages: [{ role: 'user', content: 'second' }] }).finalMessage();
    const [first, second] = server().requests;
    assert.equal(server().requests.length, 2);
    assert.equal(first?.method, 'POST');
    assert.equal(first?.path, '/v1/messages');
    assert.deepEqual(first?.body, { ...HI, system: 'Be brief.', tools });
    assert.equal(first?.headers['content-type'], 'application/json');
    assert.deepEqual(second?.body, { ...HI, messages: [{ role: 'user', content: 'second' }], stream: true });
    assert.equal(server().lastRequest(), second);
    assert.deepEqual(server().requests.map((r) => r.outcome), ['complete', 'complete']);
  });

  it('receives the key from SDK 1.14.0 as an authorization bearer header, never in a body', async () => {
    server().script(text('ok'));
    await client().messages.stream(HI).finalMessage();
    await client().messages.countTokens({ model: HI.model, messages: HI.messages });
    for (const request of server().requests) {
      assert.equal(request.headers['authorization'], `Bearer ${KEY}`);
      assert.equal(request.headers['x-api-key'], undefined);
      assert.ok(!request.rawBody.includes(KEY), `key found in the body of ${request.path}`);
      assert.ok(!request.query.includes(KEY));
    }
  });

  it('accepts the key in x-api-key as well', async () => {
    server().script(text('ok'));
    const response = await post('/v1/messages', JSON.stringify(HI), { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { content: unknown }).content instanceof Array, true);
  });

  it("refuses a wrong key with Anthropic's 401 and keeps the scripted reply for the next request", async () => {
    server().script(text('for the right key'));
    const thrown = await client('sk-ant-wrong').messages.create(HI).catch((e: unknown) => e);
    assert.ok(thrown instanceof Anthropic.AuthenticationError, `got ${String(thrown)}`);
    assert.equal(thrown.type, 'authentication_error');
    assert.equal(server().pending(), 1);
    const message = await client().messages.create(HI);
    assert.deepEqual(message.content, [{ type: 'text', text: 'for the right key' }]);
    assert.equal(server().attempts, 2);
  });

  it('refuses a request without any key', async () => {
    const response = await post('/v1/messages', JSON.stringify(HI), {});
    assert.equal(response.status, 401);
    assert.deepEqual(await response.json(), {
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
      request_id: response.headers.get('request-id'),
    });
  });

  it('counts tokens from the request, the same number a streamed reply reports', async () => {
    // {"messages":[{"role":"user","content":"hi"}]} is 45 characters: ceil(45 / 4) = 12 tokens.
    const counted = await client().messages.countTokens({ model: HI.model, messages: HI.messages });
    assert.deepEqual(counted, { input_tokens: 12 });
    server().script(text('ok'));
    const message = await client().messages.stream(HI).finalMessage();
    assert.equal(message.usage.input_tokens, 12);
    assert.equal(server().pending(), 0);
    assert.equal(server().attempts, 1, 'count_tokens is not a messages attempt');
  });

  it('frames server-sent events exactly as the API does, ping included', async () => {
    server().script(reply(text('Hi!'), chunks(10)));
    const response = await post('/v1/messages', JSON.stringify({ ...HI, stream: true }), { 'x-api-key': KEY });
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const frames = (await response.text()).split('\n\n');
    assert.equal(frames.pop(), '', 'the stream ends with a blank line');
    const types = frames.map((frame) => {
      const [eventLine, dataLine, ...rest] = frame.split('\n');
      assert.deepEqual(rest, []);
      const name = /^event: (\w+)$/.exec(eventLine ?? '')?.[1];
      const data = JSON.parse(/^data: (.*)$/.exec(dataLine ?? '')?.[1] ?? 'null') as { type: string };
      assert.equal(data.type, name);
      return name;
    });
    assert.deepEqual(types, [
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    assert.equal(frames[3], 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi!"}}');
  });

  it('answers an unknown route with a 404 in Anthropic shape', async () => {
    const response = await post('/v1/complete', '{}', { 'x-api-key': KEY });
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { error: { type: string } }).error.type, 'not_found_error');
  });

  it('answers a body that is not JSON with invalid_request_error', async () => {
    const response = await post('/v1/messages', '{"model": ', { 'x-api-key': KEY });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: { type: string } }).error.type, 'invalid_request_error');
    assert.equal(server().lastRequest().body, undefined);
    assert.equal(server().lastRequest().rawBody, '{"model": ');
  });

  it('asks the handler when the queue is empty, after the queued replies', async () => {
    const lastUserText = (request: RecordedRequest): string => {
      const messages = request.body?.messages;
      const last = Array.isArray(messages) ? messages.at(-1) : undefined;
      return last && typeof last === 'object' && !Array.isArray(last) && typeof last['content'] === 'string' ? last['content'] : '?';
    };
    server().setHandler((request) => text(`echo: ${lastUserText(request)}`));
    server().script(text('queued first'));
    const ask = async (content: string): Promise<unknown> =>
      (await client().messages.create({ ...HI, messages: [{ role: 'user', content }] })).content;
    assert.deepEqual(await ask('a'), [{ type: 'text', text: 'queued first' }]);
    assert.deepEqual(await ask('b'), [{ type: 'text', text: 'echo: b' }]);
    server().script((request) => text(`once: ${lastUserText(request)}`));
    assert.deepEqual(await ask('c'), [{ type: 'text', text: 'once: c' }]);
    assert.deepEqual(await ask('d'), [{ type: 'text', text: 'echo: d' }]);
  });

  it('turns a handler that throws into a 500 naming the failure', async () => {
    server().script(() => {
      throw new Error('bad script');
    });
    const thrown = await client().messages.create(HI).catch((e: unknown) => e);
    assert.ok(thrown instanceof Anthropic.InternalServerError);
    assert.match(thrown.message, /fake server: handler failed: bad script/);
  });

  it('stops writing when the client aborts mid-stream, records it, and serves the next request', async () => {
    server().script(reply(text('a long reply that the client will not wait for'), chunks(2), slow({ chunkDelayMs: 5 })), text('next'));
    const stream = client().messages.stream(HI);
    stream.on('text', () => stream.abort());
    const thrown = await stream.finalMessage().catch((e: unknown) => e);
    assert.ok(thrown instanceof Anthropic.APIUserAbortError, `got ${String(thrown)}`);
    await server().settled();
    assert.equal(server().lastRequest().outcome, 'aborted');
    const message = await client().messages.stream(HI).finalMessage();
    assert.deepEqual(message.content, [{ type: 'text', text: 'next' }]);
  });

  it('counts how many requests it answered at once: two sent together, then one alone', async () => {
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothHere = new Promise<void>((resolve) => (release = resolve));
    // Each reply waits until both requests are being answered, so the overlap does not depend on timing.
    const together = async (): Promise<ReturnType<typeof text>> => {
      if (++arrived === 2) release();
      await bothHere;
      return text('together');
    };
    server().script(together, together, text('alone'));
    await Promise.all([client().messages.create(HI), client().messages.create(HI)]);
    assert.equal(server().peakConcurrency, 2);
    await client().messages.create(HI);
    assert.equal(server().peakConcurrency, 2);
  });

  it('answers one request at a time when the client waits for each', async () => {
    server().script(text('a'), text('b'));
    await client().messages.create(HI);
    await client().messages.stream(HI).finalMessage();
    assert.equal(server().peakConcurrency, 1);
  });

  it('sends scripted response headers such as the rate-limit ones', async () => {
    server().script(reply(text('ok'), rateLimitHeaders({ requests: 49, tokens: 39_000 })));
    const { response } = await client().messages.create(HI).withResponse();
    assert.equal(response.headers.get('anthropic-ratelimit-requests-remaining'), '49');
    assert.equal(response.headers.get('anthropic-ratelimit-tokens-remaining'), '39000');
    assert.equal(response.headers.get('anthropic-ratelimit-tokens-limit'), '40000');
  });

  it('closes with a reply still waiting: the client sees a connection error and no response is left running', async () => {
    const own = await startFakeAnthropic({ apiKey: KEY });
    own.script(reply(text('never sent'), slow({ headerDelayMs: 600_000 })));
    const pending = new Anthropic({ apiKey: KEY, baseURL: own.url, maxRetries: 0 }).messages.create(HI).catch((e: unknown) => e);
    while (own.requests.length === 0) await sleep(5);
    await own.close();
    assert.ok((await pending) instanceof Anthropic.APIConnectionError);
    await own.settled(); // would wait out the ten-minute delay (and time out) if the pause outlived the connection
    assert.equal(own.lastRequest().outcome, 'aborted');
  });
});
