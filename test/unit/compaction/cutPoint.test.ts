import { strict as assert } from 'node:assert';
import { compactionSpanStart, DEFAULT_COMPACTION_SETTINGS, findCutPoint as findProjectedCutPoint, prepareCompaction, type CutPointOptions } from '../../../src/core/compaction';
import { projectPath, type SessionEntry } from '../../../src/core/session';
import { createTokenizerEstimator } from '../../../src/core/tokens';
import { assistant, bash, toolCall, toolResult, user } from '../../support/builders';
import { loadFixture } from './support/fixtures';
import { branchSummaryEntry, chars, customMessage, labelEntry, modelChange, pathOf, thinkingChange } from './support/path';
import { loadPi } from './support/piOracle';
import { ordinaryPath } from './support/randomPath';

/**
 * Arbor's cut on a path without compaction: its context holds every entry in order, so the
 * projected indices are the path's (pi 1.6's raw `findCutPoint` takes the path itself).
 */
const findCutPoint = (entries: SessionEntry[], start: number, end: number, keep: number, options?: CutPointOptions) =>
  findProjectedCutPoint(projectPath(entries).entries, start, end, keep, options);

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

  it('cuts the fixtures where pi 1.6 prepares their compaction, for every recorded budget (after their compaction, as edited)', async () => {
    const pi = await loadPi();
    for (const name of ['synthetic-branched', 'legacy-v1'] as const) {
      const { path, expected } = await loadFixture(name);
      const entries = projectPath(path).entries;
      for (const record of expected.findCutPoint as { keepRecentTokens: number }[]) {
        const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: record.keepRecentTokens };
        const ours = findProjectedCutPoint(entries, compactionSpanStart(entries), entries.length, record.keepRecentTokens);
        const theirs = pi.prepareCompaction(path, settings);
        const label = `${name}, budget ${record.keepRecentTokens}`;
        if (theirs === undefined) {
          // pi has nothing to summarize there ("Nothing to compact"); nor has Arbor.
          const preparation = prepareCompaction(path, settings)!;
          assert.deepEqual([preparation.messagesToSummarize, preparation.turnPrefixMessages], [[], []], label);
        } else {
          assert.equal(entries[ours.firstKeptEntryIndex]!.entry.id, theirs.firstKeptEntryId, label);
          assert.equal(ours.isSplitTurn, theirs.isSplitTurn, label);
        }
      }
    }
  });

  it('equals pi 1.6 on 40 seeded ordinary sessions at six budgets (pi estimator parity)', async () => {
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

  describe('weak points of pi 0.73.1 that pi 1.6 fixed as Arbor had', () => {
    it('a cut on a bash execution is a turn start, not a split with an empty prefix', async () => {
      const pi = await loadPi();
      const entries = pathOf(user('q'), assistant('a'), bash('npm test', chars(4000)), assistant('ok'));
      assert.deepEqual(pi.findCutPoint(entries, 0, 4, 500), cut(2, -1, false));
      assert.deepEqual(findCutPoint(entries, 0, 4, 500), pi.findCutPoint(entries, 0, 4, 500));
    });

    it('a cut on a branch summary is a turn start', async () => {
      const pi = await loadPi();
      const read = toolCall('read', { path: 'a.ts' });
      const entries = pathOf(user('q'), assistant([read]), toolResult(read, chars(4000)), branchSummaryEntry('short summary'), user('next'), assistant('ok'));
      assert.deepEqual(pi.findCutPoint(entries, 0, 6, 500), cut(3, -1, false));
      assert.deepEqual(findCutPoint(entries, 0, 6, 500), pi.findCutPoint(entries, 0, 6, 500));
    });

    it('a branch summary counts towards the kept tail', async () => {
      const pi = await loadPi();
      const entries = pathOf(user('q'), assistant(chars(400)), branchSummaryEntry(chars(4000)), user('next'), assistant('ok'));
      assert.deepEqual(pi.findCutPoint(entries, 0, 5, 500), cut(2, -1, false));
      assert.deepEqual(findCutPoint(entries, 0, 5, 500), pi.findCutPoint(entries, 0, 5, 500));
    });

    it('a custom message counts towards the kept tail', async () => {
      const pi = await loadPi();
      const entries = pathOf(user('u1'), customMessage(chars(8000)), assistant('a1'));
      assert.deepEqual(pi.findCutPoint(entries, 0, 3, 100), cut(1, -1, false));
      assert.deepEqual(findCutPoint(entries, 0, 3, 100), pi.findCutPoint(entries, 0, 3, 100));
    });

    it('a budget crossed inside trailing tool results cuts before the calling assistant', async () => {
      const pi = await loadPi();
      const read = toolCall('read', { path: 'big.ts' });
      const entries = pathOf(user('u1'), assistant([read]), toolResult(read, chars(4000)));
      assert.deepEqual(pi.findCutPoint(entries, 0, 3, 100), cut(1, 0, true));
      assert.deepEqual(findCutPoint(entries, 0, 3, 100), pi.findCutPoint(entries, 0, 3, 100));
    });
  });

  describe('where we deliberately differ from pi', () => {
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

    it('never starts the kept region at a tool result', () => {
      const read = toolCall('read', { path: 'a.ts' });
      const entries = pathOf(user('u1'), assistant([read]), toolResult(read, chars(400)), assistant(chars(4000)));
      const result = findCutPoint(entries, 0, 4, 500);
      assert.notEqual((entries[result.firstKeptEntryIndex]!.message as { role: string }).role, 'toolResult');
    });
  });
});
