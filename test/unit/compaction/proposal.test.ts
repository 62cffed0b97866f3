/**
 * A compaction proposed, then written later (the preview's Accept): the summary as accepted, no
 * second request, and only at the position it was proposed at. pi 1.6.0 builds the context after it.
 */
import { strict as assert } from 'node:assert';
import { CompactionError, DEFAULT_COMPACTION_SETTINGS, pinnedSectionOf, proposeCompaction, writeCompaction } from '../../../src/core/compaction';
import { buildSessionContext, createSessionFile, type CompactionEntry, type Session } from '../../../src/core/session';
import { appendTurns, assistant, memorySession, steppingClock, user } from '../../support/builders';
import { formatPinnedSection, setPinned } from '../../../src/core/pins';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { chars } from './support/path';
import { ScriptedSummarizer } from './support/scriptedSummarizer';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };

async function longSession(session: Session = memorySession()) {
  await appendTurns(session, 3);
  await session.appendMessage(user(chars(4000)));
  await appendTurns(session, 1, 'late ');
  return session;
}

describe('a compaction proposed, then written', () => {
  it('writes nothing when proposed, then writes the summary the user changed exactly, without asking again', async () => {
    const session = await longSession();
    const summarizer = new ScriptedSummarizer(() => ({ text: 'MODEL SUMMARY' }));
    const entriesBefore = session.entries.length;
    const proposed = await proposeCompaction(session, { settings, summarizer });
    assert.equal(proposed.kind, 'proposed');
    if (proposed.kind !== 'proposed') return;
    assert.equal(session.entries.length, entriesBefore, 'nothing written');
    assert.equal(proposed.proposal.result.summary.startsWith('MODEL SUMMARY'), true);
    const changed = 'MODEL SUMMARY, corrected by the user';
    const outcome = await writeCompaction(session, proposed.proposal, { summary: changed });
    assert.equal(summarizer.requests.length, 1, 'no second request');
    assert.equal(outcome.kind, 'compacted');
    if (outcome.kind !== 'compacted') return;
    const entry = session.getEntry(outcome.entryId) as CompactionEntry;
    assert.equal(entry.summary, changed);
    assert.equal(entry.firstKeptEntryId, proposed.proposal.result.firstKeptEntryId);
    assert.deepEqual(entry.usage, proposed.proposal.result.usage, 'the paid request stays on record');
    const pi = await loadPi();
    assert.deepEqual(buildSessionContext(session.tree), pi.buildSessionContext(session.entries as never, session.leafId));
    assert.equal((buildSessionContext(session.tree).messages[0] as { summary: string }).summary, changed);
  });

  it('refuses to write a proposal once the session moved, writing nothing', async () => {
    const session = await longSession();
    const proposed = await proposeCompaction(session, { settings, summarizer: new ScriptedSummarizer() });
    assert.equal(proposed.kind, 'proposed');
    if (proposed.kind !== 'proposed') return;
    await session.appendMessage(user('one more'));
    const entries = session.entries.length;
    await assert.rejects(writeCompaction(session, proposed.proposal, {}), (error: unknown) => error instanceof CompactionError && error.message === 'The session moved since this compaction was proposed: compact it again from here');
    assert.equal(session.entries.length, entries);
  });

  it("marks a summary the user changed in Arbor's record, and one accepted as proposed not at all", async () => {
    const edited = await longSession();
    const proposedEdited = await proposeCompaction(edited, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'MODEL SUMMARY' })) });
    const unchanged = await longSession();
    const proposedUnchanged = await proposeCompaction(unchanged, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'MODEL SUMMARY' })) });
    if (proposedEdited.kind !== 'proposed' || proposedUnchanged.kind !== 'proposed') return assert.fail('both proposed');
    const a = await writeCompaction(edited, proposedEdited.proposal, { summary: 'my own words' });
    const b = await writeCompaction(unchanged, proposedUnchanged.proposal, { summary: proposedUnchanged.proposal.result.summary });
    if (a.kind !== 'compacted' || b.kind !== 'compacted') return assert.fail('both written');
    assert.equal((edited.getEntry(a.entryId) as CompactionEntry & { arbor: { summaryEdited?: boolean } }).arbor.summaryEdited, true);
    assert.equal(a.result.arbor.summaryEdited, true);
    assert.equal('summaryEdited' in (unchanged.getEntry(b.entryId) as CompactionEntry & { arbor: object }).arbor, false);
    assert.equal((unchanged.getEntry(b.entryId) as CompactionEntry).summary, proposedUnchanged.proposal.result.summary);
  });

  it('keeps the record of the pinned section in a summary the user changed above it, so the next compaction takes it out; a summary without it has none', async () => {
    const build = async () => {
      const session = memorySession();
      const pinned = await session.appendMessage(user('remember: ship on Friday'));
      await session.appendMessage(assistant('noted'));
      await setPinned(session, pinned, true);
      await longSession(session);
      const proposed = await proposeCompaction(session, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'MODEL SUMMARY' })) });
      if (proposed.kind !== 'proposed') return assert.fail('proposed');
      return { session, pinned, proposal: proposed.proposal };
    };
    const kept = await build();
    const section = formatPinnedSection([{ id: kept.pinned, role: 'user', text: 'remember: ship on Friday' }]);
    assert.equal(kept.proposal.result.summary.startsWith(`MODEL SUMMARY${section}`), true);
    const withSection = await writeCompaction(kept.session, kept.proposal, { summary: kept.proposal.result.summary.replace('MODEL SUMMARY', 'MY OWN SUMMARY') });
    if (withSection.kind !== 'compacted') return assert.fail('written');
    const entry = kept.session.getEntry(withSection.entryId) as CompactionEntry & { arbor: { pins?: unknown } };
    assert.deepEqual(entry.arbor.pins, { ids: [kept.pinned], chars: section.length });
    assert.equal(pinnedSectionOf(entry), section);

    const dropped = await build();
    const without = await writeCompaction(dropped.session, dropped.proposal, { summary: 'MY OWN SUMMARY, the pins left out' });
    if (without.kind !== 'compacted') return assert.fail('written');
    assert.equal('pins' in (dropped.session.getEntry(without.entryId) as CompactionEntry & { arbor: object }).arbor, false);
  });

  describe('in a file pi 1.6.0 opens', function () {
    this.timeout(60_000);
    const tmp = useTempDir();

    it('loads an edited compaction like any other and builds the same context as Arbor', async () => {
      const session = await longSession(await createSessionFile({ dir: tmp(), cwd: '/home/dev/project', clock: steppingClock('2026-03-01T00:00:00.000Z') }));
      const proposed = await proposeCompaction(session, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'MODEL SUMMARY' })) });
      if (proposed.kind !== 'proposed') return assert.fail('proposed');
      const changed = '## Goal\nShip the preview (edited by the user)';
      const written = await writeCompaction(session, proposed.proposal, { summary: changed });
      if (written.kind !== 'compacted') return assert.fail('written');
      await session.appendMessage(user('after the compaction'));
      await session.sync();
      const pi = await loadPi();
      const sm = pi.SessionManager.open(session.file!, tmp());
      assert.deepEqual(sm.getEntries().map((entry) => entry.id), session.entries.map((entry) => entry.id));
      const piEntry = sm.getEntries().find((entry) => entry.id === written.entryId) as { type: string; summary: string };
      assert.equal(piEntry.type, 'compaction');
      assert.equal(piEntry.summary, changed);
      const piContext = pi.buildSessionContext(sm.getEntries(), sm.getLeafId());
      assert.deepEqual(buildSessionContext(session.tree), piContext);
      assert.equal((piContext.messages[0] as { summary: string }).summary, changed);
    });
  });
});
