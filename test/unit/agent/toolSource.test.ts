/**
 * Tools that come and go (a `ToolSource`, as MCP servers' tools will be) through the real agent,
 * the real Anthropic adapter and SDK, against the fake server: what each request declares, what
 * each call finds, how such a tool is approved, and the wait for the source before a prompt.
 */
import { strict as assert } from 'node:assert';
import { AgentSession, type AgentEvent, type ToolSource } from '../../../src/core/agent';
import { DENIED_TEXT } from '../../../src/core/agent/tools/approval';
import { createTools } from '../../../src/core/agent/tools/registry';
import type { ApprovalDecision, ApprovalRequest, Tool } from '../../../src/core/agent/tools/tool';
import { createAnthropicProvider } from '../../../src/core/llm';
import { inMemorySession, type Session, type ToolResultMessage } from '../../../src/core/session';
import type { Logger } from '../../../src/core/util/logger';
import { assistant, steppingClock, toolCall, toolResult, user } from '../../support/builders';
import { reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';

const MODEL = 'claude-sonnet-4-5';

/** A server's tool as the MCP layer will give it: pi's name, its origin, a log of its calls. */
function serverTool(server: string, tool: string, calls: string[], needsApproval = false): Tool {
  const name = `mcp__${server.replace(/-/g, '_')}__${tool}`;
  return {
    spec: { name, description: `${tool} of ${server}`, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    needsApproval,
    origin: { kind: 'mcp', server, tool },
    async execute(args) {
      calls.push(`${name}(${String(args.q)})`);
      return { content: [{ type: 'text', text: `${tool}: ${String(args.q)}` }], isError: false };
    },
  };
}

/** A source the test changes by hand: `declared` now, `loaded` callable but not declared (a deferred tool loaded earlier). */
class HandSource implements ToolSource {
  declared: Tool[] = [];
  loaded: Tool[] = [];
  ready?: (signal: AbortSignal) => Promise<void>;
  toolsFor(): readonly Tool[] {
    return this.declared;
  }
  find(name: string): Tool | undefined {
    return [...this.declared, ...this.loaded].find((tool) => tool.spec.name === name);
  }
}

describe('tools from a tool source in the agent', function () {
  this.timeout(30000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  function setup(source: ToolSource, options: { session?: Session; approve?: (request: ApprovalRequest) => Promise<ApprovalDecision>; allowedTools?: string[] } = {}) {
    const clock = steppingClock();
    const session = options.session ?? inMemorySession(dir(), clock);
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => clock().getTime(), retry: { maxAttempts: 1 } });
    const warnings: string[] = [];
    const logger: Logger = { debug: () => undefined, info: () => undefined, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) };
    const agent = new AgentSession({
      session,
      provider,
      tools: createTools({ only: ['read', 'ls'] }),
      toolSource: source,
      settings: { model: MODEL },
      clock,
      root: dir(),
      systemPrompt: 'You are Arbor.',
      logger,
      delay: async () => undefined,
      ...(options.approve ? { approve: options.approve } : {}),
      ...(options.allowedTools ? { allowedTools: options.allowedTools } : {}),
    });
    const events: AgentEvent[] = [];
    agent.onEvent((event) => events.push(event));
    return { session, agent, events, warnings };
  }

  const declaredIn = (index: number): string[] => ((server().messageRequests()[index]!.body!.tools ?? []) as { name: string }[]).map((tool) => tool.name);
  const results = (session: Session): [string, string, boolean][] =>
    session
      .getBranch()
      .flatMap((entry) => (entry.type === 'message' && (entry.message as { role: string }).role === 'toolResult' ? [entry.message as ToolResultMessage] : []))
      .map((message) => [message.toolName, message.content.map((part) => (part.type === 'text' ? part.text : part.type)).join(''), message.isError]);

  it("declares the source's tools after the built-ins, in the source's order", async () => {
    const source = new HandSource();
    source.declared = [serverTool('docs', 'search', []), serverTool('docs', 'fetch', [])];
    const { agent } = setup(source);
    server().script(text('ok'));
    await agent.prompt('hi');
    assert.deepEqual(declaredIn(0), ['read', 'ls', 'mcp__docs__search', 'mcp__docs__fetch']);
  });

  it('declares a tool that appeared between two prompts in the next request, and runs its call', async () => {
    const source = new HandSource();
    const calls: string[] = [];
    const { agent, session } = setup(source);
    server().script(text('no tools yet'), reply(toolUse('mcp__docs__search', { q: 'trees' }, 'toolu_1')), text('found'));
    await agent.prompt('first');
    source.declared = [serverTool('docs', 'search', calls)];
    await agent.prompt('second');
    assert.deepEqual([declaredIn(0), declaredIn(1)], [['read', 'ls'], ['read', 'ls', 'mcp__docs__search']]);
    assert.deepEqual(calls, ['mcp__docs__search(trees)']);
    assert.deepEqual(results(session), [['mcp__docs__search', 'search: trees', false]]);
  });

  it('no longer declares a withdrawn tool, and a call to it gets the not-found error result', async () => {
    const source = new HandSource();
    const calls: string[] = [];
    source.declared = [serverTool('docs', 'search', calls)];
    const { agent, session } = setup(source);
    server().script(text('ok'), reply(toolUse('mcp__docs__search', { q: 'x' }, 'toolu_1')), text('it failed'));
    await agent.prompt('first');
    source.declared = [];
    await agent.prompt('second');
    assert.deepEqual([declaredIn(0), declaredIn(1)], [['read', 'ls', 'mcp__docs__search'], ['read', 'ls']]);
    assert.deepEqual(calls, []);
    assert.deepEqual(results(session), [['mcp__docs__search', 'Tool mcp__docs__search not found', true]]);
  });

  it('runs a call to a tool the source finds but does not declare now (a deferred tool loaded earlier)', async () => {
    const source = new HandSource();
    const calls: string[] = [];
    source.loaded = [serverTool('docs', 'fetch', calls)];
    const { agent, session } = setup(source);
    server().script(reply(toolUse('mcp__docs__fetch', { q: 'page' }, 'toolu_1')), text('done'));
    await agent.prompt('fetch it');
    assert.deepEqual(declaredIn(0), ['read', 'ls']);
    assert.deepEqual(calls, ['mcp__docs__fetch(page)']);
    assert.deepEqual(results(session), [['mcp__docs__fetch', 'fetch: page', false]]);
  });

  it('asks before a source tool that needs approval, naming its server and tool, and a denial is its result', async () => {
    const source = new HandSource();
    const calls: string[] = [];
    source.declared = [serverTool('my-db', 'drop', calls, true)];
    const asked: ApprovalRequest[] = [];
    const { agent, session } = setup(source, { approve: async (request) => (asked.push(request), 'deny') });
    server().script(reply(toolUse('mcp__my_db__drop', { q: 'users' }, 'toolu_1')), text('not allowed'));
    await agent.prompt('drop it');
    assert.deepEqual(
      asked.map(({ toolName, args, toolCallId, origin }) => ({ toolName, args, toolCallId, origin })),
      [{ toolName: 'mcp__my_db__drop', args: { q: 'users' }, toolCallId: 'toolu_1', origin: { kind: 'mcp', server: 'my-db', tool: 'drop' } }],
    );
    assert.deepEqual(calls, []);
    assert.deepEqual(results(session), [['mcp__my_db__drop', DENIED_TEXT, true]]);
  });

  it("runs a source tool without asking when its server is allowed, and remembers an 'allow always' for the tool", async () => {
    const source = new HandSource();
    const calls: string[] = [];
    source.declared = [serverTool('docs', 'search', calls, true), serverTool('db', 'drop', calls, true)];
    const asked: string[] = [];
    const { agent } = setup(source, { allowedTools: ['mcp__docs'], approve: async (request) => (asked.push(request.toolName), 'allow-always') });
    server().script(reply(toolUse('mcp__docs__search', { q: 'a' }, 'toolu_1')), reply(toolUse('mcp__db__drop', { q: 'b' }, 'toolu_2')), reply(toolUse('mcp__db__drop', { q: 'c' }, 'toolu_3')), text('done'));
    await agent.prompt('go');
    assert.deepEqual(asked, ['mcp__db__drop']);
    assert.deepEqual(calls, ['mcp__docs__search(a)', 'mcp__db__drop(b)', 'mcp__db__drop(c)']);
  });

  it("leaves out a source tool named like a built-in (the built-in runs), logging it once", async () => {
    const source = new HandSource();
    const calls: string[] = [];
    const impostor: Tool = { ...serverTool('x', 'read', calls), spec: { name: 'read', description: 'not ours', inputSchema: { type: 'object' } } };
    source.declared = [impostor, serverTool('docs', 'search', calls)];
    const { agent, session, warnings } = setup(source);
    server().script(reply(toolUse('read', { path: 'missing.txt' }, 'toolu_1')), text('ok'), text('again'));
    await agent.prompt('read it');
    await agent.prompt('more');
    assert.deepEqual([declaredIn(0), declaredIn(2)], [['read', 'ls', 'mcp__docs__search'], ['read', 'ls', 'mcp__docs__search']]);
    assert.deepEqual(calls, []);
    assert.equal(results(session)[0]![0], 'read');
    assert.deepEqual(warnings, ["A tool named read was left out: one of Arbor's own tools has that name"]);
  });

  it("waits for the source's ready before the first request, so the tools it brings are declared in it", async () => {
    const source = new HandSource();
    const order: string[] = [];
    source.ready = async () => {
      order.push('ready');
      await new Promise((resolve) => setTimeout(resolve, 20));
      source.declared = [serverTool('docs', 'search', [])];
      order.push('ready done');
    };
    const { agent } = setup(source);
    server().script(text('ok'));
    await agent.prompt('hi');
    assert.deepEqual(order, ['ready', 'ready done']);
    assert.deepEqual(declaredIn(0), ['read', 'ls', 'mcp__docs__search']);
  });

  it("ends the wait for the source's ready when the user stops, and sends no request", async () => {
    const source = new HandSource();
    let seen: AbortSignal | undefined;
    let started = (): void => undefined;
    const waiting = new Promise<void>((resolve) => (started = resolve));
    // A source that never gets ready and ignores the signal: the stop alone must end the wait.
    source.ready = (signal) => {
      seen = signal;
      started();
      return new Promise<void>(() => undefined);
    };
    const { agent, events } = setup(source);
    const done = agent.prompt('hi');
    await waiting;
    agent.abort();
    await done;
    assert.equal(seen?.aborted, true);
    assert.equal(server().attempts, 0);
    assert.deepEqual(events.filter((event) => event.type === 'run_end').length, 1);
  });

  it('no longer names a called MCP tool as missing once the source provides it', async () => {
    const session = inMemorySession(dir(), steppingClock('2026-06-01T00:00:00.000Z'));
    await session.appendMessage(user('search'));
    const search = toolCall('mcp__docs__search', { q: 'x' }, 'toolu_old_1');
    const run = toolCall('codemode', { code: 'x' }, 'toolu_old_2');
    await session.appendMessage(assistant([search, run], { stopReason: 'toolUse' }));
    await session.appendMessage(toolResult(search, 'pages'));
    await session.appendMessage(toolResult(run, 'done'));
    await session.appendMessage(assistant('found'));
    const source = new HandSource();
    source.loaded = [serverTool('docs', 'search', [])];
    const { agent, events } = setup(source, { session });
    server().script(text('ok'));
    await agent.prompt('go on');
    assert.deepEqual(events.flatMap((event) => (event.type === 'tools_missing' ? [event.names] : [])), [['codemode']]);
  });

  it("still names a called MCP tool as missing when the source only has a stand-in saying why it cannot run (its server is not configured)", async () => {
    const session = inMemorySession(dir(), steppingClock('2026-06-01T00:00:00.000Z'));
    await session.appendMessage(user('search'));
    const search = toolCall('mcp__docs__search', { q: 'x' }, 'toolu_old_1');
    await session.appendMessage(assistant([search], { stopReason: 'toolUse' }));
    await session.appendMessage(toolResult(search, 'pages'));
    await session.appendMessage(assistant('found'));
    const source = new HandSource();
    source.loaded = [{ ...serverTool('docs', 'search', []), unavailable: true }];
    const { agent, events } = setup(source, { session });
    server().script(text('ok'));
    await agent.prompt('go on');
    assert.deepEqual(events.flatMap((event) => (event.type === 'tools_missing' ? [event.names] : [])), [['mcp__docs__search']]);
  });
});
