import { strict as assert } from 'node:assert';
import { AgentSession, MISSING_TOOL_RESULT_TEXT, SKIPPED_TOOL_TEXT, STOPPED_TOOL_TEXT, type AgentEvent } from '../../../src/core/agent';
import { inMemorySession, type LlmMessage, type Session, type UserMessage } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { echoTool, hangingTool } from './support/fakeTools';
import { call, calls, hangAfter, replyUsage, ScriptedProvider, text, type Script } from './support/scriptedProvider';
import type { Tool } from '../../../src/core/agent/tools/tool';
import { DENIED_TEXT } from '../../../src/core/agent/tools/approval';

function setup(scripts: Script[], tools: Tool[] = [], extra: Partial<ConstructorParameters<typeof AgentSession>[0]> = {}) {
  const clock = steppingClock();
  const session = inMemorySession('/work/project', clock);
  const provider = new ScriptedProvider(scripts);
  const events: AgentEvent[] = [];
  const agent = new AgentSession({ session, provider, tools, settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', delay: async () => undefined, ...extra });
  agent.onEvent((event) => events.push(event));
  return { session, provider, agent, events };
}

/** role:text summary of request messages. */
function shape(messages: readonly LlmMessage[]): string[] {
  return messages.map((m) => {
    if (m.role === 'toolResult') return `toolResult:${m.toolCallId}:${(m.content[0] as { text: string }).text}`;
    if (typeof m.content === 'string') return `${m.role}:${m.content}`;
    const blocks: readonly { type: string; text?: string; id?: string }[] = m.content;
    return `${m.role}:` + blocks.map((b) => (b.type === 'text' ? b.text : b.type === 'toolCall' ? `call(${b.id})` : b.type)).join('|');
  });
}

/** The agent's state events, as "phase: queued inputs". */
function states(events: AgentEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'state' ? [[e.state.phase.kind, ...e.state.queued].join(': ')] : []));
}

function pathKinds(session: Session): string[] {
  return session.getBranch().map((e) => (e.type === 'message' ? `${(e.message as { role: string }).role}` : e.type));
}

