import { strict as assert } from 'node:assert';
import { findFamily, lookupModel } from '../../../src/core/llm/anthropic/models';
import { buildRequest } from '../../../src/core/llm/anthropic/params';
import type { PromptCacheOptions } from '../../../src/core/llm/anthropic/cache';
import type { LlmMessage } from '../../../src/core/session';
import { assistant, toolCall, toolResult, user } from '../../support/builders';

const EPHEMERAL = { type: 'ephemeral' };

function body(messages: LlmMessage[], cache: PromptCacheOptions = {}) {
  const tools = [
    { name: 'read', description: 'Read', inputSchema: { type: 'object' } },
    { name: 'ls', description: 'List', inputSchema: { type: 'object' } },
  ];
  return buildRequest({ model: 'claude-sonnet-4-5', systemPrompt: 'sys', messages, tools, maxTokens: 1000 }, lookupModel('claude-sonnet-4-5'), findFamily('claude-sonnet-4-5'), cache).params;
}

/** Where the breakpoints are: "system", "tool N", "message N block M". */
function breakpoints(params: ReturnType<typeof body>): string[] {
  const found: string[] = [];
  (params.system as { cache_control?: unknown }[] | undefined)?.forEach((b, i) => b.cache_control && found.push(`system ${i}`));
  params.tools?.forEach((t, i) => 'cache_control' in t && t.cache_control && found.push(`tool ${i}`));
  params.messages.forEach((m, i) => {
    if (typeof m.content === 'string') return;
    m.content.forEach((b, j) => 'cache_control' in b && b.cache_control && found.push(`message ${i} block ${j}`));
  });
  return found;
}

describe('llm/anthropic: prompt-cache breakpoints', () => {
  it('marks the system prompt, the last tool and the last two user messages: four breakpoints, the API\'s maximum', () => {
    const call = toolCall('read', { path: 'a' }, 'toolu_1');
    const params = body([user('one'), assistant('two'), user([{ type: 'text', text: 'three' }, { type: 'text', text: 'three b' }]), assistant([call]), toolResult(call, 'A')]);
    assert.deepEqual(breakpoints(params), ['system 0', 'tool 1', 'message 2 block 1', 'message 4 block 0']);
    assert.deepEqual(params.messages[4]!.content, [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'A', is_error: false, cache_control: EPHEMERAL }]);
  });

  it('turns a string user message into a text block to mark it', () => {
    const params = body([{ role: 'user', content: 'just text', timestamp: 1 }]);
    assert.deepEqual(params.messages[0]!.content, [{ type: 'text', text: 'just text', cache_control: EPHEMERAL }]);
  });

  it('marks only the last user message with recentUserMessages: 1, and nothing when caching is off', () => {
    const messages = [user('one'), assistant('two'), user('three')];
    assert.deepEqual(breakpoints(body(messages, { recentUserMessages: 1 })), ['system 0', 'tool 1', 'message 2 block 0']);
    assert.deepEqual(breakpoints(body(messages, { enabled: false })), []);
  });
  it('marks the next request where it belongs while the messages they share are converted once and never marked', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'call_1');
    const first: LlmMessage[] = [user('one'), assistant([call]), toolResult(call, 'text'), user('two')];
    const before = body(first);
    const next = body([...first, assistant('ok'), user('three')]);
    assert.deepEqual(breakpoints(next), ['system 0', 'tool 1', 'message 3 block 0', 'message 5 block 0']);
    // The unmarked messages the two requests share are the same conversion, and the first request's marks left no trace on them.
    assert.equal(next.messages[0], before.messages[0]);
    assert.equal(next.messages[1], before.messages[1]);
    assert.deepEqual(breakpoints(body(first)), ['system 0', 'tool 1', 'message 2 block 0', 'message 3 block 0']);
    assert.deepEqual(next.messages[3]!.content, [{ type: 'text', text: 'two', cache_control: EPHEMERAL }]);
    assert.deepEqual(before.messages[0]!.content, [{ type: 'text', text: 'one' }]);
  });
});
