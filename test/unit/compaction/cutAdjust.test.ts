import { strict as assert } from 'node:assert';
import { dropOrphanToolResults, prepareCompaction } from '../../../src/core/compaction';
import { buildSessionContext, contextOfPath, SessionTree, type CompactionEntry, type SessionEntry } from '../../../src/core/session';
import { assistant, toolCall, toolResult, user } from '../../support/builders';
import { chars, compactionEntry, customMessage, pathOf } from './support/path';
import { loadPi } from './support/piOracle';

const SETTINGS = { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 };

/** The context after appending a compaction with this preparation's cut. */
function contextAfter(path: SessionEntry[], firstKeptEntryId: string): ReturnType<typeof contextOfPath> {
  const compaction = { ...pathOf(compactionEntry({ summary: 'S', firstKeptEntryId }))[0]!, id: 'new', parentId: path[path.length - 1]!.id } as CompactionEntry;
  return contextOfPath([...path, compaction]);
}

describe('cut corrections beyond pi', () => {
  describe('the compacted context must fit', () => {
    // Three turns; the last two hold 60 000 pi tokens each. Window 100 000, reserve 16 384: threshold 83 616.
    const bigTurns = () =>
      pathOf(user('first task'), assistant('ok'), user('second task'), assistant(chars(240000)), user('third task'), assistant(chars(240000)), user('go on'), assistant('done'));

    it('moves the cut later until summary + kept tail is under the threshold', async () => {
      const pi = await loadPi();
      const path = bigTurns();
      const keep = { ...SETTINGS, keepRecentTokens: 150000 };
      assert.equal(pi.prepareCompaction(path, keep), undefined, 'pi keeps everything (120 000 tokens, over the threshold) and so has nothing to compact');
      // The summarizer's output limit, 16 000, is what the summary is counted at.
      const ours = prepareCompaction(path, keep, { contextWindow: 100000, maxOutputTokens: 16000 })!;
      assert.equal(ours.firstKeptEntryId, 'e5');
      assert.deepEqual(ours.adjustments, [{ kind: 'fit', fromIndex: 0, toIndex: 4, keptTokens: 60006 }]);
      assert.ok(16000 + ours.keptTokens <= 100000 - 16384);
      // Counted at 32 768 (the most a summary is counted at), the second turn does not fit either.
      assert.equal(prepareCompaction(path, keep, { contextWindow: 100000 })!.firstKeptEntryId, 'e7');
    });

    it('keeps at least the last turn whole, even when it alone does not fit', () => {
      const path = pathOf(user('first'), assistant(chars(4000)), user('huge'), assistant(chars(400000)));
      const ours = prepareCompaction(path, { ...SETTINGS, keepRecentTokens: 500000 }, { contextWindow: 100000 })!;
      assert.equal(ours.firstKeptEntryId, 'e3');
      assert.equal(ours.isSplitTurn, false);
    });

    it('changes nothing when the window is unknown or the tail fits', () => {
      const path = bigTurns();
      const keep = { ...SETTINGS, keepRecentTokens: 150000 };
      assert.deepEqual(prepareCompaction(path, keep)!.adjustments, []);
      assert.deepEqual(prepareCompaction(path, SETTINGS, { contextWindow: 1000000 })!.adjustments, []);
    });
  });

  describe('no orphan tool result in the kept region', () => {
    // An extension message landed between two results of one assistant message.
    const interleaved = () => {
      const first = toolCall('read', { path: 'a.ts' }, 'call-a');
      const second = toolCall('read', { path: 'b.ts' }, 'call-b');
      return pathOf(user('q'), assistant([first, second]), toolResult(first, chars(400)), customMessage(chars(2000)), toolResult(second, 'B'), assistant('done'));
    };

    it('moves the cut back to the assistant that issued a kept result\'s call', async () => {
      const pi = await loadPi();
      const path = interleaved();
      const theirs = pi.prepareCompaction(path, { ...SETTINGS, keepRecentTokens: 50 });
      assert.equal(theirs.firstKeptEntryId, 'e4', 'pi keeps the result of call-b without its call');
      const orphanInPi = dropOrphanToolResults(contextAfter(path, theirs.firstKeptEntryId).messages).dropped;
      assert.deepEqual(orphanInPi.map((d) => d.message.toolCallId), ['call-b']);

      const ours = prepareCompaction(path, { ...SETTINGS, keepRecentTokens: 50 })!;
      assert.equal(ours.firstKeptEntryId, 'e2');
      assert.deepEqual(ours.adjustments, [{ kind: 'tool-result-pairing', fromIndex: 3, toIndex: 1, toolCallId: 'call-b' }]);
      assert.deepEqual(dropOrphanToolResults(contextAfter(path, ours.firstKeptEntryId).messages).dropped, []);
    });
  });

  describe('dropOrphanToolResults, for contexts built from old files', () => {
    it('drops and reports results without their call, leaving buildSessionContext as pi builds it', () => {
      const call = toolCall('read', { path: 'a.ts' }, 'kept-call');
      // A pi compaction written mid-turn kept a result whose call it summarized.
      const path = pathOf(user('q'), assistant([toolCall('read', { path: 'x' }, 'lost-call')]), toolResult(toolCall('read', {}, 'lost-call'), 'X'), assistant([call]), toolResult(call, 'A'));
      const compaction = { ...pathOf(compactionEntry({ summary: 'S', firstKeptEntryId: 'e3' }))[0]!, id: 'c', parentId: 'e5' } as SessionEntry;
      const tree = SessionTree.fromEntries([...path, compaction]);
      const context = buildSessionContext(tree, 'c').messages;
      assert.deepEqual(context.map((m) => m.role), ['compactionSummary', 'toolResult', 'assistant', 'toolResult']);
      const { messages, dropped } = dropOrphanToolResults(context);
      assert.deepEqual(messages.map((m) => m.role), ['compactionSummary', 'assistant', 'toolResult']);
      assert.deepEqual(dropped.map((d) => [d.index, d.message.toolCallId, d.reason]), [[1, 'lost-call', 'no-matching-call']]);
    });

    it('drops a second result for the same call and keeps messages untouched otherwise', () => {
      const call = toolCall('read', { path: 'a.ts' }, 'c1');
      const messages = [user('q'), assistant([call]), toolResult(call, 'A'), toolResult(call, 'again')];
      const checked = dropOrphanToolResults(messages);
      assert.deepEqual(checked.dropped.map((d) => d.reason), ['duplicate-result']);
      assert.equal(checked.messages[1], messages[1]);
    });
  });
});
