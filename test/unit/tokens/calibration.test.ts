import { strict as assert } from 'node:assert';
import type { AgentMessage } from '../../../src/core/session';
import { calibrationSamples, piEstimator, TokenCalibration } from '../../../src/core/tokens';
import { assistant, toolCall, toolResult, usage, user } from '../../support/builders';

const KEY = 'anthropic/claude-sonnet-4-5';

/** u, a1 (context 1000 after it), a 400-char tool result (100 pi tokens), a2 whose request read `prompt` tokens. */
function turn(prompt: number): AgentMessage[] {
  const read = toolCall('read', { path: 'a.ts' });
  return [user('q'), assistant([read], { usage: usage(900, 100) }), toolResult(read, 'x'.repeat(400)), assistant('done', { usage: usage(prompt, 10) })];
}

describe('per-model token calibration', () => {
  it('samples the provider-counted growth between two calls against our estimate of the same messages', () => {
    const samples = calibrationSamples(turn(1150), piEstimator);
    assert.deepEqual(samples, [{ modelKey: KEY, reported: 150, estimated: 100, index: 3 }]);
  });

  it('starts at the first sample and then smooths (EMA 0.3)', () => {
    const calibration = new TokenCalibration();
    assert.equal(calibration.ratio(KEY), 1);
    assert.equal(calibration.observe({ modelKey: KEY, reported: 150, estimated: 100 }), 1.5);
    assert.equal(calibration.observe({ modelKey: KEY, reported: 100, estimated: 100 }), 1.35);
    assert.equal(calibration.samples(KEY), 2);
    assert.equal(calibration.ratio('other/model'), 1);
  });

  it('clamps odd samples and skips ones too small to mean anything', () => {
    const calibration = new TokenCalibration();
    assert.equal(calibration.observe({ modelKey: KEY, reported: 10, estimated: 30 }), undefined);
    assert.equal(calibration.observe({ modelKey: KEY, reported: 100000, estimated: 100 }), 3);
    assert.equal(calibration.observe({ modelKey: KEY, reported: -50, estimated: 100 }), undefined);
  });

  it('learns from a message list and can learn just the newest sample', () => {
    const calibration = new TokenCalibration();
    const messages = turn(1150);
    assert.equal(calibration.learnFromMessages(messages, piEstimator, messages.length - 1), 1);
    assert.equal(calibration.ratio(KEY), 1.5);
    assert.equal(calibration.learnFromMessages(messages, piEstimator, messages.length), 0);
  });

  it('does not pair calls of different models or usages older than the latest compaction', () => {
    const read = toolCall('read', { path: 'a.ts' });
    const other = [user('q'), assistant([read], { usage: usage(900, 100), model: 'other' }), toolResult(read, 'x'.repeat(400)), assistant('x', { usage: usage(1150, 10) })];
    assert.deepEqual(calibrationSamples(other, piEstimator), []);
    const kept = turn(1150);
    const summary: AgentMessage = { role: 'compactionSummary', summary: 's', tokensBefore: 0, timestamp: kept[3]!.timestamp };
    assert.deepEqual(calibrationSamples([summary, ...kept], piEstimator), []);
  });

  it('round-trips through JSON for storage between sessions', () => {
    const calibration = new TokenCalibration();
    calibration.observe({ modelKey: KEY, reported: 130, estimated: 100 });
    const restored = new TokenCalibration({}, JSON.parse(JSON.stringify(calibration)));
    assert.equal(restored.ratio(KEY), 1.3);
  });
});
