import { strict as assert } from 'node:assert';
import { AgentSession, type AgentEvent } from '../../../src/core/agent';
import { OVERFLOW_RECOVERY_FAILED_MESSAGE, SUMMARIZATION_SYSTEM_PROMPT } from '../../../src/core/compaction';
import { ArborHooks } from '../../../src/core/hooks';
import type { LlmRequest } from '../../../src/core/llm/provider';
import { inMemorySession, type LlmMessage } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { echoTool } from './support/fakeTools';
import { history } from './support/history';
import { call, calls, failure, gated, hangAfter, replyUsage, ScriptedProvider, text, type Script } from './support/scriptedProvider';

async function setup(scripts: Script[], options: { turns?: number; contextWindow?: number; reserve?: number; hooks?: ArborHooks } = {}) {
  const clock = steppingClock();
  const session = inMemorySession('/work/project', clock);
  await history(session, options.turns ?? 4);
  const provider = new ScriptedProvider(scripts, { contextWindow: options.contextWindow ?? 200000 });
  const events: AgentEvent[] = [];
  const agent = new AgentSession({
    session,
    provider,
    tools: [echoTool()],
    settings: { model: 'claude-sonnet-4-5', compaction: { keepRecentTokens: 150, reserveTokens: options.reserve ?? 2000 } },
    clock,
    root: '/work/project',
    delay: async () => undefined,
    ...(options.hooks ? { hooks: options.hooks } : {}),
  });
  agent.onEvent((event) => events.push(event));
  return { session, provider, agent, events };
}

const isSummaryRequest = (request: Omit<LlmRequest, 'signal'>): boolean => request.systemPrompt === SUMMARIZATION_SYSTEM_PROMPT;

function firstText(message: LlmMessage | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  const block = message.content[0];
  return block && block.type === 'text' ? block.text : block ? block.type : '';
}

function compactionEvents(events: AgentEvent[]): unknown[] {
  return events
    .filter((e) => e.type === 'compaction_start' || e.type === 'compaction_end')
    .map((e) => (e.type === 'compaction_start' ? { start: e.reason } : { end: e.reason, willRetry: e.willRetry, aborted: e.aborted, error: e.errorMessage, compacted: e.result !== undefined }));
}

