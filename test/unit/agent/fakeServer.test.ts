/**
 * The turn loop through the real Anthropic adapter and SDK, over HTTP to the fake server: the
 * server scripts the replies, counts the attempts and records every request body.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AgentSession, STOPPED_TOOL_TEXT, type AgentEvent } from '../../../src/core/agent';
import { createTools } from '../../../src/core/agent/tools/registry';
import type { Tool } from '../../../src/core/agent/tools/tool';
import { OVERFLOW_RECOVERY_FAILED_MESSAGE, SUMMARIZATION_SYSTEM_PROMPT, TRUNCATED_RECOVERY_FAILED_MESSAGE } from '../../../src/core/compaction';
import { createAnthropicProvider } from '../../../src/core/llm';
import { inMemorySession, type AssistantMessage, type Session } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { chunks, overflow, reply, slow, stop, text, toolUse, usage, useFakeAnthropic, type RecordedRequest } from '../../support/fakeAnthropic';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { echoTool, hangingTool } from './support/fakeTools';
import { history } from './support/history';
import { requestProblems } from './support/validBody';

const MODEL = 'claude-sonnet-4-6';
const LONG = 'x'.repeat(400);
/** The retry's context after the compaction of `withHistory` (the summary, then the kept exchange), before the prompt. */
const RETRY_CONTEXT = [
  'user: The conversation history before this point was compacted into the following summary:\n\n<summary>\nSUMMARY\n</summary>',
  `user: old question 4 ${LONG}`,
  `assistant: old answer 4 ${LONG}`,
];

