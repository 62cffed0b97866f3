import { strict as assert } from 'node:assert';
import Anthropic from '@anthropic-ai/sdk';
import {
  chunks,
  holdAfter,
  reply,
  redactedThinking,
  slow,
  stop,
  text,
  thinking,
  toolUse,
  usage,
  useFakeAnthropic,
} from '../../support/fakeAnthropic';

const KEY = 'sk-ant-test-streaming';
const HI = { model: 'claude-test-1', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('fake Anthropic server: replies through the real SDK', () => {
  const server = useFakeAnthropic({ apiKey: KEY });
  const client = (): Anthropic => new Anthropic({ apiKey: KEY, baseURL: server().url, maxRetries: 0 });

  it('streams a text reply as several text deltas that the SDK joins back', async () => {
    server().script(reply(text('Hello, world!'), chunks(5)));
    const deltas: string[] = [];
    const stream = client().messages.stream(HI).on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    assert.deepEqual(deltas, ['Hello', ', wor', 'ld!']);
    assert.deepEqual(message.content, [{ type: 'text', text: 'Hello, world!' }]);
    assert.equal(message.stop_reason, 'end_turn');
    assert.equal(message.model, 'claude-test-1');
    assert.equal(message.role, 'assistant');
  });

  it('holds a stream after the scripted events until released: the client has the first part, the response is still open, then the rest comes', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // message_start, ping, content_block_start, then two deltas of four characters: held there.
    server().script(reply(text('abcdefghijkl'), chunks(4), holdAfter(5, released)));
    const deltas: string[] = [];
    let twoArrived: () => void = () => undefined;
    const two = new Promise<void>((resolve) => (twoArrived = resolve));
    const stream = client().messages.stream(HI).on('text', (delta) => {
      deltas.push(delta);
      if (deltas.length === 2) twoArrived();
    });
    await two;
    assert.deepEqual(deltas, ['abcd', 'efgh']);
    assert.equal(server().lastRequest().outcome, 'pending');
    release();
    const message = await stream.finalMessage();
    assert.deepEqual(deltas, ['abcd', 'efgh', 'ijkl']);
    assert.deepEqual(message.content, [{ type: 'text', text: 'abcdefghijkl' }]);
    assert.equal(server().lastRequest().outcome, 'complete');
  });

  it('ends a held stream when the client goes away, without waiting for the release', async () => {
    server().script(reply(text('abcdefgh'), chunks(4), holdAfter(4, new Promise<void>(() => undefined))));
    const stream = client().messages.stream(HI);
    stream.on('text', () => stream.abort());
    assert.ok((await stream.finalMessage().catch((e: unknown) => e)) instanceof Anthropic.APIUserAbortError);
    await server().settled(); // would never settle if the hold outlived the connection
    assert.equal(server().lastRequest().outcome, 'aborted');
  });

  it('never splits a character made of two UTF-16 units across deltas', async () => {
    server().script(reply(text('a😀b🌳'), chunks(1)));
    const deltas: string[] = [];
    await client().messages.stream(HI).on('text', (delta) => deltas.push(delta)).finalMessage();
    assert.deepEqual(deltas, ['a', '😀', 'b', '🌳']);
  });

  it('streams a megabyte reply whole, waiting for the client to drain', async () => {
    const big = 'abcdefghij'.repeat(100_000);
    server().script(reply(text(big), chunks(4096)));
    let deltas = 0;
    const message = await client().messages.stream(HI).on('text', () => deltas++).finalMessage();
    assert.equal(deltas, Math.ceil(big.length / 4096));
    assert.equal(message.content[0]?.type === 'text' ? message.content[0].text : '', big);
  });

  it('sends the events in the API order, with content indices', async () => {
    server().script(reply(thinking('Hmm', 'sig-A'), text('Hi'), toolUse('read', { path: 'a.ts' }, 'toolu_1'), chunks(100)));
    const stream = await client().messages.create({ ...HI, stream: true });
    const seen: string[] = [];
    for await (const event of stream) {
      const detail =
        event.type === 'content_block_delta' ? `${event.index}:${event.delta.type}`
        : event.type === 'content_block_start' ? `${event.index}:${event.content_block.type}`
        : event.type === 'content_block_stop' ? `${event.index}`
        : '';
      seen.push(detail ? `${event.type} ${detail}` : event.type);
    }
    assert.deepEqual(seen, [
      'message_start',
      'content_block_start 0:thinking',
      'content_block_delta 0:thinking_delta',
      'content_block_delta 0:signature_delta',
      'content_block_stop 0',
      'content_block_start 1:text',
      'content_block_delta 1:text_delta',
      'content_block_stop 1',
      'content_block_start 2:tool_use',
      'content_block_delta 2:input_json_delta',
      'content_block_delta 2:input_json_delta',
      'content_block_stop 2',
      'message_delta',
      'message_stop',
    ]);
  });

  it('streams thinking with its signature, and redacted thinking whole', async () => {
    server().script(reply(thinking('Let me look at the file first.', 'c2lnbmF0dXJl'), redactedThinking('opaque-data'), text('Done.')));
    const thoughts: string[] = [];
    const message = await client().messages.stream(HI).on('thinking', (delta) => thoughts.push(delta)).finalMessage();
    assert.ok(thoughts.length > 1, `expected several thinking deltas, got ${thoughts.length}`);
    assert.equal(thoughts.join(''), 'Let me look at the file first.');
    assert.deepEqual(message.content, [
      { type: 'thinking', thinking: 'Let me look at the file first.', signature: 'c2lnbmF0dXJl' },
      { type: 'redacted_thinking', data: 'opaque-data' },
      { type: 'text', text: 'Done.' },
    ]);
  });

  it('streams a tool call as pieces of partial JSON that parse to the scripted input', async () => {
    const input = { path: 'src/deep/file.ts', edits: [{ oldText: 'a "quoted" ✓ line', newText: 'b' }] };
    server().script(reply(text('Editing.'), toolUse('edit', input, 'toolu_edit_1')));
    const pieces: string[] = [];
    const message = await client().messages.stream(HI).on('inputJson', (piece) => pieces.push(piece)).finalMessage();
    assert.ok(pieces.length > 2, `expected several input_json_delta pieces, got ${pieces.length}`);
    assert.deepEqual(JSON.parse(pieces.join('')), input);
    assert.equal(message.stop_reason, 'tool_use');
    assert.deepEqual(message.content[1], { type: 'tool_use', id: 'toolu_edit_1', name: 'edit', input });
  });

  it('gives tool calls distinct ids when the script names none', async () => {
    server().script(reply(toolUse('ls', {}), toolUse('ls', { path: 'src' })));
    const message = await client().messages.stream(HI).finalMessage();
    const ids = message.content.map((block) => (block.type === 'tool_use' ? block.id : ''));
    assert.equal(ids.length, 2);
    assert.ok(ids.every((id) => /^toolu_/.test(id)));
    assert.notEqual(ids[0], ids[1]);
  });

  it('reports input tokens computed from the request and output tokens from the reply', async () => {
    // {"messages":[{"role":"user","content":"hi"}]} is 45 characters: ceil(45 / 4) = 12 tokens.
    // 'Hello world, how are you' + 'hmm let me think' + '{"path":"a.ts"}' is 55 characters: 14 tokens.
    server().script(reply(thinking('hmm let me think', 's'), text('Hello world, how are you'), toolUse('read', { path: 'a.ts' })));
    const starts: number[] = [];
    const stream = client().messages.stream(HI).on('streamEvent', (event) => {
      if (event.type === 'message_start') starts.push(event.message.usage.input_tokens);
    });
    const message = await stream.finalMessage();
    assert.deepEqual(starts, [12]);
    assert.equal(message.usage.input_tokens, 12);
    assert.equal(message.usage.output_tokens, 14);
    assert.equal(message.usage.cache_read_input_tokens, 0);
    assert.equal(message.usage.cache_creation_input_tokens, 0);
    assert.equal(server().lastRequest().inputTokens, 12);
  });

  it('takes scripted cache tokens out of the input tokens, as the API counts them apart', async () => {
    const system = 'You are a careful assistant.';
    // {"system":"You are a careful assistant.","messages":[{"role":"user","content":"hi"}]}: 85 characters, 22 tokens.
    server().script(reply(text('ok'), usage({ cache_read_input_tokens: 15, cache_creation_input_tokens: 4 })));
    const message = await client().messages.stream({ ...HI, system }).finalMessage();
    assert.deepEqual(
      [message.usage.input_tokens, message.usage.cache_read_input_tokens, message.usage.cache_creation_input_tokens],
      [3, 15, 4],
    );
  });

  it('lets a test pin every usage field and the stop reason', async () => {
    server().script(reply(text('cut'), stop('max_tokens'), usage({ input_tokens: 1000, output_tokens: 4096 })));
    const message = await client().messages.stream(HI).finalMessage();
    assert.equal(message.stop_reason, 'max_tokens');
    assert.equal(message.usage.input_tokens, 1000);
    assert.equal(message.usage.output_tokens, 4096);
  });

  it('answers a request without stream with the whole message as JSON', async () => {
    server().script(reply(thinking('t', 'sig'), text('Plain answer.'), toolUse('bash', { command: 'ls' }, 'toolu_b')));
    const message = await client().messages.create(HI);
    assert.deepEqual(message.content, [
      { type: 'thinking', thinking: 't', signature: 'sig' },
      { type: 'text', text: 'Plain answer.' },
      { type: 'tool_use', id: 'toolu_b', name: 'bash', input: { command: 'ls' } },
    ]);
    assert.equal(message.stop_reason, 'tool_use');
    assert.equal(message.usage.input_tokens, 12);
    assert.equal(server().lastRequest().body?.stream, undefined);
  });

  it('sends a slow stream with the same events as a fast one', async () => {
    const types = async (): Promise<string[]> => {
      const seen: string[] = [];
      for await (const event of await client().messages.create({ ...HI, stream: true })) seen.push(event.type);
      return seen;
    };
    server().script(reply(text('Same text either way.'), chunks(4)));
    const fast = await types();
    server().script(reply(text('Same text either way.'), chunks(4), slow({ chunkDelayMs: 5, headerDelayMs: 5 })));
    const slowTypes = await types();
    assert.deepEqual(slowTypes, fast);
    assert.equal(fast.filter((t) => t === 'content_block_delta').length, 6);
  });
});