describe('AgentSession turn loop', () => {
  it('runs the tool calls of a reply in order, appends each result, and stops at a reply without calls', async () => {
    const log: string[] = [];
    const { session, provider, agent } = setup(
      [calls([call('echo', { text: 'one' }, 't1'), call('echo', { text: 'two' }, 't2')], 'Let me echo.'), text('Done.')],
      [echoTool(log)],
    );
    await agent.prompt('echo twice');
    assert.deepEqual(log, ['one', 'two']);
    assert.deepEqual(pathKinds(session), ['model_change', 'user', 'assistant', 'toolResult', 'toolResult', 'assistant']);
    assert.equal(provider.requests.length, 2);
    assert.deepEqual(shape(provider.requests[1]!.messages), [
      'user:echo twice',
      'assistant:Let me echo.|call(t1)|call(t2)',
      'toolResult:t1:echo: one',
      'toolResult:t2:echo: two',
    ]);
    assert.deepEqual(provider.requests[0]!.tools?.map((t) => t.name), ['echo']);
    const last = session.getBranch().at(-1)!;
    assert.equal((last.message as { stopReason: string }).stopReason, 'stop');
  });

  it('emits reply deltas, tool start/end and appended entries in stream order', async () => {
    const { agent, events } = setup([calls([call('echo', { text: 'x' }, 't1')]), text(['Hel', 'lo'])], [echoTool()]);
    await agent.prompt('hi');
    const summary = events
      .filter((e) => e.type !== 'tokens' && e.type !== 'state')
      .map((e) => {
        switch (e.type) {
          case 'entry_appended':
            return `entry:${e.entry.type === 'message' ? (e.entry.message as { role: string }).role : e.entry.type}`;
          case 'text_delta':
            return `text:${e.delta}`;
          case 'tool_call_start':
            return `call:${e.id}`;
          case 'tool_start':
          case 'tool_end':
            return `${e.type}:${e.toolCallId}`;
          default:
            return e.type;
        }
      });
    assert.deepEqual(summary, [
      'run_start',
      'entry:model_change',
      'entry:user',
      'reply_start',
      'call:t1',
      'tool_call_delta',
      'entry:assistant',
      'reply_end',
      'tool_start:t1',
      'tool_end:t1',
      'entry:toolResult',
      'reply_start',
      'text:Hel',
      'text:lo',
      'entry:assistant',
      'reply_end',
      'run_end',
    ]);
  });

  it('keeps a reply stopped mid-stream as aborted in the file, and leaves it out of the next request (as pi)', async () => {
    let waiting!: () => void;
    const streaming = new Promise<void>((resolve) => (waiting = resolve));
    const { session, provider, agent } = setup([hangAfter('I will start by', () => waiting()), text('ok')]);
    const run = agent.prompt('do it');
    await streaming;
    agent.abort();
    await run;
    const reply = session.getBranch().at(-1)!.message as { stopReason: string; content: unknown };
    assert.equal(reply.stopReason, 'aborted');
    assert.deepEqual(reply.content, [{ type: 'text', text: 'I will start by' }]);
    await agent.prompt('go on');
    assert.deepEqual(shape(provider.requests[1]!.messages), ['user:do it', 'user:go on']);
  });

  it('stops a running tool, answers every call of the reply, and the next request is valid', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const state: { started?: () => void; sawAbort?: boolean } = { started: () => started() };
    const log: string[] = [];
    const { session, provider, agent } = setup(
      [calls([call('wait', {}, 't1'), call('echo', { text: 'later' }, 't2')]), text('fine')],
      [hangingTool(state), echoTool(log)],
    );
    const run = agent.prompt('work');
    await running;
    agent.abort();
    await run;
    assert.equal(state.sawAbort, true);
    assert.deepEqual(log, []);
    assert.deepEqual(pathKinds(session).slice(-3), ['assistant', 'toolResult', 'toolResult']);
    await agent.prompt('next');
    assert.deepEqual(shape(provider.requests[1]!.messages), [
      'user:work',
      'assistant:call(t1)|call(t2)',
      `toolResult:t1:${STOPPED_TOOL_TEXT}`,
      `toolResult:t2:${SKIPPED_TOOL_TEXT}`,
      'user:next',
    ]);
  });

  it('queues a prompt sent during a run and sends it after the run has no more tool calls', async () => {
    let waiting!: () => void;
    const streaming = new Promise<void>((resolve) => (waiting = resolve));
    const first: Script = async function* (request) {
      yield* text('first answer')(request, 1) as Iterable<never>;
    };
    const slow: Script = async function* (request, n) {
      waiting();
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield* (first(request, n) as AsyncIterable<never>);
    };
    const { provider, agent, events } = setup([slow, text('second answer')]);
    const run = agent.prompt('one');
    await streaming;
    const queued = agent.prompt('two');
    assert.deepEqual(states(events), ['running', 'running: two']);
    await Promise.all([run, queued]);
    assert.deepEqual(states(events), ['running', 'running: two', 'running', 'idle']);
    assert.equal(provider.requests.length, 2);
    assert.deepEqual(shape(provider.requests[1]!.messages), ['user:one', 'assistant:first answer', 'user:two']);
    assert.equal(events.filter((e) => e.type === 'run_start').length, 1);
  });

  it('sends the images attached to a prompt after its text, in the file and in the request, also when it waited in the queue', async () => {
    const png = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    const gif = { type: 'image' as const, data: 'R0lGODlh', mimeType: 'image/gif' };
    let waiting!: () => void;
    const streaming = new Promise<void>((resolve) => (waiting = resolve));
    const slow: Script = async function* (request) {
      waiting();
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield* text('first answer')(request, 1) as Iterable<never>;
    };
    const { session, provider, agent, events } = setup([slow, text('second answer')]);
    const run = agent.prompt('look', [png]);
    await streaming;
    const queued = agent.prompt('and this', [gif]);
    assert.deepEqual(states(events), ['running', 'running: and this']);
    await Promise.all([run, queued]);
    const users = session.getBranch().flatMap((e) => (e.type === 'message' && (e.message as UserMessage).role === 'user' ? [(e.message as UserMessage).content] : []));
    assert.deepEqual(users, [
      [{ type: 'text', text: 'look' }, png],
      [{ type: 'text', text: 'and this' }, gif],
    ]);
    assert.deepEqual(shape(provider.requests[0]!.messages), ['user:look|image']);
    assert.deepEqual(shape(provider.requests[1]!.messages), ['user:look|image', 'assistant:first answer', 'user:and this|image']);
  });

  it('answers tool calls left open by a dead process before the next prompt (in the file)', async () => {
    const clock = steppingClock();
    const session = inMemorySession('/work/project', clock);
    await session.appendMessage({ role: 'user', content: [{ type: 'text', text: 'start' }], timestamp: 1 });
    await session.appendMessage({
      role: 'assistant',
      content: [call('echo', { text: 'a' }, 'd1'), call('echo', { text: 'b' }, 'd2')],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 },
      stopReason: 'toolUse',
      timestamp: 2,
    });
    await session.appendMessage({ role: 'toolResult', toolCallId: 'd1', toolName: 'echo', content: [{ type: 'text', text: 'echo: a' }], isError: false, timestamp: 3 });
    const provider = new ScriptedProvider([text('ok')]);
    const agent = new AgentSession({ session, provider, settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project' });
    await agent.prompt('again');
    assert.deepEqual(shape(provider.requests[0]!.messages), ['user:start', 'assistant:call(d1)|call(d2)', 'toolResult:d1:echo: a', `toolResult:d2:${MISSING_TOOL_RESULT_TEXT}`, 'user:again']);
    assert.deepEqual(pathKinds(session), ['user', 'assistant', 'toolResult', 'toolResult', 'user', 'assistant']);
  });

  it('records model and thinking-level changes as entries, once', async () => {
    const { session, agent } = setup([text('a'), text('b')]);
    await agent.prompt('one');
    await agent.setThinkingLevel('high');
    await agent.setModel('claude-opus-4-1');
    await agent.prompt('two');
    assert.deepEqual(pathKinds(session), ['model_change', 'user', 'assistant', 'thinking_level_change', 'model_change', 'user', 'assistant']);
    const changes = session.getBranch().filter((e) => e.type === 'model_change').map((e) => e.modelId);
    assert.deepEqual(changes, ['claude-sonnet-4-5', 'claude-opus-4-1']);
  });

  it('asks before a tool that needs approval and answers a denial as an error result', async () => {
    const log: string[] = [];
    const asked: string[] = [];
    const { provider, agent } = setup([calls([call('echo', { text: 'x' }, 't1')]), text('ok')], [echoTool(log, true)], {
      approve: async ({ toolName }) => {
        asked.push(toolName);
        return 'deny';
      },
    });
    await agent.prompt('try');
    assert.deepEqual(asked, ['echo']);
    assert.deepEqual(log, []);
    assert.deepEqual(shape(provider.requests[1]!.messages).at(-1), `toolResult:t1:${DENIED_TEXT}`);
  });

  it('denies a tool that needs approval when nobody can be asked, and runs it when it is allowed beforehand', async () => {
    const denied: string[] = [];
    const first = setup([calls([call('echo', { text: 'x' }, 't1')]), text('ok')], [echoTool(denied, true)]);
    await first.agent.prompt('try');
    assert.deepEqual(denied, []);
    assert.deepEqual(shape(first.provider.requests[1]!.messages).at(-1), `toolResult:t1:${DENIED_TEXT}`);
    const ran: string[] = [];
    const second = setup([calls([call('echo', { text: 'y' }, 't2')]), text('ok')], [echoTool(ran, true)], { allowedTools: ['echo'] });
    await second.agent.prompt('try');
    assert.deepEqual(ran, ['y']);
  });

  it('writes nothing for a reply stopped before anything arrived', async () => {
    const waiting: { resolve?: () => void } = {};
    const started = new Promise<void>((resolve) => (waiting.resolve = resolve));
    const silent: Script = async function* (request) {
      waiting.resolve!();
      await new Promise<void>((resolve) => request.signal?.addEventListener('abort', () => resolve(), { once: true }));
      yield { type: 'end', message: { role: 'assistant', content: [], api: 'anthropic-messages', provider: 'anthropic', model: request.model, usage: replyUsage(0, 0), stopReason: 'aborted', timestamp: 0 } };
    };
    const { session, agent, events } = setup([silent]);
    const run = agent.prompt('hello?');
    await started;
    agent.abort();
    await run;
    assert.deepEqual(pathKinds(session), ['model_change', 'user']);
    assert.equal(events.filter((e) => e.type === 'reply_end').length, 1);
  });

  it('navigates without a summary: no request, and the next prompt continues from the chosen entry (a user message reopens for editing)', async () => {
    const { session, provider, agent } = setup([text('a1'), text('a2'), text('a2 edited')]);
    await agent.prompt('q1');
    await agent.prompt('q2');
    const q2 = session.getBranch().find((e) => e.type === 'message' && (e.message as { role: string; content: { text: string }[] }).content[0]?.text === 'q2')!;
    const result = await agent.navigate(q2.id);
    assert.deepEqual(result, { cancelled: false, editorText: 'q2' });
    assert.equal(provider.requests.length, 2);
    await agent.prompt('q2 edited');
    assert.deepEqual(shape(provider.requests[2]!.messages), ['user:q1', 'assistant:a1', 'user:q2 edited']);
  });
});
