// What the agent is doing, as the one state value it owns and announces with one `state` event:
// idle, running, compacting (by itself inside a run, or the Compact command's) and navigating, with
// the inputs waiting for it.
import { strict as assert } from 'node:assert';
import { AgentSession, isAnswering, type AgentEvent, type AgentState } from '../../../src/core/agent';
import { inMemorySession } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { echoTool } from './support/fakeTools';
import { history } from './support/history';
import { call, calls, gated, hangAfter, replyUsage, ScriptedProvider, text, type Script } from './support/scriptedProvider';

async function setup(scripts: Script[], options: { contextWindow?: number } = {}) {
  const clock = steppingClock();
  const session = inMemorySession('/work/project', clock);
  await history(session, 4);
  const provider = new ScriptedProvider(scripts, { contextWindow: options.contextWindow ?? 200000 });
  const agent = new AgentSession({
    session,
    provider,
    tools: [echoTool()],
    settings: { model: 'claude-sonnet-4-5', compaction: { keepRecentTokens: 150, reserveTokens: 2000 } },
    clock,
    root: '/work/project',
    delay: async () => undefined,
  });
  const events: AgentEvent[] = [];
  const answering: boolean[] = [];
  agent.onEvent((event) => {
    events.push(event);
    if (event.type === 'state') answering.push(isAnswering(event.state));
  });
  return { session, provider, agent, events, answering };
}

/** The state events, as "phase (reason): queued inputs". */
function states(events: AgentEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'state' ? [stateText(e.state)] : []));
}

function stateText(state: AgentState): string {
  const phase = state.phase.kind === 'compacting' ? `compacting (${state.phase.reason})` : state.phase.kind;
  return [phase, ...state.queued].join(': ');
}

describe('the agent state', () => {
  it('is idle until a prompt, running while it is answered, and idle again after; the state is read and announced alike', async () => {
    const { agent, events, answering } = await setup([text('hello')]);
    assert.equal(stateText(agent.state), 'idle');
    const run = agent.prompt('hi');
    assert.equal(stateText(agent.state), 'running');
    await run;
    assert.deepEqual(states(events), ['running', 'idle']);
    assert.deepEqual(answering, [true, false]);
    assert.equal(stateText(agent.state), 'idle');
  });

  it('compacts by itself inside a run: compacting (threshold), running again, then idle; still answering throughout', async () => {
    const over = replyUsage(9000); // window 10000 − reserve 2000 = threshold 8000
    const { agent, events, answering } = await setup([calls([call('echo', { text: 'step' }, 't1')], 'Working.', { usage: over }), text('SUMMARY'), text('done')], { contextWindow: 10000 });
    await agent.prompt('long task');
    assert.deepEqual(states(events), ['running', 'compacting (threshold)', 'running', 'idle']);
    assert.deepEqual(answering, [true, true, true, false]);
  });

  it('is compacting (manual) for the Compact command, not answering; input sent meanwhile waits, then starts a run', async () => {
    const summary = gated(text('SUMMARY'));
    const { agent, events, answering } = await setup([summary.script, text('after compaction')]);
    const compacting = agent.compact();
    const queued = agent.prompt('queued while compacting');
    await summary.asked;
    assert.equal(stateText(agent.state), 'compacting (manual): queued while compacting');
    summary.release();
    await Promise.all([compacting, queued]);
    assert.deepEqual(states(events), ['compacting (manual)', 'compacting (manual): queued while compacting', 'running', 'idle']);
    assert.deepEqual(answering, [false, false, true, false]);
  });

  it('takes one queued prompt out of the queue by its place and text, never one sent or changed meanwhile; the rest are sent', async () => {
    const first = gated(text('first answer'));
    const { agent, provider, events } = await setup([first.script, text('answer to the third')]);
    const run = agent.prompt('first');
    await first.asked;
    const waiting = [agent.prompt('second'), agent.prompt('third')];
    assert.equal(agent.unqueue(0, 'third'), undefined, 'the text at that place is another');
    assert.equal(agent.unqueue(2, 'third'), undefined, 'nothing at that place');
    assert.equal(agent.unqueue(0, 'second'), 'second');
    assert.equal(stateText(agent.state), 'running: third');
    first.release();
    await Promise.all([run, ...waiting]);
    assert.deepEqual(states(events), ['running', 'running: second', 'running: second: third', 'running: third', 'running', 'idle']);
    const lastUser = provider.requests.map((request) => JSON.stringify(request.messages.at(-1)));
    assert.equal(lastUser.length, 2);
    assert.match(lastUser[1]!, /"third"/);
    assert.doesNotMatch(lastUser.join(' '), /"second"/);
  });

  it('stops a run for the Compact command: compacting (manual) at once, idle once compacted', async () => {
    let streaming!: () => void;
    const started = new Promise<void>((resolve) => (streaming = resolve));
    const { agent, events } = await setup([hangAfter('I will start by', () => streaming()), text('SUMMARY')]);
    const run = agent.prompt('a long task');
    await started;
    await agent.compact();
    await run;
    assert.deepEqual(states(events), ['running', 'compacting (manual)', 'idle']);
  });

  it('is navigating during a move in the tree, then idle', async () => {
    const { session, agent, events } = await setup([]);
    const target = session.getBranch()[1]!;
    await agent.navigate(target.id);
    assert.deepEqual(states(events), ['navigating', 'idle']);
    assert.equal(session.leafId, target.id);
  });

  it('hands the waiting inputs back when a run is stopped, and goes idle with none waiting', async () => {
    let streaming!: () => void;
    const started = new Promise<void>((resolve) => (streaming = resolve));
    const { agent, events } = await setup([hangAfter('Thinking about it', () => streaming())]);
    const run = agent.prompt('first');
    await started;
    const waiting = agent.prompt('second');
    agent.abort();
    await Promise.all([run, waiting]);
    const end = events.find((e): e is Extract<AgentEvent, { type: 'run_end' }> => e.type === 'run_end');
    assert.deepEqual(end?.unsent, ['second']);
    assert.deepEqual(states(events), ['running', 'running: second', 'running', 'idle']);
  });
});
