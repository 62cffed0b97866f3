/**
 * A model for summaries: compactions and branch summaries are written by the compaction model
 * (the chat's model when none is set), and that model's window bounds each summary request.
 */
import { strict as assert } from 'node:assert';
import { AgentSession, type AgentConfiguration } from '../../../src/core/agent';
import { SUMMARIZATION_SYSTEM_PROMPT } from '../../../src/core/compaction';
import type { LlmRequest, ModelInfo } from '../../../src/core/llm/provider';
import { inMemorySession, type Session } from '../../../src/core/session';
import { piEstimator } from '../../../src/core/tokens';
import { steppingClock } from '../../support/builders';
import { replyUsage, ScriptedProvider, text, type Script } from './support/scriptedProvider';

const CHAT = 'claude-sonnet-4-5';
const SUMMARIES = 'claude-haiku-4-5';
const LONG = 'x'.repeat(800); // 200 tokens by pi's estimate

/** Each model with its own window: the summaries' model has a small one. */
class TwoModels extends ScriptedProvider {
  constructor(
    scripts: Script[],
    private readonly summaryWindow: number,
  ) {
    super(scripts);
  }

  override modelInfo(modelId: string): ModelInfo {
    return { ...super.modelInfo(modelId), ...(modelId === SUMMARIES ? { contextWindow: this.summaryWindow, maxOutputTokens: 500 } : {}) };
  }
}

async function history(session: Session, turns: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= turns; i++) {
    ids.push(await session.appendMessage({ role: 'user', content: [{ type: 'text', text: `question ${i} ${LONG}` }], timestamp: i }));
    ids.push(
      await session.appendMessage({
        role: 'assistant',
        content: [{ type: 'text', text: `answer ${i} ${LONG}` }],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: CHAT,
        usage: replyUsage(400 * i),
        stopReason: 'stop',
        timestamp: i,
      }),
    );
  }
  return ids;
}

async function setup(options: { compactionModel?: string; summaryWindow?: number; replies?: number }) {
  const clock = steppingClock();
  const session = inMemorySession('/work/project', clock);
  const ids = await history(session, 8);
  const provider = new TwoModels(Array.from({ length: options.replies ?? 6 }, () => text('Summary so far.')), options.summaryWindow ?? 200000);
  const agent = new AgentSession({
    session,
    provider,
    settings: { model: CHAT, compaction: { keepRecentTokens: 300, reserveTokens: 2000 }, ...(options.compactionModel !== undefined ? { compactionModel: options.compactionModel } : {}) },
    clock,
    root: '/work/project',
    delay: async () => undefined,
  });
  return { session, provider, agent, ids };
}

const summaryRequests = (provider: ScriptedProvider): Omit<LlmRequest, 'signal'>[] => provider.requests.filter((request) => request.systemPrompt === SUMMARIZATION_SYSTEM_PROMPT);

describe('the compaction model', () => {
  it("writes a compaction with the chat's model when none is set", async () => {
    const { provider, agent } = await setup({});
    await agent.compact();
    assert.deepEqual(summaryRequests(provider).map((request) => request.model), [CHAT]);
  });

  it('writes the compaction with the compaction model, whose small window splits the history into several requests', async () => {
    const { provider, agent, session } = await setup({ compactionModel: SUMMARIES, summaryWindow: 8000 });
    await agent.compact();
    const requests = summaryRequests(provider);
    assert.ok(requests.length > 1, `${requests.length} requests`);
    assert.deepEqual(new Set(requests.map((request) => request.model)), new Set([SUMMARIES]));
    // Each request asks for the whole output limit of the summaries' model: the chunks leave it room in the window.
    assert.deepEqual(new Set(requests.map((request) => request.maxTokens)), new Set([500]));
    assert.equal(session.getBranch().at(-1)!.type, 'compaction');
  });

  it('writes a branch summary with the compaction model', async () => {
    const { provider, agent, ids } = await setup({ compactionModel: SUMMARIES });
    await agent.navigate(ids[1]!, { summarize: true });
    assert.deepEqual(summaryRequests(provider).map((request) => request.model), [SUMMARIES]);
  });

  it('changes between compactions when configured, and goes back to the chat model when cleared', async () => {
    const { provider, agent, ids } = await setup({});
    const configured = (compactionModel: string): AgentConfiguration => ({ provider, settings: { model: CHAT, compactionModel }, tools: [], allowedTools: [], estimator: piEstimator, root: '/work/project' });
    agent.configure(configured(SUMMARIES));
    assert.equal(agent.compactionModelId, SUMMARIES);
    await agent.navigate(ids[3]!, { summarize: true });
    agent.configure(configured(''));
    assert.equal(agent.compactionModelId, CHAT);
    await agent.navigate(ids[1]!, { summarize: true });
    assert.deepEqual(summaryRequests(provider).map((request) => request.model), [SUMMARIES, CHAT]);
  });
});
