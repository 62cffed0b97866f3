/**
 * One truth for the numbers: the meter's reading for a position is a function of the session file
 * and the settings. The calibration comes from the usages on the path to the position, so a branch
 * switch and back, a reply on another branch, or a reload gives the same reading, exactly; and a
 * compaction's "after" is the meter's reading right after it. Real files, the real SDK against the
 * fake Anthropic server.
 */
import { strict as assert } from 'node:assert';
import { AgentSession, type AgentEvent } from '../../../src/core/agent';
import type { CompactionResult } from '../../../src/core/compaction';
import { createAnthropicProvider } from '../../../src/core/llm';
import { createSessionFile, openSessionFile, type Session } from '../../../src/core/session';
import { createTokenizerEstimator, meterDetails, meterReading, piEstimator, type TokenEstimator } from '../../../src/core/tokens';
import { assistant, steppingClock, toolCall, toolResult, usage, user } from '../../support/builders';
import { reply, text, usage as pinnedUsage, useFakeAnthropic } from '../../support/fakeAnthropic';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

const MODEL = 'claude-sonnet-4-5';
/** One token per character (plus the estimator's framing), so every estimate below is a round number. */
const counter = (): TokenEstimator => createTokenizerEstimator((words) => words.length, 'counter');

interface Branches {
  file: string;
  /** A: the provider counted twice our estimate; the leaf is a tool result (100 estimated tokens). */
  leafA: string;
  /** B: one and a half times; the same kind of leaf. */
  leafB: string;
}

/**
 * u0 ─ a0 (1000) ┬ uA (100 est.) ─ aA (1200: ratio 2) ─ rA (100 est.)
 *                └ uB (100 est.) ─ aB (1150: ratio 1.5) ─ rB (100 est.)
 */
async function twoBranches(dir: string): Promise<Branches> {
  const clock = steppingClock();
  const session = await createSessionFile({ dir, cwd: dir, clock });
  const at = () => clock().getTime();
  await session.appendMessage({ ...user('start'), timestamp: at() });
  const a0 = await session.appendMessage({ ...assistant('Two ways.', { usage: usage(1000, 0) }), timestamp: at() });
  const branch = async (name: string, input: number): Promise<string> => {
    await session.branch(a0);
    const call = toolCall('read', { path: `${name}.ts` }, `tc-${name}`);
    await session.appendMessage({ ...user(name.repeat(96)), timestamp: at() });
    await session.appendMessage({ ...assistant([call], { usage: usage(input, 0), stopReason: 'toolUse' }), timestamp: at() });
    return session.appendMessage({ ...toolResult(call, 'z'.repeat(88)), timestamp: at() });
  };
  const leafA = await branch('a', 1200);
  const leafB = await branch('b', 1150);
  await session.sync();
  return { file: session.file!, leafA, leafB };
}

