import { strict as assert } from 'node:assert';
import { computeFileLists, DEFAULT_COMPACTION_SETTINGS, prepareCompaction, serializeConversation, type CompactionPreparation } from '../../../src/core/compaction';
import { contextOfPath, convertToLlm, type SessionEntry } from '../../../src/core/session';
import { assistant, toolCall, toolResult, user } from '../../support/builders';
import { loadFixture, sha256 } from './support/fixtures';
import { chars, compactionEntry, pathOf } from './support/path';
import { loadPi } from './support/piOracle';
import { loadPi as loadPiSession } from '../../support/pi';
import { ordinaryPath } from './support/randomPath';

const settings = (keepRecentTokens: number) => ({ ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens });

/** The parts of a preparation that pi also computes. */
function span(p: Pick<CompactionPreparation, 'firstKeptEntryId' | 'isSplitTurn' | 'messagesToSummarize' | 'turnPrefixMessages' | 'previousSummary' | 'fileOps'>) {
  return {
    firstKeptEntryId: p.firstKeptEntryId,
    isSplitTurn: p.isSplitTurn,
    messagesToSummarize: p.messagesToSummarize,
    turnPrefixMessages: p.turnPrefixMessages,
    previousSummary: p.previousSummary,
    files: computeFileLists(p.fileOps),
  };
}

/** An ordinary session with a compaction in the middle, followed by more turns. */
function compactedOrdinaryPath(seed: number): SessionEntry[] {
  const before = ordinaryPath(seed, 6);
  const keptFrom = before.filter((entry) => entry.type === 'message' && (entry.message as { role: string }).role === 'user')[3]!;
  const after = ordinaryPath(seed + 1000, 5).slice(2);
  const compaction = { ...pathOf(compactionEntry({ summary: `## Goal\nseed ${seed}`, firstKeptEntryId: keptFrom.id, details: { readFiles: ['old.ts'], modifiedFiles: [] } }))[0]!, id: 'cmp' };
  const all = [...before, compaction, ...after.map((entry) => ({ ...entry, id: `n${entry.id}` }))];
  return all.map((entry, index) => ({ ...entry, parentId: index === 0 ? null : all[index - 1]!.id }));
}

