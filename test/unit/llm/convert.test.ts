import { strict as assert } from 'node:assert';
import type { LlmRequest } from '../../../src/core/llm';
import { MISSING_RESULT_TEXT, convertMessages } from '../../../src/core/llm/anthropic/convert';
import { findFamily, lookupModel } from '../../../src/core/llm/anthropic/models';
import { buildRequest } from '../../../src/core/llm/anthropic/params';
import type { LlmMessage } from '../../../src/core/session';
import { assistant, toolCall, toolResult, user } from '../../support/builders';
import { piRequestBody } from './support/piRequest';

const MODEL = 'claude-sonnet-4-5';
const PNG = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };

/** A context with every kind of message and block the conversion handles. */
function richContext(): LlmMessage[] {
  const read = toolCall('read', { path: 'src/a.ts' }, 'toolu_01');
  const ls = toolCall('ls', { path: '.' }, 'toolu_02');
  const shot = toolCall('screenshot', {}, 'toolu_03');
  const foreign = toolCall('grep', { pattern: 'x' }, 'call|abc/123');
  return [
    user('Look at src/a.ts'),
    user([{ type: 'text', text: 'and this picture' }, PNG]),
    assistant([
      { type: 'thinking', thinking: 'I should read it.', thinkingSignature: 'sig-1' },
      { type: 'text', text: 'Reading.' },
      read,
      ls,
    ]),
    toolResult(read, 'export const a = 1;'),
    toolResult(ls, 'a.ts\nb.ts', { isError: true }),
    assistant([{ type: 'thinking', thinking: '(redacted)', thinkingSignature: 'opaque==', redacted: true }, shot]),
    { ...toolResult(shot, 'the screen'), content: [{ type: 'text', text: 'the screen' }, PNG] },
    assistant([{ type: 'text', text: '   ' }, { type: 'text', text: 'Done with the tools.' }]),
    assistant('Half a repl', { stopReason: 'aborted' }),
    assistant([], { stopReason: 'error', errorMessage: 'overloaded' }),
    user('   '),
    { role: 'user', content: 'Now grep, with another model', timestamp: 1 },
    assistant([{ type: 'thinking', thinking: 'Other model thoughts', thinkingSignature: 'sig-other' }, foreign], { model: 'claude-opus-4-1' }),
    { ...toolResult(foreign, 'no match'), toolCallId: 'call|abc/123' },
    assistant([{ type: 'thinking', thinking: 'No signature here' }, { type: 'text', text: 'Nothing found.' }]),
    user('Thanks'),
  ];
}

