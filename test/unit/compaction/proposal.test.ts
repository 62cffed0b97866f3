/**
 * A compaction proposed, then written later (the preview's Accept): the summary as accepted, no
 * second request, and only at the position it was proposed at. pi 1.6.0 builds the context after it.
 */
import { strict as assert } from 'node:assert';
import { CompactionError, DEFAULT_COMPACTION_SETTINGS, proposeCompaction, writeCompaction } from '../../../src/core/compaction';
import { buildSessionContext, type CompactionEntry } from '../../../src/core/session';
import { appendTurns, memorySession, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { chars } from './support/path';
import { ScriptedSummarizer } from './support/scriptedSummarizer';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };

async function longSession() {
  const session = memorySession();
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
});
