import { strict as assert } from 'node:assert';
import type { AgentMessage } from '../../../src/core/session';
import { contextStatus, createTokenizerEstimator, measureContext, shouldCompact, TokenCalibration } from '../../../src/core/tokens';
import { assistant, toolCall, toolResult, usage, user } from '../../support/builders';
import { loadPi } from '../compaction/support/piOracle';
import { AutoCompactionGuard, decideCompaction, findLastAssistant } from '../../../src/core/compaction';

const SETTINGS = { enabled: true, reserveTokens: 10000 };

describe('context-token accounting', () => {
  it('triggers strictly above window − reserve', () => {
    assert.equal(shouldCompact(95000, 100000, SETTINGS), true);
    assert.equal(shouldCompact(89000, 100000, SETTINGS), false);
    assert.equal(shouldCompact(90000, 100000, SETTINGS), false);
    assert.equal(shouldCompact(90001, 100000, SETTINGS), true);
    assert.equal(shouldCompact(95000, 100000, { ...SETTINGS, enabled: false }), false);
  });

  it('never triggers with an unknown window, where pi triggers on every turn', async () => {
    const pi = await loadPi();
    assert.equal(pi.shouldCompact(1, 0, { ...SETTINGS, keepRecentTokens: 20000 }), true);
    assert.equal(shouldCompact(1, 0, SETTINGS), false);
    assert.equal(shouldCompact(1, undefined, SETTINGS), false);
    assert.equal(shouldCompact(1, Number.NaN, SETTINGS), false);
    assert.equal(shouldCompact(50000, 8000, SETTINGS), false, 'a reserve larger than the window leaves no threshold');
  });

  it('splits the count into the reported usage and the estimate of what follows it', () => {
    const read = toolCall('read', { path: 'a.ts' });
    const messages: AgentMessage[] = [user('q'), assistant([read], { usage: usage(1000, 200) }), toolResult(read, 'x'.repeat(400))];
    const measure = measureContext(messages);
    assert.equal(measure.reportedTokens, 1200);
    assert.equal(measure.estimatedTokens, 100);
    assert.equal(measure.contextTokens, 1300);
    assert.equal(measure.lastUsageIndex, 1);
    assert.equal(measure.estimator, 'pi');
  });

  it('applies the model calibration to the estimated part only', () => {
    const read = toolCall('read', { path: 'a.ts' });
    const messages: AgentMessage[] = [user('q'), assistant([read], { usage: usage(1000, 200) }), toolResult(read, 'x'.repeat(400))];
    const calibration = new TokenCalibration({}, { 'anthropic/claude-sonnet-4-5': { ratio: 1.5, samples: 3 } });
    const measure = measureContext(messages, { calibration });
    assert.equal(measure.reportedTokens, 1200);
    assert.equal(measure.rawEstimatedTokens, 100);
    assert.equal(measure.estimatedTokens, 150);
    assert.equal(measure.calibrationRatio, 1.5);
  });

  it('estimates a whole context unscaled when no usage is counted: the calibration scales only what follows a counted reply', async () => {
    const pi = await loadPi();
    // After a compaction: the kept reply's usage is from before it (trust starts after it).
    const summary: AgentMessage = { role: 'compactionSummary', summary: 's'.repeat(400), tokensBefore: 9_000, timestamp: 1 };
    const messages: AgentMessage[] = [summary, user('k'.repeat(200)), assistant('kept', { usage: usage(8000, 10) })];
    const calibration = new TokenCalibration({}, { 'anthropic/claude-sonnet-4-5': { ratio: 2.11, samples: 3 } });
    const measure = measureContext(messages, { calibration, trust: { from: 3, after: 'compaction' } });
    // pi's own estimate of the summary, the kept question and the kept reply (151), not × 2.11.
    const piCount = messages.reduce((sum, message) => sum + pi.estimateTokens(message), 0);
    assert.deepEqual([measure.reportedTokens, measure.calibrationRatio, measure.estimatedTokens, measure.contextTokens], [0, 1, 151, 151]);
    assert.equal(piCount, 151);
  });

  it('gives the meter and the trigger the same numbers', () => {
    // The trigger the agent asks before a prompt, on the same messages and window (the builders' replies are anthropic/claude-sonnet-4-5).
    const trigger = (messages: AgentMessage[]) =>
      decideCompaction({
        trigger: { point: 'before-prompt', assistant: findLastAssistant(messages) },
        messages,
        latestCompaction: undefined,
        model: { provider: 'anthropic', id: 'claude-sonnet-4-5', contextWindow: 100000 },
        settings: SETTINGS,
        guard: new AutoCompactionGuard(),
      });
    const over: AgentMessage[] = [user('q'), assistant('a', { usage: usage(95000, 500) }), user('x'.repeat(400))];
    const status = contextStatus(over, { contextWindow: 100000, settings: SETTINGS });
    assert.equal(status.contextTokens, 95600);
    assert.equal(status.threshold, 90000);
    assert.equal(status.percent, 95.6);
    assert.equal(status.shouldCompact, true);
    assert.deepEqual(trigger(over), { kind: 'compact', reason: 'threshold', willRetry: false, dropTrailingError: false, contextTokens: 95600, threshold: 90000 });

    const under: AgentMessage[] = [user('q'), assistant('a', { usage: usage(89000, 500) }), user('x'.repeat(400))];
    const below = contextStatus(under, { contextWindow: 100000, settings: SETTINGS });
    assert.deepEqual([below.contextTokens, below.threshold, below.shouldCompact], [89600, 90000, false]);
    assert.deepEqual(trigger(under), { kind: 'none', why: 'under-threshold' });
  });

  it('shows no percentage and never triggers when the window is unknown', () => {
    const status = contextStatus([user('x'.repeat(4000))], { contextWindow: 0, settings: SETTINGS });
    assert.equal(status.contextTokens, 1000);
    assert.equal(status.contextWindow, undefined);
    assert.equal(status.percent, undefined);
    assert.equal(status.shouldCompact, false);
  });

  it('recounting after one new message tokenizes only that message', () => {
    const counted: string[] = [];
    const estimator = createTokenizerEstimator((text) => {
      counted.push(text);
      return text.length;
    });
    const messages: AgentMessage[] = Array.from({ length: 50 }, (_, i) => user(`message ${i}`));
    measureContext(messages, { estimator, useReportedUsage: false });
    assert.equal(counted.length, 50);
    messages.push(user('one more'));
    const after = measureContext(messages, { estimator, useReportedUsage: false });
    assert.deepEqual(counted.slice(50), ['one more']);
    assert.equal(after.lastUsageIndex, null);
  });
});
