/**
 * Requests from sessions holding pi 1.6's shapes, through the real Anthropic adapter and SDK to
 * the fake server (which refuses what the API refuses): context edits honoured in every request,
 * also one appended while the agent's view of the branch is already built; no tool result whose
 * call an edit hid, no call left without a result; the session's system messages never sent
 * (Arbor's own prompt goes as the system prompt).
 */
import { strict as assert } from 'node:assert';
import { AgentSession } from '../../../src/core/agent';
import { createAnthropicProvider } from '../../../src/core/llm';
import { inMemorySession, type Session } from '../../../src/core/session';
import { assistant, steppingClock, toolCall, toolResult, user } from '../../support/builders';
import { text, useFakeAnthropic, type RecordedRequest } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { requestProblems } from './support/validBody';

const MODEL = 'claude-sonnet-4-5';

interface Wire {
  system?: { text: string }[] | string;
  messages: { role: string; content: string | { type: string; text?: string; tool_use_id?: string; id?: string; content?: unknown }[] }[];
}

describe("requests from sessions with pi 1.6's context edits and system messages", function () {
  this.timeout(30_000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  function agentOn(session: Session): AgentSession {
    const clock = steppingClock('2026-07-01T00:00:00.000Z');
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => clock().getTime(), retry: { maxAttempts: 1 } });
    return new AgentSession({ session, provider, tools: [], settings: { model: MODEL }, clock, root: dir(), systemPrompt: 'You are Arbor.', delay: async () => undefined });
  }

  const wire = (request: RecordedRequest): Wire => request.body as unknown as Wire;
  const texts = (request: RecordedRequest): string[] =>
    wire(request).messages.flatMap((message) => (typeof message.content === 'string' ? [message.content] : message.content.flatMap((block) => (block.type === 'text' ? [block.text!] : []))));

  it('leaves a hidden reply out and sends a replaced message with its new content', async () => {
    const session = inMemorySession(dir(), steppingClock());
    const u1 = await session.appendMessage(user('first question'));
    const a1 = await session.appendMessage(assistant('a long wrong answer'));
    await session.appendMessage(user('second question'));
    const a2 = await session.appendMessage(assistant('the full second answer'));
    await session.appendContextEdit(a1, null);
    await session.appendContextEdit(a2, { content: 'short second answer' });
    await session.appendContextEdit(u1, { content: 'the first question, plainer' });
    server().script(text('ok'));
    await agentOn(session).prompt('third question');
    const request = server().lastRequest();
    assert.deepEqual(requestProblems(request.body), []);
    assert.deepEqual(texts(request), ['the first question, plainer', 'second question', 'short second answer', 'third question']);
  });

  it('honours an edit appended under the position after the agent built its view of the branch', async () => {
    const session = inMemorySession(dir(), steppingClock());
    await session.appendMessage(user('first question'));
    const agent = agentOn(session);
    server().script(text('a long wrong answer'), text('second answer'));
    await agent.prompt('go on');
    const wrong = session.getBranch().at(-1)!.id;
    await session.appendContextEdit(wrong, null);
    await agent.prompt('again');
    assert.deepEqual(texts(server().lastRequest()), ['first question', 'go on', 'again']);
  });

  it('never sends a result whose call an edit hid, nor a call without a result when an edit hid its result', async () => {
    const session = inMemorySession(dir(), steppingClock());
    await session.appendMessage(user('look at both'));
    const readA = toolCall('read', { path: 'a.ts' }, 'toolu_a');
    const callA = await session.appendMessage(assistant([readA], { stopReason: 'toolUse' }));
    await session.appendMessage(toolResult(readA, 'body of a'));
    const readB = toolCall('read', { path: 'b.ts' }, 'toolu_b');
    await session.appendMessage(assistant([{ type: 'text', text: 'now b' }, readB], { stopReason: 'toolUse' }));
    const resultB = await session.appendMessage(toolResult(readB, 'body of b'));
    await session.appendMessage(assistant('both read'));
    await session.appendContextEdit(callA, null);
    await session.appendContextEdit(resultB, null);
    server().script(text('ok'));
    await agentOn(session).prompt('summarize');
    const request = server().lastRequest();
    assert.deepEqual(requestProblems(request.body), []);
    const blocks = wire(request).messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));
    assert.deepEqual(blocks.filter((block) => block.type === 'tool_result').map((block) => [block.tool_use_id, block.content !== 'body of b']), [['toolu_b', true]]);
    assert.ok(!JSON.stringify(request.body).includes('body of a'), 'the result of the hidden call is not sent');
    assert.ok(!JSON.stringify(request.body).includes('toolu_a'), 'nor the hidden call');
  });

  it("sends Arbor's own system prompt and none of the session's system messages", async () => {
    const session = inMemorySession(dir(), steppingClock());
    await session.appendMessage({ role: 'system', content: 'forced by an extension', sections: { preamble: 'You are pi.' }, toolsAdded: [{ name: 'write', description: 'Write' }], timestamp: 1 });
    await session.appendMessage(user('hello'));
    await session.appendMessage(assistant('hi'));
    await session.appendMessage({ role: 'system', content: '', sections: { rules: '<rules>\nR\n</rules>' }, timestamp: 2 });
    server().script(text('ok'));
    await agentOn(session).prompt('and now?');
    const request = server().lastRequest();
    assert.deepEqual(requestProblems(request.body), []);
    assert.match(JSON.stringify(wire(request).system), /You are Arbor\./);
    assert.doesNotMatch(JSON.stringify(request.body), /You are pi|forced by an extension|<rules>/);
    assert.deepEqual(texts(request), ['hello', 'hi', 'and now?']);
  });
});