describe('one truth for the numbers', function () {
  this.timeout(30_000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  async function agentOn(file: string, position: string, estimator: TokenEstimator = counter()): Promise<{ agent: AgentSession; session: Session; events: AgentEvent[] }> {
    const { session } = await openSessionFile(file, { cwd: dir() });
    await session.branch(position);
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => Date.now(), retry: { maxAttempts: 1 } });
    const agent = await AgentSession.create({
      session,
      provider,
      settings: { model: MODEL, compaction: { keepRecentTokens: 150, reserveTokens: 2000 } },
      estimator,
      calibrate: estimator.name === 'counter',
      clock: () => new Date(),
      root: dir(),
      delay: async () => undefined,
    });
    const events: AgentEvent[] = [];
    agent.onEvent((event) => events.push(event));
    return { agent, session, events };
  }

  it('reads the same for a position after a branch switch, a reply on the other branch and back, and after reopening the file', async () => {
    const { file, leafA, leafB } = await twoBranches(dir());
    const { agent, session } = await agentOn(file, leafA);
    const first = agent.status();
    // Calibrated from branch A's own reply: the provider counted 200 for our 100.
    assert.deepEqual([first.calibrationRatio, first.reportedTokens, first.estimatedTokens, first.contextTokens], [2, 1200, 200, 1400]);

    await session.branch(leafB);
    const onB = agent.status();
    assert.deepEqual([onB.calibrationRatio, onB.reportedTokens, onB.estimatedTokens, onB.contextTokens], [1.5, 1150, 150, 1300]);
    // A reply on B whose usage says more than 3× (clamped to 3): B's next reading moves, A's must not.
    server().script(reply(text('Read it.'), pinnedUsage({ input_tokens: 1150 + 400, output_tokens: 0 })));
    await agent.prompt('go on');
    assert.equal(agent.status().calibrationRatio, 1.5 + 0.3 * (3 - 1.5));
    const leafB2 = session.leafId!;
    const afterReply = agent.status();

    await session.branch(leafA);
    assert.deepEqual(agent.status(), first);
    await session.branch(leafB2);
    assert.deepEqual(agent.status(), afterReply);
    agent.dispose();

    const reopenedA = await agentOn(file, leafA);
    assert.deepEqual(reopenedA.agent.status(), first);
    reopenedA.agent.dispose();
    const reopenedB = await agentOn(file, leafB2);
    assert.deepEqual(reopenedB.agent.status(), afterReply);
    reopenedB.agent.dispose();
  });

  it("gives the compaction's \"after\" as the meter reads the context right after it, calibration included", async () => {
    const { file, leafA } = await twoBranches(dir());
    const { agent, events } = await agentOn(file, leafA);
    assert.equal(agent.status().calibrationRatio, 2);
    server().script(text('## Goal\nTry two ways.'));
    await agent.compact();
    const end = events.find((event): event is Extract<AgentEvent, { type: 'compaction_end' }> => event.type === 'compaction_end');
    const result = end?.result as CompactionResult;
    const after = agent.status();
    assert.equal(after.reportedTokens, 0);
    assert.equal(result.arbor.tokensAfter, after.contextTokens);
    // And "before" is the meter's reading before it.
    assert.equal(result.tokensBefore, 1400);
    agent.dispose();
  });

  it('tells in the tooltip what the API last reported, also after a compaction made the count an estimate', async () => {
    const { file, leafA } = await twoBranches(dir());
    const { agent } = await agentOn(file, leafA);
    const settings = { enabled: true, keepRecentTokens: 150 };
    assert.equal(meterDetails(meterReading(agent.status(), settings))[1], 'Reported by the API for the last reply: 1,200');
    server().script(text('## Goal\nTry two ways.'));
    await agent.compact();
    assert.equal(meterDetails(meterReading(agent.status(), settings))[1], 'Reported by the API for the last reply: 1,200, before the compaction (not counted: the summary replaced that context)');
    agent.dispose();
  });

  it("reads pi 1.6's projected estimate on a session with context edits, and follows an edit and a message appended here", async () => {
    const pi = await loadPi();
    const sm = pi.SessionManager.create(dir(), dir());
    sm.appendMessage(user('first question') as never);
    const a1 = sm.appendMessage(assistant('a long first answer '.repeat(30), { usage: usage(3000, 100) }) as never);
    sm.appendContextEdit(a1, { content: 'short' });
    const u2 = sm.appendMessage(user('second question') as never);
    const a2 = sm.appendMessage(assistant('second answer', { usage: usage(3200, 20) }) as never);
    const file = sm.getSessionFile()!;
    // pi's answer on the file as it is now (Arbor appends to it below).
    const piSays = (leaf: string): number => {
      const now = pi.SessionManager.open(file, dir());
      return pi.estimateProjectedContextTokens(pi.buildSessionProjection(now.getEntries(), leaf), now.getBranch(leaf)).tokens;
    };
    const { agent, session } = await agentOn(file, a2, piEstimator);
    assert.deepEqual([agent.status().contextTokens, agent.status().reportedTokens], [piSays(a2), 3220]);
    // An edit appended here: the reply's usage came before it.
    const edit = await session.appendContextEdit(u2, { content: 'q2' });
    await session.sync();
    assert.deepEqual([agent.status().contextTokens, agent.status().reportedTokens], [piSays(edit), 0]);
    // Show Context's parts add up to the same number.
    const shown = await agent.showContext();
    assert.equal(shown.breakdown.total, piSays(edit));
    assert.equal(shown.breakdown.parts.reduce((sum, part) => sum + part.tokens, 0), piSays(edit));
    // A message appended after the edit (the view grows by one): still no usage to trust.
    const u3 = await session.appendMessage(user('third question'));
    await session.sync();
    assert.equal(agent.status().contextTokens, piSays(u3));
    agent.dispose();
  });
});

