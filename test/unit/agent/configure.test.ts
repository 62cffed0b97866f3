// An agent lives as long as its session: new settings, a new key or another workspace configure it
// between runs, and what it learned (the token calibration, "allow always" answers) stays.
import { strict as assert } from 'node:assert';
import { AgentSession, type AgentConfiguration, type AgentEvent } from '../../../src/core/agent';
import type { ApprovalCallback, Tool } from '../../../src/core/agent/tools/tool';
import type { LlmProvider } from '../../../src/core/llm/provider';
import { inMemorySession } from '../../../src/core/session';
import { learnedCalibration, piEstimator, scaledEstimator, type ContextStatus, type TokenEstimator } from '../../../src/core/tokens';
import { steppingClock } from '../../support/builders';
import { echoTool } from './support/fakeTools';
import { history } from './support/history';
import { call, calls, gated, ScriptedProvider, text, type Script } from './support/scriptedProvider';

const MODEL = 'claude-sonnet-4-5';

async function setup(scripts: Script[], tools: Tool[] = [], extra: { approve?: ApprovalCallback } = {}) {
  const clock = steppingClock();
  const session = inMemorySession('/work/project', clock);
  // Their usages teach a calibration: each reported step is 90 tokens for about 104 estimated.
  await history(session, 3, MODEL);
  const provider = new ScriptedProvider(scripts);
  const agent = new AgentSession({
    session,
    provider,
    tools,
    settings: { model: MODEL },
    estimator: piEstimator,
    calibration: learnedCalibration(session.buildContext().messages, piEstimator),
    clock,
    root: '/work/project',
    delay: async () => undefined,
    ...extra,
  });
  const events: AgentEvent[] = [];
  agent.onEvent((event) => events.push(event));
  return { session, provider, agent, events };
}

function configuration(provider: LlmProvider, changes: Partial<AgentConfiguration> = {}): AgentConfiguration {
  return { provider, settings: { model: MODEL }, tools: [], allowedTools: [], estimator: piEstimator, root: '/work/project', ...changes };
}

function readings(events: AgentEvent[]): ContextStatus[] {
  return events.flatMap((e) => (e.type === 'tokens' ? [e.status] : []));
}

describe('configuring an agent between runs', () => {
  it('lets the running reply finish with the old model and sends the next prompt to the new one', async () => {
    const slow = gated(text('first'));
    const { provider, agent } = await setup([slow.script, text('second')]);
    const first = agent.prompt('one');
    await slow.asked;
    agent.configure(configuration(provider, { settings: { model: 'claude-opus-4-1' } }));
    assert.equal(agent.model, MODEL);
    slow.release();
    await first;
    assert.equal(agent.model, 'claude-opus-4-1');
    await agent.prompt('two');
    assert.deepEqual(provider.requests.map((request) => request.model), [MODEL, 'claude-opus-4-1']);
  });

  it('applies at once when idle and reports the reading the new settings give', async () => {
    const { provider, agent, events } = await setup([]);
    const before = agent.status();
    agent.configure(configuration(provider, { settings: { model: MODEL, compaction: { reserveTokens: 50_000 } } }));
    const reported = readings(events).at(-1);
    assert.equal(before.threshold, 200_000 - 16_384);
    assert.equal(reported?.threshold, 150_000);
    assert.deepEqual(reported, agent.status());
  });

  it('keeps what the calibration learned for the same estimator, and learns again from the branch for another one', async () => {
    const { provider, agent } = await setup([]);
    const learned = agent.status().calibrationRatio;
    assert.notEqual(learned, 1);
    agent.configure(configuration(provider, { settings: { model: MODEL, thinkingLevel: 'high' } }));
    assert.equal(agent.status().calibrationRatio, learned);
    const larger: TokenEstimator = { ...scaledEstimator(piEstimator, 1.5), name: 'pi×1.5' };
    agent.configure(configuration(provider, { estimator: larger }));
    const relearned = agent.status().calibrationRatio;
    assert.ok(Math.abs(relearned - learned / 1.5) < 0.02, `${relearned} is about ${learned} / 1.5`);
  });

  it('keeps "allow always" answers when the tools allowed beforehand change', async () => {
    const ran: string[] = [];
    const asked: string[] = [];
    const { provider, agent } = await setup([calls([call('echo', { text: 'a' }, 't1')]), text('ok'), calls([call('echo', { text: 'b' }, 't2')]), text('ok')], [echoTool(ran, true)], {
      approve: async ({ toolName }) => {
        asked.push(toolName);
        return 'allow-always';
      },
    });
    await agent.prompt('first');
    agent.configure(configuration(provider, { tools: [echoTool(ran, true)], allowedTools: ['write'] }));
    await agent.prompt('second');
    assert.deepEqual(asked, ['echo']);
    assert.deepEqual(ran, ['a', 'b']);
  });

  it('reports a reading when a prompt or a tool result is added and when the position moves, not only after replies', async () => {
    const { session, agent, events } = await setup([calls([call('echo', { text: 'a' }, 't1')]), text('done')], [echoTool()]);
    await agent.prompt('go');
    const kinds = events.filter((e) => e.type === 'tokens' || e.type === 'entry_appended').map((e) => (e.type === 'tokens' ? 'tokens' : `${e.entry.type === 'message' ? (e.entry.message as { role: string }).role : e.entry.type}`));
    assert.deepEqual(kinds, ['user', 'tokens', 'assistant', 'tokens', 'toolResult', 'tokens', 'assistant', 'tokens']);
    const count = readings(events).length;
    await session.branch(session.getBranch()[1]!.id);
    assert.equal(readings(events).length, count + 1);
    assert.deepEqual(readings(events).at(-1), agent.status());
  });
});
