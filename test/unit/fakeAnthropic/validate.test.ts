import { strict as assert } from 'node:assert';
import Anthropic from '@anthropic-ai/sdk';
import { text, useFakeAnthropic } from '../../support/fakeAnthropic';

type Params = Anthropic.MessageCreateParamsNonStreaming;
const KEY = 'sk-ant-test-validate';
const base = { model: 'claude-test-1', max_tokens: 2000 };
const cache = { type: 'ephemeral' as const };
const call = (id: string): Anthropic.ToolUseBlockParam => ({ type: 'tool_use', id, name: 'read', input: { path: 'a' } });
const result = (id: string): Anthropic.ToolResultBlockParam => ({ type: 'tool_result', tool_use_id: id, content: 'file text' });

/** Requests the real API refuses, with the words its 400 carries. */
const refused: [string, Params, RegExp][] = [
  ['no messages', { ...base, messages: [] }, /^messages: at least one message is required$/],
  ['an empty text block', { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] }, /^messages\.0\.content\.0\.text: text content blocks must contain non-whitespace text$/],
  ['a whitespace-only string', { ...base, messages: [{ role: 'user', content: ' \n ' }] }, /non-whitespace text/],
  [
    'a user message with no content before the end',
    { ...base, messages: [{ role: 'user', content: [] }, { role: 'assistant', content: 'ok' }] },
    /^messages\.0: all messages must have non-empty content except for the optional final assistant message$/,
  ],
  [
    'thinking without a signature',
    { ...base, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: [{ type: 'thinking', thinking: 'hm', signature: '' }, { type: 'text', text: 'a' }] }, { role: 'user', content: 'more' }] },
    /^messages\.1\.content\.0\.thinking\.signature: Field required$/,
  ],
  [
    'a tool call whose result is missing',
    { ...base, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: [call('toolu_a'), call('toolu_b')] }, { role: 'user', content: [result('toolu_a')] }] },
    /^messages\.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_b\. /,
  ],
  [
    'a tool call left last',
    { ...base, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: [call('toolu_a')] }] },
    /without `tool_result` blocks immediately after: toolu_a\./,
  ],
  [
    'a tool result with no call before it',
    { ...base, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }, { role: 'user', content: [result('toolu_x')] }] },
    /^messages\.2\.content: unexpected `tool_use_id` found in `tool_result` blocks: toolu_x\. /,
  ],
  [
    'five cache breakpoints',
    {
      ...base,
      system: [{ type: 'text', text: 'sys', cache_control: cache }],
      tools: [{ name: 'read', description: 'r', input_schema: { type: 'object' }, cache_control: cache }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'a', cache_control: cache }] },
        { role: 'assistant', content: [{ type: 'text', text: 'b', cache_control: cache }] },
        { role: 'user', content: [{ type: 'text', text: 'c', cache_control: cache }] },
      ],
    },
    /^A maximum of 4 blocks with cache_control may be provided\. Found 5\.$/,
  ],
  [
    'a thinking budget not below max_tokens',
    { ...base, max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 2000 }, messages: [{ role: 'user', content: 'q' }] },
    /^`max_tokens` must be greater than `thinking\.budget_tokens`/,
  ],
];

describe('fake Anthropic server: refuses what the real API refuses', () => {
  const server = useFakeAnthropic({ apiKey: KEY });
  const client = (): Anthropic => new Anthropic({ apiKey: KEY, baseURL: server().url, maxRetries: 0 });

  for (const [name, params, words] of refused) {
    it(`refuses ${name} with a 400 invalid_request_error, keeping the scripted reply`, async () => {
      server().script(text('unused'));
      const thrown = await client().messages.create(params).catch((e: unknown) => e);
      assert.ok(thrown instanceof Anthropic.BadRequestError, `got ${String(thrown)}`);
      assert.equal(thrown.type, 'invalid_request_error');
      const body = thrown.error as { error: { message: string } };
      assert.match(body.error.message, words);
      assert.equal(server().pending(), 1);
    });
  }

  it('accepts a whole tool loop with thinking, consecutive user messages and four breakpoints', async () => {
    server().script(text('fine'));
    const message = await client().messages.create({
      ...base,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      system: [{ type: 'text', text: 'sys', cache_control: cache }],
      tools: [{ name: 'read', description: 'r', input_schema: { type: 'object', properties: { cache_control: { type: 'object' } } }, cache_control: cache }],
      messages: [
        { role: 'user', content: 'first' },
        { role: 'user', content: [{ type: 'text', text: 'second', cache_control: cache }] },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'hm', signature: 'sig' }, call('toolu_1'), call('toolu_2')] },
        { role: 'user', content: [result('toolu_2'), result('toolu_1'), { type: 'text', text: 'also this', cache_control: cache }] },
      ],
    });
    assert.deepEqual(message.content, [{ type: 'text', text: 'fine' }]);
  });

  it('checks count_tokens requests too, without needing max_tokens', async () => {
    const counted = await client().messages.countTokens({ model: base.model, messages: [{ role: 'user', content: 'q' }] });
    assert.equal(counted.input_tokens, 11); // {"messages":[{"role":"user","content":"q"}]}: 44 characters
    const thrown = await client().messages.countTokens({ model: base.model, messages: [] }).catch((e: unknown) => e);
    assert.ok(thrown instanceof Anthropic.BadRequestError);
  });

  describe('with validation off', () => {
    const lax = useFakeAnthropic({ apiKey: KEY, validate: false });
    it('answers a request the API would refuse', async () => {
      lax().script(text('anything goes'));
      const odd = new Anthropic({ apiKey: KEY, baseURL: lax().url, maxRetries: 0 });
      const message = await odd.messages.create({ ...base, messages: [] });
      assert.deepEqual(message.content, [{ type: 'text', text: 'anything goes' }]);
    });
  });
});
