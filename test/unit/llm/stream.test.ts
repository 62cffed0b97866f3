import { strict as assert } from 'node:assert';
import { countInputTokens, reply, resetAfter, slow, text, thinking, redactedThinking, toolUse, usage, useFakeAnthropic, stop } from '../../support/fakeAnthropic';
import { collect, endOf, FIXED_NOW, request, testProvider } from './support/run';

describe('llm/anthropic: streaming a reply from the fake server', () => {
  const server = useFakeAnthropic();

  it('streams thinking, text and a tool call in order and assembles the message pi would store', async () => {
    server().script(reply(thinking('Let me look.', 'sig-abc'), text('Reading the file.'), toolUse('read', { path: 'src/a.ts' }, 'toolu_01'), { kind: 'message', blocks: [], chunkSize: 6 }));
    const { provider } = testProvider(server());
    const events = await collect(provider.stream(request()));
    assert.deepEqual(
      events.map((e) => (e.type.endsWith('delta') ? `${e.type}@${(e as { index: number }).index}` : e.type)),
      [
        'start',
        'usage',
        'thinking_delta@0', 'thinking_delta@0',
        'text_delta@1', 'text_delta@1', 'text_delta@1',
        'tool_call_start',
        'tool_call_delta@2', 'tool_call_delta@2', 'tool_call_delta@2', 'tool_call_delta@2',
        'usage',
        'end',
      ],
    );
    const deltas = (type: string) => events.flatMap((e) => (e.type === type ? [(e as { delta: string }).delta] : []));
    assert.equal(deltas('thinking_delta').join(''), 'Let me look.');
    assert.equal(deltas('text_delta').join(''), 'Reading the file.');
    assert.equal(deltas('tool_call_delta').join(''), '{"path":"src/a.ts"}');
    const { message, error } = endOf(events);
    assert.equal(error, undefined);
    assert.deepEqual(message.content, [
      { type: 'thinking', thinking: 'Let me look.', thinkingSignature: 'sig-abc' },
      { type: 'text', text: 'Reading the file.' },
      { type: 'toolCall', id: 'toolu_01', name: 'read', arguments: { path: 'src/a.ts' } },
    ]);
    assert.equal(message.stopReason, 'toolUse');
    assert.equal(message.api, 'anthropic-messages');
    assert.equal(message.provider, 'anthropic');
    assert.equal(message.model, 'claude-sonnet-4-5');
    assert.equal(message.timestamp, FIXED_NOW);
    assert.match(message.responseId ?? '', /^msg_/);
  });

  it('reports usage in pi\'s shape, with the total and the cost from the price table, marked as not billed by the provider (Haiku 4.5: $1 / $5 / $0.10 / $1.25)', async () => {
    server().script(reply(text('Hi.'), usage({ input_tokens: 2000, output_tokens: 300, cache_read_input_tokens: 10_000, cache_creation_input_tokens: 1000 })));
    const { provider } = testProvider(server());
    const events = await collect(provider.stream(request({ model: 'claude-haiku-4-5' })));
    assert.deepEqual(endOf(events).message.usage, {
      input: 2000,
      output: 300,
      cacheRead: 10_000,
      cacheWrite: 1000,
      totalTokens: 13_300,
      cost: { input: 0.002, output: 0.0015, cacheRead: 0.001, cacheWrite: 0.00125, total: 0.002 + 0.0015 + 0.001 + 0.00125, totalFromProvider: false },
    });
    // The first report (message_start) already has the input counts; message_delta brings the output.
    const reports = events.flatMap((e) => (e.type === 'usage' ? [[e.usage.input, e.usage.output, e.usage.cacheRead]] : []));
    assert.deepEqual(reports, [[2000, 1, 10_000], [2000, 300, 10_000]]);
  });

  it('takes the input count from the server, which counts it from the request body', async () => {
    server().script(text('Hi.'));
    const { provider } = testProvider(server());
    const { message } = endOf(await collect(provider.stream(request())));
    assert.equal(message.usage.input, countInputTokens(server().lastRequest().body!));
    assert.equal(message.usage.output, 1); // "Hi." is 3 characters: one token at the fake's 4 per token
  });

  it('keeps the opaque data of redacted thinking for the next request', async () => {
    server().script(reply(redactedThinking('EncryptedBlob=='), text('Done.')));
    const { provider } = testProvider(server());
    const { message } = endOf(await collect(provider.stream(request())));
    assert.equal(message.content[0]!.type, 'thinking');
    assert.equal((message.content[0] as { thinkingSignature: string }).thinkingSignature, 'EncryptedBlob==');
    assert.equal((message.content[0] as { redacted: boolean }).redacted, true);
  });

  it('maps the stop reasons: max_tokens → length, end_turn → stop, refusal → error with a message', async () => {
    server().script(reply(text('cut'), stop('max_tokens')), reply(text('fine')), reply(text(''), stop('refusal')));
    const { provider } = testProvider(server());
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const { message } = endOf(await collect(provider.stream(request())));
      outcomes.push([message.stopReason, message.errorMessage]);
    }
    assert.deepEqual(outcomes, [['length', undefined], ['stop', undefined], ['error', 'The model declined to continue (refusal)']]);
  });

  it('ends an aborted stream with the partial reply, marked aborted', async () => {
    server().script(reply(text('One two three four five six seven eight nine ten'), { kind: 'message', blocks: [], chunkSize: 4 }, slow({ chunkDelayMs: 30 })));
    const { provider } = testProvider(server());
    const controller = new AbortController();
    const events = [];
    for await (const event of provider.stream(request({ signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'text_delta' && events.filter((e) => e.type === 'text_delta').length === 2) controller.abort();
    }
    const { message, error } = endOf(events);
    assert.equal(message.stopReason, 'aborted');
    assert.equal(error?.reason, 'aborted');
    const shown = events.flatMap((e) => (e.type === 'text_delta' ? [e.delta] : [])).join('');
    assert.equal((message.content[0] as { text: string }).text, shown);
    assert.equal(shown, 'One two ');
    assert.equal(server().attempts, 1);
    await server().settled();
    assert.equal(server().lastRequest().outcome, 'aborted', 'the HTTP request was dropped, not read to its end');
  });

  it('drops the HTTP request when the consumer stops reading the stream', async () => {
    server().script(reply(text('One two three four five six seven eight nine ten'), { kind: 'message', blocks: [], chunkSize: 4 }, slow({ chunkDelayMs: 30 })));
    const { provider } = testProvider(server());
    for await (const event of provider.stream(request())) if (event.type === 'text_delta') break;
    await server().settled();
    assert.equal(server().lastRequest().outcome, 'aborted');
  });

  it('tells the consumer to drop a partial reply before retrying after a reset, then streams the whole new reply', async () => {
    server().script(reply(text('First attempt text'), resetAfter(4)), reply(text('Second attempt')));
    const { provider, waits } = testProvider(server());
    const events = await collect(provider.stream(request()));
    const retryAt = events.findIndex((e) => e.type === 'retry');
    assert.ok(events.slice(0, retryAt).some((e) => e.type === 'text_delta'), 'text was streamed before the reset');
    const retry = events[retryAt] as Extract<(typeof events)[number], { type: 'retry' }>;
    assert.equal(retry.attempt, 2);
    assert.equal(retry.error.reason, 'network');
    assert.equal(retry.delayMs, waits[0]);
    const after = events.slice(retryAt + 1).flatMap((e) => (e.type === 'text_delta' ? [e.delta] : [])).join('');
    assert.equal(after, 'Second attempt');
    assert.deepEqual(endOf(events).message.content, [{ type: 'text', text: 'Second attempt' }]);
    assert.equal(server().attempts, 2);
  });
});