describe('AgentSession against the fake Anthropic server', function () {
  this.timeout(30000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  function setup(tools: Tool[], options: { contextWindow?: number; session?: Session; maxTokens?: number } = {}) {
    const clock = steppingClock();
    const session = options.session ?? inMemorySession(dir(), clock);
    const provider = createAnthropicProvider({
      apiKey: 'sk-ant-test',
      baseUrl: server().url,
      now: () => clock().getTime(),
      retry: { maxAttempts: 1 },
      ...(options.contextWindow ? { modelOverrides: { [MODEL]: { contextWindow: options.contextWindow } } } : {}),
    });
    const events: AgentEvent[] = [];
    const agent = new AgentSession({
      session,
      provider,
      tools,
      settings: { model: MODEL, compaction: { keepRecentTokens: 150, reserveTokens: 2000 }, ...(options.maxTokens ? { maxTokens: options.maxTokens } : {}) },
      clock,
      root: dir(),
      delay: async () => undefined,
    });
    agent.onEvent((event) => events.push(event));
    return { session, agent, events };
  }

  /** A session with four earlier exchanges of about 100 tokens per message. */
  async function withHistory(): Promise<Session> {
    const session = inMemorySession(dir(), steppingClock('2025-12-01T00:00:00.000Z'));
    await history(session, 4, MODEL, 100);
    return session;
  }

  const wire = (request: RecordedRequest) => request.body as unknown as { messages: { content: { type: string }[] }[] };
  const isSummary = (request: RecordedRequest): boolean => JSON.stringify(request.body?.system ?? '').includes(SUMMARIZATION_SYSTEM_PROMPT.slice(0, 40));
  const roles = (session: Session): string[] => session.getBranch().filter((e) => e.type === 'message').map((e) => (e.message as { role: string }).role);

  it('runs the full tool loop with a real tool: read, then answer from its result', async () => {
    writeFileSync(path.join(dir(), 'a.txt'), 'hello from the file\n');
    const { session, agent } = setup(createTools({ only: ['read'] }));
    server().script(reply(text('Reading.'), toolUse('read', { path: 'a.txt' }, 'toolu_read_1')), text('It says hello.'));
    await agent.prompt('What is in a.txt?');
    assert.equal(server().attempts, 2);
    const second = server().messageRequests()[1]!.body as unknown as { messages: { role: string; content: { type: string; content?: unknown }[] }[] };
    assert.deepEqual(requestProblems(second), []);
    assert.match(JSON.stringify(second.messages.at(-1)), /hello from the file/);
    assert.deepEqual(roles(session), ['user', 'assistant', 'toolResult', 'assistant']);
    const last = session.getBranch().at(-1)!.message as AssistantMessage;
    assert.equal(last.stopReason, 'stop');
    assert.equal(last.usage.input, server().messageRequests()[1]!.inputTokens);
  });

  it('streams deltas in order before the reply entry, whose text is their concatenation', async () => {
    const { agent, events } = setup([]);
    server().script(reply(text('one two three four'), chunks(3)));
    await agent.prompt('count');
    const kinds = events.filter((e) => e.type !== 'tokens' && e.type !== 'state').map((e) => (e.type === 'entry_appended' ? `entry:${e.entry.type === 'message' ? (e.entry.message as { role: string }).role : e.entry.type}` : e.type));
    const deltas = events.filter((e): e is Extract<AgentEvent, { type: 'text_delta' }> => e.type === 'text_delta');
    assert.deepEqual(deltas.map((d) => d.delta), ['one', ' tw', 'o t', 'hre', 'e f', 'our']);
    assert.deepEqual(kinds, ['run_start', 'entry:model_change', 'entry:user', 'reply_start', ...deltas.map(() => 'text_delta'), 'entry:assistant', 'reply_end', 'run_end']);
  });

  it('stops mid-stream: the partial reply is kept as aborted and the next request is valid', async () => {
    const { session, agent, events } = setup([]);
    server().script(reply(text(`A long answer ${LONG}`), chunks(10), slow({ chunkDelayMs: 20 })), text('Short now.'));
    agent.onEvent((event) => {
      if (event.type === 'text_delta' && events.filter((e) => e.type === 'text_delta').length === 3) agent.abort();
    });
    await agent.prompt('talk');
    const stopped = session.getBranch().at(-1)!.message as AssistantMessage;
    assert.equal(stopped.stopReason, 'aborted');
    assert.ok((stopped.content[0] as { text: string }).text.startsWith('A long answer'));
    await server().settled();
    assert.equal(server().messageRequests()[0]!.outcome, 'aborted');
    await agent.prompt('shorter please');
    assert.deepEqual(requestProblems(server().lastRequest().body), []);
    assert.deepEqual(roles(session), ['user', 'assistant', 'user', 'assistant']);
  });

  it('stops a running tool: every call gets a result and the next request pairs them', async () => {
    const state: { started?: () => void; sawAbort?: boolean } = {};
    const { agent } = setup([hangingTool(state), echoTool()]);
    state.started = () => void setTimeout(() => agent.abort(), 10);
    server().script(reply(toolUse('wait', {}, 'toolu_wait'), toolUse('echo', { text: 'x' }, 'toolu_echo')), text('OK.'));
    await agent.prompt('wait and echo');
    assert.equal(state.sawAbort, true);
    await agent.prompt('again');
    const body = server().lastRequest().body;
    assert.deepEqual(requestProblems(body), []);
    assert.match(JSON.stringify(body), new RegExp(STOPPED_TOOL_TEXT));
  });

  it('"prompt is too long": compacts and retries exactly once (the server counts three attempts)', async () => {
    const { session, agent, events } = setup([], { session: await withHistory() });
    server().script(overflow(250000, 200000), text('SUMMARY'), text('Done after compacting.'));
    await agent.prompt('the big task');
    const requests = server().messageRequests();
    assert.deepEqual(requests.map(isSummary), [false, true, false]);
    assert.equal(server().attempts, 3);
    assert.deepEqual(requestProblems(requests[2]!.body), []);
    assert.match(JSON.stringify(wire(requests[2]!).messages[0]), /<summary>\\nSUMMARY/);
    assert.equal((session.getBranch().at(-1)!.message as AssistantMessage).stopReason, 'stop');
    assert.deepEqual(events.filter((e) => e.type === 'error'), []);
  });

  it('"prompt is too long": hides the failed attempt with a context edit before the compaction, so pi\'s context after it lacks the attempt', async () => {
    const { session, agent } = setup([], { session: await withHistory() });
    server().script(overflow(250000, 200000), text('SUMMARY'), text('Done after compacting.'));
    await agent.prompt('the big task');
    const branch = session.getBranch();
    const failed = branch.find((entry) => entry.type === 'message' && (entry.message as AssistantMessage).stopReason === 'error')!;
    const compaction = branch.findIndex((entry) => entry.type === 'compaction');
    const edit = branch.findIndex((entry) => entry.type === 'context_edit');
    assert.deepEqual(branch[edit], { ...branch[edit], targetId: failed.id, replacement: null });
    assert.equal(edit, compaction - 1, 'the edit comes right before the compaction');
    const pi = await loadPi();
    const context = pi.buildSessionContext(session.entries as never, session.leafId).messages as { role: string; stopReason?: string }[];
    assert.deepEqual(context.filter((message) => message.stopReason === 'error'), []);
    assert.deepEqual(context.map((message) => message.role).slice(-2), ['user', 'assistant']);
  });

  it('a reply cut at the output limit by an overflow is hidden before its compaction, and asked again once', async () => {
    const { session, agent } = setup([], { session: await withHistory(), contextWindow: 40000 });
    server().script(reply(text('I will'), stop('max_tokens'), usage({ input_tokens: 39900, output_tokens: 0 })), text('SUMMARY'), text('Done after compacting.'));
    await agent.prompt('the big task');
    assert.deepEqual(server().messageRequests().map(isSummary), [false, true, false]);
    const branch = session.getBranch();
    const cut = branch.find((entry) => entry.type === 'message' && (entry.message as AssistantMessage).stopReason === 'length')!;
    const compaction = branch.findIndex((entry) => entry.type === 'compaction');
    assert.ok(compaction > 0, 'compacted');
    assert.deepEqual(branch.slice(compaction - 1, compaction).map((entry) => [entry.type, (entry as { targetId?: string }).targetId]), [['context_edit', cut.id]]);
  });

  it('a second "prompt is too long" ends the run with an error and no further request', async () => {
    const { agent, events } = setup([], { session: await withHistory() });
    server().script(overflow(250000, 200000), text('SUMMARY'), overflow(210000, 200000));
    await agent.prompt('the big task');
    assert.equal(server().attempts, 3);
    assert.deepEqual(
      events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message),
      [OVERFLOW_RECOVERY_FAILED_MESSAGE],
    );
  });

  it('compacts when a turn ends over the threshold, then continues the task by itself', async () => {
    // A window that leaves one summary request its output room (the model's limit, at most 32 768) beside the history.
    const { session, agent, events } = setup([echoTool()], { session: await withHistory(), contextWindow: 40000 });
    server().script(reply(text('Step one.'), toolUse('echo', { text: 'step' }, 'toolu_step'), usage({ input_tokens: 39000 })), text('SUMMARY'), text('Task finished.'));
    await agent.prompt('a long task');
    const requests = server().messageRequests();
    assert.deepEqual(requests.map(isSummary), [false, true, false]);
    const continued = wire(requests[2]!);
    assert.deepEqual(requestProblems(continued), []);
    assert.match(JSON.stringify(continued.messages[0]), /<summary>\\nSUMMARY/);
    assert.equal(continued.messages.at(-1)!.content[0]!.type, 'tool_result');
    assert.deepEqual(
      events.filter((e) => e.type === 'compaction_end').map((e) => (e as { reason: string; willRetry: boolean }).reason),
      ['threshold'],
    );
    assert.equal((session.getBranch().at(-1)!.message as AssistantMessage).content[0]!.type, 'text');
  });
  describe('a reply that stops at the output limit (max_tokens), as pi 1.6.0 recovers it', () => {
    const CUT = 'I will write the whole module now: first the';
    const cutShort = (output: number) => reply(text(CUT), stop('max_tokens'), usage({ input_tokens: 1200, output_tokens: output }));
    /** A request's messages as role and text (a tool result's text, a tool call's name). */
    const said = (request: RecordedRequest): string[] =>
      (request.body!.messages as unknown as { role: string; content: string | { type: string; text?: string; name?: string; content?: string | { text: string }[] }[] }[]).map(
        (message) => `${message.role}: ${typeof message.content === 'string' ? message.content : message.content.map((block) => block.text ?? block.name ?? (typeof block.content === 'string' ? block.content : block.content?.map((part) => part.text).join(''))).join(' | ')}`,
      );

    it('cut below the limit asked for: hidden, compacted, asked again once; neither the summary nor the retry carries it', async () => {
      const { session, agent, events } = setup([], { session: await withHistory(), maxTokens: 4096 });
      server().script(cutShort(700), text('SUMMARY'), text('Done after compacting.'));
      await agent.prompt('the big task');
      const [first, summary, retry] = server().messageRequests();
      assert.deepEqual(server().messageRequests().map(isSummary), [false, true, false]);
      assert.equal(first!.body!.max_tokens, 4096);
      assert.doesNotMatch(JSON.stringify(summary!.body), /I will write the whole module/);
      assert.deepEqual(said(retry!), [...RETRY_CONTEXT, 'user: the big task']);
      assert.equal(retry!.body!.max_tokens, 4096);
      const branch = session.getBranch();
      const cut = branch.find((entry) => entry.type === 'message' && (entry.message as AssistantMessage).stopReason === 'length')!;
      assert.deepEqual(
        branch.slice(branch.indexOf(cut)).map((entry) => (entry.type === 'message' ? (entry.message as AssistantMessage).stopReason : `${entry.type}${entry.type === 'context_edit' ? `:${String(entry['targetId'] === cut.id)}` : ''}`)),
        ['length', 'context_edit:true', 'compaction', 'stop'],
      );
      assert.deepEqual(
        events.filter((e) => e.type === 'compaction_end').map((e) => [(e as { reason: string }).reason, (e as { willRetry: boolean }).willRetry]),
        [['overflow', true]],
      );
    });

    it('cut at the limit asked for: the reply is complete as configured, nothing is compacted or asked again', async () => {
      const { session, agent } = setup([], { session: await withHistory(), maxTokens: 4096 });
      server().script(cutShort(4096));
      await agent.prompt('the big task');
      assert.equal(server().attempts, 1);
      assert.deepEqual(session.getBranch().filter((entry) => entry.type === 'context_edit' || entry.type === 'compaction'), []);
      assert.equal((session.getBranch().at(-1)!.message as AssistantMessage).stopReason, 'length');
    });

    it('cut short again after its one recovery: gives up in pi\'s words, with no third request', async () => {
      const { agent, events } = setup([], { session: await withHistory(), maxTokens: 4096 });
      server().script(cutShort(700), text('SUMMARY'), cutShort(650));
      await agent.prompt('the big task');
      assert.equal(server().attempts, 3);
      assert.deepEqual(
        events.filter((e) => e.type === 'compaction_end').map((e) => (e as { errorMessage?: string }).errorMessage),
        [undefined, TRUNCATED_RECOVERY_FAILED_MESSAGE],
      );
    });

    it('its tool calls are not run (their arguments may be cut off): each is answered so, and the model is asked again', async () => {
      const echoed: string[] = [];
      const { session, agent } = setup([echoTool(echoed)], { maxTokens: 4096 });
      server().script(reply(text('Echoing.'), toolUse('echo', { text: 'half' }, 'toolu_cut'), stop('max_tokens'), usage({ output_tokens: 4096 })), text('Sent again.'));
      await agent.prompt('echo something long');
      assert.deepEqual(echoed, []);
      assert.deepEqual(said(server().messageRequests()[1]!), [
        'user: echo something long',
        'assistant: Echoing. | echo',
        'user: This tool call was not run: the reply reached the output token limit, so its arguments may be incomplete. Send the call again with complete arguments.',
      ]);
      assert.deepEqual(requestProblems(server().messageRequests()[1]!.body), []);
      assert.deepEqual(roles(session), ['user', 'assistant', 'toolResult', 'assistant']);
    });
  });
});
