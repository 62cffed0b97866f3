import { strict as assert } from 'node:assert';
import { SessionTree, type SessionEntry } from '../../../src/core/session';
import { calibrationAt, pathCalibrationSamples, PositionCalibrations, createTokenizerEstimator, type TokenEstimator } from '../../../src/core/tokens';
import { assistant, chain, compactionEntry, entry, msg, usage, user } from '../../support/builders';

const KEY = 'anthropic/claude-sonnet-4-5';

/** Counts characters, and how many messages it was asked about. */
function countingEstimator(): TokenEstimator & { asked: number } {
  const base = createTokenizerEstimator((text) => text.length, 'counter');
  const counting = { name: base.name, asked: 0, estimate: (message: Parameters<TokenEstimator['estimate']>[0]) => (counting.asked++, base.estimate(message)), estimateText: base.estimateText };
  return counting;
}

function lookup(entries: readonly SessionEntry[]): (id: string) => SessionEntry | undefined {
  const tree = SessionTree.fromEntries([...entries]);
  return (id) => tree.get(id);
}

/** u0 ─ a0 (1000) ─ u1 (96 chars: 100 estimated) ─ a1 (`input`) */
function turn(input: number, between: SessionEntry[] = []): SessionEntry[] {
  return chain(msg('u0', null, user('q')), msg('a0', null, assistant('ok', { usage: usage(1000, 0) })), ...between, msg('u1', null, user('w'.repeat(96))), msg('a1', null, assistant('ok', { usage: usage(input, 0) })));
}

describe('the calibration from the path to a position', () => {
  it('samples the growth the provider counted between two replies against the estimate of the messages between them', () => {
    const estimator = countingEstimator();
    assert.deepEqual(pathCalibrationSamples('a1', lookup(turn(1150)), estimator), [{ modelKey: KEY, reported: 150, estimated: 100 }]);
    assert.equal(calibrationAt('a1', lookup(turn(1150)), estimator).ratio(KEY), 1.5);
    assert.equal(calibrationAt('u1', lookup(turn(1150)), estimator).ratio(KEY), 1, 'no sample ends before the second reply');
  });

  it('counts a failed reply as a message between, and pairs no replies across a compaction or a context edit or of two models', () => {
    const estimator = countingEstimator();
    const failed = msg('f', null, assistant('x'.repeat(96), { stopReason: 'error', usage: usage(9999, 0) }));
    assert.deepEqual(pathCalibrationSamples('a1', lookup(turn(1250, [failed])), estimator), [{ modelKey: KEY, reported: 250, estimated: 200 }]);
    assert.deepEqual(pathCalibrationSamples('a1', lookup(turn(1150, [compactionEntry('c', null, 'u0')])), estimator), []);
    // A context edit, too, changed what the second request sent besides the messages between.
    assert.deepEqual(pathCalibrationSamples('a1', lookup(turn(1150, [entry('context_edit', 'e', null, { targetId: 'u0', replacement: null })])), estimator), []);
    // An all-zero usage is no usage: the reply counts as a message between.
    const silent = msg('z', null, assistant('x'.repeat(96), { usage: usage(0, 0) }));
    assert.deepEqual(pathCalibrationSamples('a1', lookup(turn(1250, [silent])), estimator), [{ modelKey: KEY, reported: 250, estimated: 200 }]);
    const other = turn(1150);
    other[3] = { ...other[3]!, message: assistant('ok', { usage: usage(1150, 0), model: 'claude-haiku-4-5' }) } as SessionEntry;
    assert.deepEqual(pathCalibrationSamples('a1', lookup(other), estimator), []);
  });

  it('walks back only as far as the latest replies it uses, however long the path', () => {
    const estimator = countingEstimator();
    const entries: SessionEntry[] = [];
    for (let i = 0; i < 2000; i++) entries.push(msg(`u${i}`, null, user('w'.repeat(96))), msg(`a${i}`, null, assistant('ok', { usage: usage(1000 + 200 * i, 0) })));
    chain(...entries);
    const samples = pathCalibrationSamples('a1999', lookup(entries), estimator, 3);
    assert.deepEqual(samples, [{ modelKey: KEY, reported: 200, estimated: 100 }, { modelKey: KEY, reported: 200, estimated: 100 }, { modelKey: KEY, reported: 200, estimated: 100 }]);
    assert.equal(estimator.asked, 3, 'only the messages between the last four replies were estimated');
  });

  it('keeps each position\'s calibration: asking again, or coming back after other positions, counts nothing', () => {
    const estimator = countingEstimator();
    const entries = [...turn(1150), entry('label', 'l', 'a1', { targetId: 'a1', label: 'x' })];
    const positions = new PositionCalibrations(lookup(entries), estimator);
    const first = positions.at('a1');
    const asked = estimator.asked;
    assert.equal(positions.at('a1'), first);
    assert.equal(positions.at('l').ratio(KEY), 1.5);
    assert.equal(positions.at(null).ratio(KEY), 1);
    assert.equal(positions.at('a1'), first);
    assert.equal(estimator.asked, asked + 1, 'only the label position was new (it estimates the reply\'s prompt again)');
  });
});