describe('prepareCompaction', () => {
  it('refuses a path ending with a compaction and an empty path', () => {
    const compacted = pathOf(user('q'), assistant('a'), compactionEntry({ summary: 's', firstKeptEntryId: 'e1' }));
    assert.equal(prepareCompaction(compacted, DEFAULT_COMPACTION_SETTINGS), undefined);
    assert.equal(prepareCompaction([], DEFAULT_COMPACTION_SETTINGS), undefined);
  });

  it('reproduces the reference spans on the synthetic fixture', async () => {
    const { path, expected } = await loadFixture('synthetic-branched');
    for (const record of expected.prepareCompaction) {
      const p = prepareCompaction(path, settings(record.keepRecentTokens))!;
      assert.equal(p.firstKeptEntryId, record.firstKeptEntryId);
      assert.equal(p.firstKeptEntryIndex, record.firstKept.index);
      assert.equal(p.isSplitTurn, record.isSplitTurn);
      assert.equal(p.previousSummary?.length, record.previousSummaryLength);
      assert.deepEqual(computeFileLists(p.fileOps), record.fileLists);
      for (const [name, messages] of [['messagesToSummarize', p.messagesToSummarize], ['turnPrefixMessages', p.turnPrefixMessages]] as const) {
        const text = serializeConversation(convertToLlm(messages));
        assert.equal(messages.length, record[name].count);
        assert.equal(text.length, record[name].serialized.length);
        assert.equal(sha256(text), record[name].serialized.sha256);
      }
    }
  });

  it('reports tokensBefore 4560 like pi only when stale usage is allowed (deliberately differs)', async () => {
    const { path, expected } = await loadFixture('synthetic-branched');
    assert.equal(prepareCompaction(path, settings(1000), { ignoreStaleUsage: false })!.tokensBefore, expected.prepareCompaction[0].tokensBefore);
    assert.equal(prepareCompaction(path, settings(1000))!.tokensBefore, 82);
  });

  it('reproduces the reference spans on the legacy fixture', async () => {
    const { path, expected } = await loadFixture('legacy-v1');
    for (const record of expected.prepareCompaction) {
      const p = prepareCompaction(path, settings(record.keepRecentTokens))!;
      assert.equal(p.firstKeptEntryIndex, record.firstKept.index);
      assert.equal(p.messagesToSummarize.length, record.messagesToSummarize.count);
      assert.equal(p.tokensBefore, record.tokensBefore);
      assert.equal(p.previousSummary?.length, record.previousSummaryLength);
    }
  });

  it('falls back to right after the previous compaction when its kept entry is not on the path', () => {
    const path = pathOf(user('q1'), assistant('a1'), compactionEntry({ summary: 'S', firstKeptEntryId: 'gone' }), user('q2'), assistant('a2'));
    const p = prepareCompaction(path, settings(50000))!;
    assert.equal(p.boundaryStart, 3);
    assert.equal(p.firstKeptEntryId, 'e4');
  });

  it('merges the previous compaction\'s file lists unless an extension wrote it', () => {
    const read = toolCall('read', { path: 'src/new.ts' });
    const body = [user('q'), assistant([read]), toolResult(read, 'x'.repeat(4000)), user('q2'), assistant('a2')] as const;
    const details = { readFiles: ['prev-read.ts'], modifiedFiles: ['prev-mod.ts'] };
    const ours = pathOf(compactionEntry({ summary: 'S', firstKeptEntryId: 'e2', details }), ...body);
    assert.deepEqual(computeFileLists(prepareCompaction(ours, settings(10))!.fileOps), { readFiles: ['prev-read.ts', 'src/new.ts'], modifiedFiles: ['prev-mod.ts'] });
    const fromExtension = pathOf(compactionEntry({ summary: 'S', firstKeptEntryId: 'e2', details, fromHook: true }), ...body);
    assert.deepEqual(computeFileLists(prepareCompaction(fromExtension, settings(10))!.fileOps), { readFiles: ['src/new.ts'], modifiedFiles: [] });
  });

  it('equals pi 1.6 on seeded ordinary sessions, first and repeated compactions (pi estimator parity)', async () => {
    const pi = await loadPi();
    for (let seed = 1; seed <= 25; seed++) {
      for (const path of [ordinaryPath(seed), compactedOrdinaryPath(seed)]) {
        for (const keep of [100, 2000, 20000]) {
          const ours = prepareCompaction(path, settings(keep))!;
          const theirs = pi.prepareCompaction(path, settings(keep));
          if (theirs === undefined) {
            // pi 1.6 answers "Nothing to compact" when nothing would be summarized; Arbor's preparation is empty then.
            assert.deepEqual([ours.messagesToSummarize, ours.turnPrefixMessages], [[], []], `seed ${seed}, keep ${keep}`);
            continue;
          }
          assert.deepEqual(span(ours), span(theirs), `seed ${seed}, keep ${keep}`);
          assert.equal(ours.tokensBefore, theirs.tokensBefore);
        }
      }
    }
  });

  it('starts a repeated compaction at the previous kept boundary, so the kept tail is re-summarized, not lost', () => {
    const path = compactedOrdinaryPath(7);
    const p = prepareCompaction(path, settings(100))!;
    const previous = path.find((entry) => entry.id === 'cmp')!;
    assert.equal(path[p.boundaryStart]!.id, previous.firstKeptEntryId);
    assert.equal(p.previousSummary, '## Goal\nseed 7');
  });

  describe('on the edited context, as pi 1.6 prepares it', () => {
    const edit = (targetId: string, replacement: null | { content: string }) => ({ type: 'context_edit', targetId, replacement });
    const system = { role: 'system', content: chars(4000), timestamp: 1 } as never;

    /**
     * Ours and pi's preparation of the same path, compared on everything pi computes. `tokensBefore`
     * only without edits: a usage recorded before an edit is distrusted by the meter's own rule
     * (src/core/tokens, the token counting's part of this work), which `tokensBefore` follows.
     */
    async function bothPrepare(path: SessionEntry[], keep: number) {
      const pi = await loadPi();
      const theirs = pi.prepareCompaction(path, settings(keep));
      const ours = prepareCompaction(path, settings(keep))!;
      assert.notEqual(theirs, undefined);
      assert.deepEqual(span(ours), span(theirs));
      if (!path.some((entry) => entry.type === 'context_edit')) assert.equal(ours.tokensBefore, theirs.tokensBefore);
      return ours;
    }

    it('leaves a hidden message out of the cut, the weights and the summary, and summarizes a replaced one as replaced', async () => {
      const path = pathOf(user(chars(4000)), assistant('a1'), user(chars(8000)), assistant('a2'), edit('e3', null), user('u3'), assistant(chars(800)), edit('e1', { content: 'short' }));
      const ours = await bothPrepare(path, 150);
      assert.equal(ours.firstKeptEntryId, 'e7');
      assert.deepEqual(ours.messagesToSummarize.map((m) => (m.role === 'user' ? m.content : m.role)), ['short', 'assistant', 'assistant']);
    });

    it('moves the cut onto a failed attempt pi hid to retry it, so the input before it is summarized', async () => {
      const read = toolCall('read', { path: 'a.ts' });
      const path = pathOf(user(chars(5000)), assistant('a1'), user(chars(5000)), assistant([read], { stopReason: 'length' }), toolResult(read, 'x'), edit('e4', null), edit('e5', null));
      const ours = await bothPrepare(path, 1000);
      assert.equal(ours.firstKeptEntryId, 'e4');
      assert.equal(ours.isSplitTurn, true);
    });

    it('weighs system messages in the kept tail but never summarizes them', async () => {
      const path = pathOf(system, user(chars(4000)), assistant('a1'), user('u2'), assistant(chars(800)));
      const ours = await bothPrepare(path, 150);
      assert.ok(ours.messagesToSummarize.every((m) => (m.role as string) !== 'system'));
    });

    it("measures what a compaction keeps as pi 1.6 builds the context after it: a hidden kept message is gone, a replaced one replaced", async () => {
      const path = pathOf(user(chars(400)), assistant('a1'), user(chars(800)), assistant('a2'), user('u3'), assistant('a3'), edit('e3', null), edit('e4', { content: 'short' }));
      const closing = { ...pathOf(compactionEntry({ summary: 'S', firstKeptEntryId: 'e3' }))[0]!, id: 'c', parentId: 'e8' };
      const pi = await loadPiSession();
      const theirs = pi.buildSessionContext([...path, closing] as never, 'c').messages.slice(1);
      const ours = contextOfPath([...path, closing]).messages.slice(1);
      assert.deepEqual(ours.map((m) => m.role), ['assistant', 'user', 'assistant']);
      assert.deepEqual(ours, theirs);
    });

    it('keeps nothing before a retain-none compaction, whose kept entry is itself', async () => {
      const path = pathOf(user(chars(4000)), assistant('a1'), { ...compactionEntry({ summary: 'S', firstKeptEntryId: 'e3' }), id: 'e3' }, user(chars(4000)), assistant('a2'), user('u3'), assistant(chars(800)));
      const ours = await bothPrepare(path, 150);
      assert.equal(ours.previousSummary, 'S');
      assert.equal(path[ours.boundaryStart]!.id, 'e4');
    });
  });
});
