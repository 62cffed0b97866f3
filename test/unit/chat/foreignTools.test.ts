/**
 * Calls of tools Arbor does not have (pi 1.6's MCP tools and codemode, an extension's): the chat
 * names them as such, and continuing the session tells the user which ones, once, while every
 * request stays valid at the fake server — with Arbor's tools offered, and with none offered.
 */
import { strict as assert } from 'node:assert';
import { AgentSession, type AgentEvent } from '../../../src/core/agent';
import { createTools } from '../../../src/core/agent/tools/registry';
import { buildItems, foreignToolLabel, missingToolsNote, type AssistantItem, type ToolCallBlock } from '../../../src/core/chat';
import { createAnthropicProvider } from '../../../src/core/llm';
import { inMemorySession, type Session } from '../../../src/core/session';
import { assistant, chain, msg, steppingClock, toolCall, toolResult, user } from '../../support/builders';
import { text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { requestProblems } from '../agent/support/validBody';

describe('calls of tools Arbor does not have', function () {
  this.timeout(30_000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  it("names pi's MCP tools, codemode and unknown tools as not Arbor's, and Arbor's own tools as they are", () => {
    assert.deepEqual(
      ['read', 'recall', 'mcp__docs__search_pages', 'mcp__my_server__get_file', 'codemode', 'web_fetch'].map(foreignToolLabel),
      [undefined, undefined, 'docs/search_pages (an MCP tool)', 'my_server/get_file (an MCP tool)', "codemode (pi's scripted tool calls)", 'web_fetch'],
    );
    assert.equal(foreignToolLabel(`mcp__s__${'x'.repeat(200)}`)!.length, 64 + ' (an MCP tool)'.length);
  });

  it('marks such a call in the chat and leaves the others unmarked', () => {
    const search = toolCall('mcp__docs__search', { query: 'sessions' }, 'call-mcp');
    const read = toolCall('read', { path: 'a.ts' }, 'call-read');
    const entries = chain(
      msg('u1', null, user('look it up')),
      msg('a1', null, assistant([search, read], { stopReason: 'toolUse' })),
      msg('r1', null, toolResult(search, 'found')),
      msg('r2', null, toolResult(read, 'body')),
    );
    const reply = buildItems(entries).find((item): item is AssistantItem => item.kind === 'assistant')!;
    const calls = reply.blocks.filter((block): block is ToolCallBlock => block.type === 'toolCall');
    assert.deepEqual(calls.map((call) => [call.name, call.foreign]), [['mcp__docs__search', 'docs/search (an MCP tool)'], ['read', undefined]]);
  });

  async function piSessionWithMcpCall(): Promise<Session> {
    const session = inMemorySession(dir(), steppingClock());
    await session.appendMessage(user('search the docs'));
    const search = toolCall('mcp__docs__search', { query: 'x' }, 'toolu_mcp');
    await session.appendMessage(assistant([search], { stopReason: 'toolUse' }));
    await session.appendMessage(toolResult(search, 'three pages'));
    const run = toolCall('codemode', { code: 'read()' }, 'toolu_code');
    await session.appendMessage(assistant([run], { stopReason: 'toolUse' }));
    await session.appendMessage(toolResult(run, 'done'));
    await session.appendMessage(assistant('found it'));
    return session;
  }

  function agentOn(session: Session, tools: ReturnType<typeof createTools>): { agent: AgentSession; events: AgentEvent[] } {
    const clock = steppingClock('2026-07-01T00:00:00.000Z');
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => clock().getTime(), retry: { maxAttempts: 1 } });
    const agent = new AgentSession({ session, provider, tools, settings: { model: 'claude-sonnet-4-5' }, clock, root: dir(), systemPrompt: 'You are Arbor.', delay: async () => undefined });
    const events: AgentEvent[] = [];
    agent.onEvent((event) => events.push(event));
    return { agent, events };
  }

  it('tells the user once which tools are missing when a prompt continues such a session, and the request is valid', async () => {
    const { agent, events } = agentOn(await piSessionWithMcpCall(), createTools({ only: ['read'] }));
    server().script(text('ok'), text('ok again'));
    await agent.prompt('go on');
    await agent.prompt('and more');
    const notes = events.filter((event): event is Extract<AgentEvent, { type: 'tools_missing' }> => event.type === 'tools_missing');
    assert.deepEqual(notes.map((note) => note.names), [['codemode', 'mcp__docs__search']]);
    assert.equal(
      missingToolsNote(notes[0]!.names),
      "This conversation called tools Arbor does not have: codemode (pi's scripted tool calls), docs/search (an MCP tool). Their earlier calls and results stay in the conversation; a new call to one fails (the tool is not found).",
    );
    for (const request of server().messageRequests()) assert.deepEqual(requestProblems(request.body), []);
    assert.deepEqual((server().lastRequest().body!.tools as { name: string }[]).map((tool) => tool.name), ['read']);
  });

  it('declares the called tools with tool_choice none when no tool is offered (tools off), so the API takes the request', async () => {
    const { agent } = agentOn(await piSessionWithMcpCall(), []);
    server().script(text('ok'));
    await agent.prompt('go on');
    const body = server().lastRequest().body as { tools?: { name: string; description: string }[]; tool_choice?: unknown };
    assert.deepEqual(requestProblems(body), []);
    assert.deepEqual(body.tools?.map((tool) => [tool.name, tool.description]), [['mcp__docs__search', 'Not available now.'], ['codemode', 'Not available now.']]);
    assert.deepEqual(body.tool_choice, { type: 'none' });
    assert.equal(server().attempts, 1);
  });
});
