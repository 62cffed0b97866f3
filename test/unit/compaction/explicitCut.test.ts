import { strict as assert } from 'node:assert';
import { compactSession, compactUpToProblem, cutAfterEntry, DEFAULT_COMPACTION_SETTINGS, NOTHING_TO_COMPACT_TEXT, prepareCompaction } from '../../../src/core/compaction';
import { projectPath, type CompactionEntry, type SessionEntry } from '../../../src/core/session';
import { assistant, memorySession, toolCall, toolResult, user } from '../../support/builders';
import { chars, compactionEntry, pathOf, thinkingChange } from './support/path';
import { ScriptedSummarizer } from './support/scriptedSummarizer';

const settings = DEFAULT_COMPACTION_SETTINGS;
const read = toolCall('read', { path: 'a.ts' }, 'tc-read');

/** e1 u1, e2 a1, e3 u2, e4 a2 (calls read), e5 its result, e6 a3, e7 u3, e8 a4. */
const toolPath = () =>
  pathOf(user('q1'), assistant('a1'), user('q2'), assistant([read]), toolResult(read, 'file text'), assistant('read it'), user('q3'), assistant('a4'));

/** The explicit cut on a path without compaction, whose context holds every entry in order. */
const cutOf = (path: SessionEntry[], entryId: string) => cutAfterEntry(projectPath(path).entries, 0, path.length, entryId);

const roles = (messages: readonly { role: string }[]) => messages.map((m) => m.role);

describe('Compact up to here: the explicit cut', () => {
  it('keeps from the reply after a user message, summarizing that message as the split turn\'s prefix', () => {
    const p = prepareCompaction(toolPath(), settings, { upToEntryId: 'e3' })!;
    assert.equal(p.firstKeptEntryId, 'e4');
    assert.equal(p.isSplitTurn, true);
    assert.equal(p.turnStartIndex, 2);
    assert.deepEqual(roles(p.messagesToSummarize), ['user', 'assistant']);
    assert.deepEqual(roles(p.turnPrefixMessages), ['user']);
  });

  it('keeps a tool call\'s result with its call: the cut after the call falls after its result', () => {
    for (const upTo of ['e4', 'e5']) {
      const p = prepareCompaction(toolPath(), settings, { upToEntryId: upTo })!;
      assert.equal(p.firstKeptEntryId, 'e6', `up to ${upTo}`);
      assert.deepEqual(roles(p.turnPrefixMessages), ['user', 'assistant', 'toolResult'], `up to ${upTo}`);
    }
  });

  it('cuts before the next user message without splitting a turn', () => {
    const p = prepareCompaction(toolPath(), settings, { upToEntryId: 'e6' })!;
    assert.equal(p.firstKeptEntryId, 'e7');
    assert.equal(p.isSplitTurn, false);
    assert.deepEqual(roles(p.messagesToSummarize), ['user', 'assistant', 'user', 'assistant', 'toolResult', 'assistant']);
    assert.deepEqual(p.turnPrefixMessages, []);
  });

  it('keeps the settings between the entry and the next message, but never the entry itself', () => {
    const path = pathOf(user('q1'), assistant('a1'), thinkingChange(), user('q2'), assistant('a2'));
    assert.deepEqual(cutOf(path, 'e2'), { kind: 'cut', cut: { firstKeptEntryIndex: 2, turnStartIndex: -1, isSplitTurn: false } });
    assert.deepEqual(cutOf(path, 'e3'), { kind: 'cut', cut: { firstKeptEntryIndex: 3, turnStartIndex: -1, isSplitTurn: false } });
  });

  it('does not move the chosen cut to make the result fit the window', () => {
    const path = pathOf(user('q1'), assistant('a1'), user('q2'), assistant(chars(40000)), user('q3'), assistant('a3'));
    // Threshold 30000 − 16384 leaves 509 tokens beside a 13107-token summary: the 10000-token reply cannot stay.
    assert.equal(prepareCompaction(path, settings, { contextWindow: 30000 })!.firstKeptEntryId, 'e5');
    assert.equal(prepareCompaction(path, settings, { upToEntryId: 'e2', contextWindow: 30000 })!.firstKeptEntryId, 'e3');
  });

  it('starts after an earlier compaction\'s summarized part and carries its summary', () => {
    const path = pathOf(user('q1'), assistant('a1'), user('q2'), assistant('a2'), compactionEntry({ summary: 'OLD', firstKeptEntryId: 'e3' }), user('q3'), assistant('a3'));
    const p = prepareCompaction(path, settings, { upToEntryId: 'e4' })!;
    assert.equal(p.firstKeptEntryId, 'e6');
    assert.equal(p.previousSummary, 'OLD');
    assert.deepEqual(roles(p.messagesToSummarize), ['user', 'assistant']);
    // e2 is summarized by the earlier compaction: not in the context any more.
    assert.equal(compactUpToProblem(path, 'e2'), 'nothing-before');
  });

  it('has no cut at the last message, for an entry off the branch, or with no message up to the entry', () => {
    const path = toolPath();
    assert.deepEqual(cutOf(path, 'e8'), { kind: 'problem', problem: 'nothing-after' });
    assert.deepEqual(cutOf(path, 'elsewhere'), { kind: 'problem', problem: 'not-on-branch' });
    const fresh = pathOf(thinkingChange(), user('q1'), assistant('a1'));
    assert.deepEqual(cutOf(fresh, 'e1'), { kind: 'problem', problem: 'nothing-before' });
    assert.equal(prepareCompaction(path, settings, { upToEntryId: 'e8' }), undefined);
  });
});

describe('compactSession up to an entry', () => {
  async function session() {
    const s = memorySession();
    for (const message of [user('q1'), assistant('a1'), user('q2'), assistant('a2'), user('q3'), assistant('a3')]) await s.appendMessage(message);
    return s;
  }

  it('writes a compaction whose kept tail starts right after the chosen entry', async () => {
    const s = await session();
    const [, a1, u2] = s.getBranch();
    const summarizer = new ScriptedSummarizer(() => ({ text: 'S' }));
    const outcome = await compactSession(s, { settings, summarizer, upToEntryId: a1!.id });
    assert.equal(outcome.kind, 'compacted');
    const entry = s.getEntry(s.leafId!) as CompactionEntry;
    assert.equal(entry.firstKeptEntryId, u2!.id);
    assert.deepEqual(roles(s.buildContext().messages), ['compactionSummary', 'user', 'assistant', 'user', 'assistant']);
    assert.equal(summarizer.requests.length, 1);
  });

  it('says why when nothing follows the entry, and calls nobody', async () => {
    const s = await session();
    const summarizer = new ScriptedSummarizer();
    const last = s.leafId!;
    assert.deepEqual(await compactSession(s, { settings, summarizer, upToEntryId: last }), { kind: 'nothing-to-compact', reason: 'nothing-after' });
    assert.deepEqual(await compactSession(s, { settings, summarizer, upToEntryId: 'not-here' }), { kind: 'nothing-to-compact', reason: 'not-on-branch' });
    assert.match(NOTHING_TO_COMPACT_TEXT['nothing-after'], /no message follows it/);
    assert.equal(summarizer.requests.length, 0);
  });
});