const TOOLS = [
  { name: 'read', description: 'Read a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  { name: 'ls', description: 'List a folder', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: [] } },
];

function ourBody(request: Omit<LlmRequest, 'maxTokens'> & { maxTokens?: number }, recentUserMessages: 1 | 2 = 1) {
  return buildRequest({ maxTokens: 4096, ...request }, lookupModel(request.model), findFamily(request.model), { recentUserMessages }).params;
}

describe('llm/anthropic: session messages to Anthropic messages', () => {
  it('sends the same system, messages and tools as pi-ai for a context with every role and block', async () => {
    const request = { model: MODEL, systemPrompt: 'You are a coding agent.', messages: richContext(), tools: TOOLS };
    const ours = ourBody(request);
    const pi = await piRequestBody({ ...request, maxTokens: 4096 });
    assert.deepEqual(ours.system, pi.system);
    assert.deepEqual(ours.messages, pi.messages);
    // pi also asks for eager tool-input streaming, a feature we do not use.
    const piTools = (pi.tools ?? []).map((tool) => {
      const { eager_input_streaming: _eager, ...rest } = tool as Record<string, unknown>;
      return rest;
    });
    assert.deepEqual(ours.tools, piTools);
  });

  it('groups consecutive tool results into one user message and keeps images inside results', () => {
    const messages = convertMessages(richContext(), MODEL);
    const roles = messages.map((m) => m.role);
    assert.deepEqual(roles, ['user', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
    assert.deepEqual(messages[3], {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01', content: 'export const a = 1;', is_error: false },
        { type: 'tool_result', tool_use_id: 'toolu_02', content: 'a.ts\nb.ts', is_error: true },
      ],
    });
    assert.deepEqual(messages[5], {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_03',
          content: [
            { type: 'text', text: 'the screen' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          ],
          is_error: false,
        },
      ],
    });
  });

  it('answers a tool call that has no result with an error result, before the next message', () => {
    const a = toolCall('read', { path: 'a' }, 'toolu_a');
    const b = toolCall('read', { path: 'b' }, 'toolu_b');
    const messages = convertMessages([user('go'), assistant([a, b]), toolResult(b, 'B'), user('stop that')], MODEL);
    assert.deepEqual(messages, [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_a', name: 'read', input: { path: 'a' } },
          { type: 'tool_use', id: 'toolu_b', name: 'read', input: { path: 'b' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_b', content: 'B', is_error: false },
          { type: 'tool_result', tool_use_id: 'toolu_a', content: MISSING_RESULT_TEXT, is_error: true },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'stop that' }] },
    ]);
  });

  it('answers the calls of the last reply when the context ends with them', () => {
    const a = toolCall('bash', { command: 'ls' }, 'toolu_end');
    const messages = convertMessages([user('go'), assistant([a])], MODEL);
    assert.deepEqual(messages.at(-1), { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_end', content: MISSING_RESULT_TEXT, is_error: true }] });
  });

  it('leaves out an aborted reply together with the results of its calls, so no result answers a missing call', () => {
    const call = toolCall('bash', { command: 'sleep 100' }, 'toolu_cut');
    const messages = convertMessages(
      [user('go'), assistant([{ type: 'text', text: 'Running' }, call], { stopReason: 'aborted' }), toolResult(call, 'Aborted', { isError: true }), user('again')],
      MODEL,
    );
    assert.deepEqual(messages, [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'user', content: [{ type: 'text', text: 'again' }] },
    ]);
  });

  it('drops a result that answers no call of the reply before it', () => {
    const call = toolCall('read', { path: 'a' }, 'toolu_x');
    const stray = toolCall('read', { path: 'b' }, 'toolu_stray');
    const messages = convertMessages([user('go'), assistant([call]), toolResult(call, 'A'), toolResult(stray, 'B'), toolResult(call, 'A again')], MODEL);
    assert.deepEqual(messages[2], { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'A', is_error: false }] });
    assert.equal(messages.length, 3);
  });

  it('sends no empty text: whitespace blocks are dropped, and a message left empty is dropped', () => {
    const messages = convertMessages([user([{ type: 'text', text: ' \n' }]), user('real'), assistant([{ type: 'text', text: '' }]), assistant('ok')], MODEL);
    assert.deepEqual(messages, [
      { role: 'user', content: [{ type: 'text', text: 'real' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    ]);
  });

  it('replaces lone surrogates, which the API cannot parse, and keeps paired ones', () => {
    const messages = convertMessages([{ role: 'user', content: 'cut \uD83D here, whole \uD83D\uDE00', timestamp: 1 }], MODEL);
    assert.equal(messages[0]!.content, 'cut \uFFFD here, whole \uD83D\uDE00');
  });

  it('replays redacted thinking only to the model that wrote it', () => {
    const reply = assistant([{ type: 'thinking', thinking: '', thinkingSignature: 'opaque', redacted: true }, { type: 'text', text: 'Hi' }]);
    assert.deepEqual(convertMessages([user('q'), reply], MODEL)[1]!.content, [{ type: 'redacted_thinking', data: 'opaque' }, { type: 'text', text: 'Hi' }]);
    assert.deepEqual(convertMessages([user('q'), reply], 'claude-opus-4-5')[1]!.content, [{ type: 'text', text: 'Hi' }]);
  });
});
