import { strict as assert } from 'node:assert';
import { findCutPoint } from '../../../src/core/compaction';
import { entryToContextMessage } from '../../../src/core/session';
import { createTokenizerEstimator, estimateTokensPi } from '../../../src/core/tokens';
import { assistant, bash, toolCall, toolResult, user } from '../../support/builders';
import { loadFixture } from './support/fixtures';
import { branchSummaryEntry, chars, customMessage, labelEntry, modelChange, pathOf, thinkingChange } from './support/path';
import { loadPi } from './support/piOracle';
import { ordinaryPath } from './support/randomPath';

const cut = (firstKeptEntryIndex: number, turnStartIndex: number, isSplitTurn: boolean) => ({ firstKeptEntryIndex, turnStartIndex, isSplitTurn });

describe('findCutPoint', () => {
  it('keeps a lone assistant message and handles a range without cut points', () => {
    assert.deepEqual(findCutPoint(pathOf(assistant('only')), 0, 1, 1000), cut(0, -1, false));
    assert.deepEqual(findCutPoint(pathOf(user('u'), modelChange()), 1, 2, 10), cut(1, -1, false));
  });

  it('keeps everything when everything fits', () => {
    const entries = pathOf(user('q1'), assistant('a1'), user('q2'), assistant('a2'));
    assert.deepEqual(findCutPoint(entries, 0, 4, 50000), cut(0, -1, false));
  });

  it('detects a split turn when the cut lands on an assistant message', () => {
    const entries = pathOf(user('Turn 1'), assistant(chars(4000)), user('Turn 2'), assistant(chars(4000)), assistant(chars(4000)), assistant(chars(4000)));
    assert.deepEqual(findCutPoint(entries, 0, 6, 3000), cut(3, 2, true));
  });

  it('matches the reference on the synthetic fixture for every recorded budget', async () => {
    const { path, expected } = await loadFixture('synthetic-branched');
    for (const record of expected.findCutPoint) {
      const result = findCutPoint(path, 0, path.length, record.keepRecentTokens);
      assert.deepEqual(result, cut(record.firstKeptEntryIndex, record.turnStartIndex, record.isSplitTurn), `budget ${record.keepRecentTokens}`);
      assert.equal(path[result.firstKeptEntryIndex]!.id, record.firstKeptEntryId);
      const kept = path.slice(result.firstKeptEntryIndex).filter((entry) => entry.type === 'message');
      assert.equal(kept.reduce((sum, entry) => sum + estimateTokensPi(entryToContextMessage(entry)!), 0), record.keptEstimatedTokens);
    }
  });

  it('matches the reference on the legacy fixture (ids differ: migration ids are random)', async () => {
    const { path, expected } = await loadFixture('legacy-v1');
    for (const record of expected.findCutPoint) {
      assert.deepEqual(findCutPoint(path, 0, path.length, record.keepRecentTokens), cut(record.firstKeptEntryIndex, record.turnStartIndex, record.isSplitTurn));
    }
  });

  it('equals pi 0.73.1 on 40 seeded ordinary sessions at six budgets (pi estimator parity)', async () => {
    const pi = await loadPi();
    for (let seed = 1; seed <= 40; seed++) {
      const entries = ordinaryPath(seed);
      for (const budget of [1, 100, 1000, 5000, 20000, 100000]) {
        const start = seed % 3 === 0 ? 5 : 0;
        assert.deepEqual(findCutPoint(entries, start, entries.length, budget), pi.findCutPoint(entries, start, entries.length, budget), `seed ${seed}, budget ${budget}`);
      }
    }
  });

  it('lets a caching estimator count a custom message entry once across searches', () => {
    const counted: string[] = [];
    const estimator = createTokenizerEstimator((text) => {
      counted.push(text);
      return text.length;
    });
    const entries = pathOf(user('q'), customMessage('note'), assistant('a'));
    findCutPoint(entries, 0, 3, 1, { estimator });
    findCutPoint(entries, 0, 3, 1000, { estimator });
    assert.deepEqual(counted.filter((text) => text === 'note'), ['note']);
  });

  describe('where we deliberately differ from pi', () => {
    it('a cut on a bash execution is a turn start, not a split with an empty prefix', async () => {
      const pi = await loadPi();
      const entries = pathOf(user('q'), assistant('a'), bash('npm test', chars(4000)), assistant('ok'));
      assert.deepEqual(pi.findCutPoint(entries, 0, 4, 500), cut(2, 2, true));
      assert.deepEqual(findCutPoint(entries, 0, 4, 500), cut(2, -1, false));
    });

    it('a cut on a branch summary is a turn start', async () => {
      const pi = await loadPi();
      const read = toolCall('read', { path: 'a.ts' });
      const entries = pathOf(user('q'), assistant([read]), toolResult(read, chars(4000)), branchSummaryEntry('short summary'), user('next'), assistant('ok'));
      assert.deepEqual(pi.findCutPoint(entries, 0, 6, 500), cut(3, 3, true));
      assert.deepEqual(findCutPoint(entries, 0, 6, 500), cut(3, -1, false));
    });

    it('a branch summary counts towards the kept tail', async () => {
      const pi = await loadPi();
      const entries = pathOf(user('q'), assistant(chars(400)), branchSummaryEntry(chars(4000)), user('next'), assistant('ok'));
      assert.deepEqual(pi.findCutPoint(entries, 0, 5, 500), cut(0, -1, false), 'pi weighs the summary 0 and keeps everything');
      assert.deepEqual(findCutPoint(entries, 0, 5, 500), cut(2, -1, false));
    });

    it('a settings entry before the user message does not turn the previous turn into a prefix', async () => {
      const pi = await loadPi();
      const withSetting = pathOf(user('u1'), assistant('a1'), thinkingChange(), user(chars(800)), assistant('a2'));
      assert.deepEqual(pi.findCutPoint(withSetting, 0, 5, 100), cut(2, 0, true));
      assert.deepEqual(findCutPoint(withSetting, 0, 5, 100), cut(2, -1, false));
      const withLabel = pathOf(user('u1'), assistant('a1'), labelEntry('e1'), user(chars(800)), assistant('a2'));
      assert.deepEqual(findCutPoint(withLabel, 0, 5, 100), cut(2, -1, false));
      const without = pathOf(user('u1'), assistant('a1'), user(chars(800)), assistant('a2'));
      assert.deepEqual(findCutPoint(without, 0, 4, 100), pi.findCutPoint(without, 0, 4, 100));
      assert.deepEqual(findCutPoint(without, 0, 4, 100), cut(2, -1, false));
    });

    it('a custom message counts towards the kept tail', async () => {
      const pi = await loadPi();
      const entries = pathOf(user('u1'), customMessage(chars(8000)), assistant('a1'));
      assert.deepEqual(pi.findCutPoint(entries, 0, 3, 100), cut(0, -1, false), 'pi weighs it 0 and keeps everything');
      assert.deepEqual(findCutPoint(entries, 0, 3, 100), cut(1, -1, false));
    });

    it('a budget crossed inside trailing tool results cuts before the calling assistant', async () => {
      const pi = await loadPi();
      const read = toolCall('read', { path: 'big.ts' });
      const entries = pathOf(user('u1'), assistant([read]), toolResult(read, chars(4000)));
      assert.deepEqual(pi.findCutPoint(entries, 0, 3, 100), cut(0, -1, false), 'pi keeps everything and summarizes nothing');
      assert.deepEqual(findCutPoint(entries, 0, 3, 100), cut(1, 0, true));
    });

    it('never starts the kept region at a tool result', () => {
      const read = toolCall('read', { path: 'a.ts' });
      const entries = pathOf(user('u1'), assistant([read]), toolResult(read, chars(400)), assistant(chars(4000)));
      const result = findCutPoint(entries, 0, 4, 500);
      assert.notEqual((entries[result.firstKeptEntryIndex]!.message as { role: string }).role, 'toolResult');
    });
  });
});