describe('AgentSession compaction', () => {
  it('recovers from "prompt is too long" by compacting and retrying exactly once', async () => {
    const { session, provider, agent, events } = await setup([
      failure('context-overflow', 'prompt is too long: 250000 tokens > 200000 maximum'),
      text('SUMMARY'),
      text('answered after the retry'),
    ]);
    await agent.prompt('the new task');
    assert.deepEqual(provider.requests.map(isSummaryRequest), [false, true, false]);
    assert.deepEqual(compactionEvents(events), [{ start: 'overflow' }, { end: 'overflow', willRetry: true, aborted: false, error: undefined, compacted: true }]);
    const retry = provider.requests[2]!.messages;
    assert.match(firstText(retry[0]), /^The conversation history before this point was compacted into the following summary:\n\n<summary>\nSUMMARY/);
    assert.equal(firstText(retry.at(-1)), 'the new task');
    const kinds = session.getBranch().slice(-5).map((e) => (e.type === 'message' ? (e.message as { role: string; stopReason?: string }).stopReason ?? 'user' : e.type));
    // The failed attempt is hidden from the model before the compaction, as pi 1.6 hides it.
    assert.deepEqual(kinds, ['user', 'error', 'context_edit', 'compaction', 'stop']);
  });

  it('gives up after a second overflow instead of compacting again', async () => {
    const { provider, agent, events } = await setup([
      failure('context-overflow', 'prompt is too long: 250000 tokens > 200000 maximum'),
      text('SUMMARY'),
      failure('context-overflow', 'prompt is too long: 210000 tokens > 200000 maximum'),
    ]);
    await agent.prompt('the new task');
    assert.equal(provider.requests.length, 3);
    assert.deepEqual(compactionEvents(events), [
      { start: 'overflow' },
      { end: 'overflow', willRetry: true, aborted: false, error: undefined, compacted: true },
      { end: 'overflow', willRetry: false, aborted: false, error: OVERFLOW_RECOVERY_FAILED_MESSAGE, compacted: false },
    ]);
    assert.deepEqual(
      events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message),
      [OVERFLOW_RECOVERY_FAILED_MESSAGE],
    );
  });

  it("tells other extensions of the overflow recovery (willRetry) and of the second overflow that ended it, as pi's events", async () => {
    const hooks = new ArborHooks(() => undefined);
    const heard: unknown[] = [];
    hooks.onDidCompact((event) => heard.push(['compacted', event.reason, event.willRetry, event.fromExtension]));
    hooks.onDidFailCompaction((event) => heard.push(['failed', event]));
    const { agent } = await setup(
      [failure('context-overflow', 'prompt is too long: 250000 tokens > 200000 maximum'), text('SUMMARY'), failure('context-overflow', 'prompt is too long: 210000 tokens > 200000 maximum')],
      { hooks },
    );
    await agent.prompt('the new task');
    assert.deepEqual(heard, [
      ['compacted', 'overflow', true, false],
      ['failed', { reason: 'overflow', errorMessage: OVERFLOW_RECOVERY_FAILED_MESSAGE, aborted: false, willRetry: true, fromExtension: false }],
    ]);
  });

  it('compacts when a turn ends over the threshold and continues the task by itself', async () => {
    const over = replyUsage(39000); // window 40000 − reserve 2000 = threshold 38000
    const { session, provider, agent, events } = await setup(
      [calls([call('echo', { text: 'step' }, 't1')], 'Working.', { usage: over }), text('SUMMARY'), text('finished the task')],
      { contextWindow: 40000 },
    );
    await agent.prompt('long task');
    assert.deepEqual(provider.requests.map(isSummaryRequest), [false, true, false]);
    assert.deepEqual(compactionEvents(events), [{ start: 'threshold' }, { end: 'threshold', willRetry: false, aborted: false, error: undefined, compacted: true }]);
    const continued = provider.requests[2]!.messages;
    assert.match(firstText(continued[0]), /<summary>\nSUMMARY/);
    assert.deepEqual(continued.slice(-3).map((m) => m.role), ['user', 'assistant', 'toolResult']);
    assert.equal(firstText(continued.at(-3)), 'long task');
    const last = session.getBranch().at(-1)!;
    assert.equal(firstText(last.message as LlmMessage), 'finished the task');
  });

  it('compacts after a final reply over the threshold without sending anything more', async () => {
    const { provider, agent, events } = await setup([text('all done', { usage: replyUsage(39000) }), text('SUMMARY')], { contextWindow: 40000 });
    await agent.prompt('small task');
    assert.equal(provider.requests.length, 2);
    assert.equal(isSummaryRequest(provider.requests[1]!), true);
    assert.equal(compactionEvents(events).length, 2);
  });

  it('manual compaction sends the focus instructions and writes one compaction entry', async () => {
    const { session, provider, agent, events } = await setup([text('SUMMARY')]);
    await agent.compact('Focus on the database schema');
    assert.equal(provider.requests.length, 1);
    assert.match(firstText(provider.requests[0]!.messages[0]), /Focus on the database schema/);
    assert.equal(session.getBranch().at(-1)!.type, 'compaction');
    assert.deepEqual(compactionEvents(events), [{ start: 'manual' }, { end: 'manual', willRetry: false, aborted: false, error: undefined, compacted: true }]);
  });

  it('manual compaction up to an entry keeps everything after it verbatim', async () => {
    const { session, provider, agent } = await setup([text('SUMMARY')]);
    const [, , , a2, u3] = session.getBranch();
    await agent.compact(undefined, { upToEntryId: a2!.id });
    assert.equal(provider.requests.length, 1);
    const entry = session.getBranch().at(-1)!;
    assert.equal(entry.type, 'compaction');
    assert.equal((entry as { firstKeptEntryId?: string }).firstKeptEntryId, u3!.id);
    assert.deepEqual(session.buildContext().messages.map((m) => m.role), ['compactionSummary', 'user', 'assistant', 'user', 'assistant']);
  });

  it('stops the running reply before a manual compaction, which then starts and ends', async () => {
    let streaming!: () => void;
    const started = new Promise<void>((resolve) => (streaming = resolve));
    const { session, agent, events } = await setup([hangAfter('I will start by', () => streaming()), text('SUMMARY')]);
    const run = agent.prompt('a long task');
    await started;
    await agent.compact();
    await run;
    const order = events.filter((e) => e.type === 'run_end' || e.type === 'compaction_start' || e.type === 'compaction_end').map((e) => e.type);
    assert.deepEqual(order, ['run_end', 'compaction_start', 'compaction_end']);
    const stopped = session.getBranch().find((e) => e.type === 'message' && (e.message as { stopReason?: string }).stopReason === 'aborted');
    assert.ok(stopped, 'the stopped reply is kept');
    assert.equal(session.getEntry(session.leafId!)!.type, 'compaction');
  });

  it('queues a prompt sent during a manual compaction and sends it afterwards from the compacted context', async () => {
    const summary = gated(text('SUMMARY'));
    const { provider, agent } = await setup([summary.script, text('after compaction')]);
    const compacting = agent.compact();
    const queued = agent.prompt('queued while compacting');
    await summary.asked;
    assert.equal(provider.requests.length, 1);
    summary.release();
    await compacting;
    await queued;
    assert.equal(provider.requests.length, 2);
    const sent = provider.requests[1]!.messages;
    assert.match(firstText(sent[0]), /<summary>\nSUMMARY/);
    assert.equal(firstText(sent.at(-1)), 'queued while compacting');
  });
});
