/**
 * Numbers that agree across a compaction: the card's "after" is the meter's reading right after
 * it and below its "before"; the messages added next never lower the meter; the tooltip prices the
 * system prompt and the tools the same whether the count is reported or estimated. The session
 * reproduces what a user saw: the calibration learned a high ratio on a few short messages (the
 * provider counted twice our estimate of a tool call and its result), then a summary of ordinary
 * prose, which the provider counts about as we do. Real files, the real SDK against the fake
 * Anthropic server.
 */
import { strict as assert } from 'node:assert';
import { AgentSession, type AgentEvent } from '../../../src/core/agent';
import { createTools } from '../../../src/core/agent/tools/registry';
import type { CompactionResult } from '../../../src/core/compaction';
import { createAnthropicProvider } from '../../../src/core/llm';
import { createSessionFile, type Session } from '../../../src/core/session';
import { createTokenizerEstimator, type ContextBreakdown, type TokenEstimator } from '../../../src/core/tokens';
import { assistant, steppingClock, toolCall, toolResult, usage, user } from '../../support/builders';
import { reply, text, usage as pinnedUsage, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';

const MODEL = 'claude-sonnet-4-5';
/** One token per character (plus the estimator's framing), so every estimate below is a round number. */
const counter = (): TokenEstimator => createTokenizerEstimator((words) => words.length, 'counter');
/** The summary the model writes: 200 characters of prose (about 450 tokens with its wrapper), half of what it replaces. */
const SUMMARY = `## Goal\n${'The user compares two ways to read the file. '.repeat(5)}`.slice(0, 200);

/**
 * u0 (700 characters) ─ a0 (100 characters; `frame` + 800 reported: the system prompt and the
 * tools, then u0 and a0 as we count them) ─ uA (96 characters) ─ aA: a read call (`frame` + 1100
 * reported: the provider counted three times our estimate of uA, so the calibration's ratio is 3,
 * its highest) ─ rA: the call's result (88 characters).
 */
async function calibratedSession(dir: string, frame: number): Promise<Session> {
  const clock = steppingClock();
  const session = await createSessionFile({ dir, cwd: dir, clock });
  const at = () => clock().getTime();
  await session.appendMessage({ ...user('Read both files and compare them. '.repeat(21).slice(0, 700)), timestamp: at() });
  await session.appendMessage({ ...assistant('Both read the same way; '.repeat(5).slice(0, 100), { usage: usage(frame + 700, 100) }), timestamp: at() });
  const call = toolCall('read', { path: 'a.ts' }, 'tc-a');
  await session.appendMessage({ ...user('a'.repeat(96)), timestamp: at() });
  await session.appendMessage({ ...assistant([call], { usage: usage(frame + 1100, 0), stopReason: 'toolUse' }), timestamp: at() });
  await session.appendMessage({ ...toolResult(call, 'z'.repeat(88)), timestamp: at() });
  await session.sync();
  return session;
}

describe('numbers that agree across a compaction', function () {
  this.timeout(30_000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  /** `tools`: offer the read tool (its definition is most of the request's frame). */
  async function agentOn(session: Session, tools = false): Promise<{ agent: AgentSession; events: AgentEvent[] }> {
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => Date.now(), retry: { maxAttempts: 1 } });
    const agent = await AgentSession.create({
      session,
      provider,
      settings: { model: MODEL, compaction: { keepRecentTokens: 200, reserveTokens: 2000 } },
      systemPrompt: 'You are a test assistant. '.repeat(4),
      ...(tools ? { tools: createTools({ only: ['read'] }) } : {}),
      estimator: counter(),
      calibrate: true,
      clock: () => new Date(),
      root: dir(),
      delay: async () => undefined,
    });
    const events: AgentEvent[] = [];
    agent.onEvent((event) => events.push(event));
    return { agent, events };
  }

  function compactionResult(events: readonly AgentEvent[]): CompactionResult {
    const end = events.find((event): event is Extract<AgentEvent, { type: 'compaction_end' }> => event.type === 'compaction_end');
    return end?.result as CompactionResult;
  }

  it("gives the card's after as the meter's reading right after, below before, however high the calibration ratio", async () => {
    const session = await calibratedSession(dir(), 100);
    const { agent, events } = await agentOn(session);
    const before = agent.status();
    assert.deepEqual([before.calibrationRatio, before.reportedTokens, before.contextTokens], [3, 1200, 1200 + 3 * 100]);
    server().script(text(SUMMARY));
    await agent.compact();
    const result = compactionResult(events);
    const after = agent.status();
    assert.equal(result.tokensBefore, 1500);
    assert.equal(result.arbor.tokensAfter, after.contextTokens);
    // The summary (311 with its wrapper), uA (100), the call (31) and its result (100), as the
    // estimator counts them: the ratio was learned on other messages (×3 would read 1 626).
    assert.deepEqual([after.reportedTokens, after.calibrationRatio, after.contextTokens], [0, 1, 311 + 100 + 31 + 100]);
    assert.ok(result.arbor.tokensAfter < result.tokensBefore, `${result.arbor.tokensAfter} < ${result.tokensBefore}`);
    agent.dispose();
  });

  it('never lowers the meter when the next prompt and its reply are added after a compaction', async () => {
    const session = await calibratedSession(dir(), 100);
    const { agent } = await agentOn(session);
    server().script(text(SUMMARY));
    await agent.compact();
    const readings = [agent.status().contextTokens];
    const listening = session.onDidChange((change) => {
      if (change.kind === 'append') readings.push(agent.status().contextTokens);
    });
    // The provider counts the prompt (100), the summary and the call as we do, uA and its result
    // three times: 100 + 311 + 300 + 31 + 300 + 9 ("go on"), and 2 for "On it.".
    server().script(reply(text('On it.'), pinnedUsage({ input_tokens: 1051, output_tokens: 2 })));
    await agent.prompt('go on');
    listening.dispose();
    // Right after the compaction, with "go on", with the reply (what the provider counted).
    assert.deepEqual(readings, [542, 542 + 9, 1051 + 2]);
    agent.dispose();
  });

  it('prices the system prompt and the tools the same before a compaction (reported) and after it (estimated)', async () => {
    const session = await calibratedSession(dir(), 661);
    const { agent } = await agentOn(session, true);
    const frame = (breakdown: ContextBreakdown): number[] =>
      [...breakdown.parts, ...breakdown.uncounted].filter((part) => part.kind === 'system' || part.kind === 'tools').map((part) => part.tokens);
    const reported = frame((await agent.showContext()).breakdown);
    server().script(text(SUMMARY));
    await agent.compact();
    const estimated = frame((await agent.showContext()).breakdown);
    // The 104 characters of the prompt, the 557 of the read tool's definition (one token each).
    assert.deepEqual([reported, estimated], [
      [104, 557],
      [104, 557],
    ]);
    agent.dispose();
  });
});
