/**
 * A manual compaction the user sees before it is written (`arbor.compaction.preview`): Accept
 * writes the proposal with the text accepted and asks no second summary, Regenerate proposes
 * again with the new focus, Cancel writes nothing, and a proposal the session moved past is refused.
 */
import { strict as assert } from 'node:assert';
import { CompactionControl, ContextTracker, type CompactionEvent, type CompactionReviewAnswer } from '../../../src/core/agent';
import { DEFAULT_COMPACTION_SETTINGS, type CompactionProposal } from '../../../src/core/compaction';
import { ArborHooks, type DidFailCompactionEvent } from '../../../src/core/hooks';
import type { CompactionEntry, Session } from '../../../src/core/session';
import { piEstimator } from '../../../src/core/tokens';
import { user } from '../../support/builders';
import { sessionWithHistory } from '../compaction/support/history';
import { ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';
import { compactionRun } from '../compaction/support/compactionRun';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };

interface Reviewing {
  control: CompactionControl;
  events: CompactionEvent[];
  failed: DidFailCompactionEvent[];
  summarizer: ScriptedSummarizer;
  /** How often the agent's turn was taken (proposing and writing). */
  holds: string[];
}

function reviewing(session: Session): Reviewing {
  const events: CompactionEvent[] = [];
  const failed: DidFailCompactionEvent[] = [];
  const hooks = new ArborHooks(() => undefined);
  hooks.onDidFailCompaction((event) => failed.push(event));
  // The focus reaches the prompt: the summary names the one it was written with.
  const summarizer = new ScriptedSummarizer((request, n) => {
    const prompt = (request.messages[0]!.content as { text: string }[])[0]!.text;
    const focus = ['the bugs', 'the API'].find((words) => prompt.includes(words));
    return { text: `SUMMARY ${n}${focus ? ` (${focus})` : ''}` };
  });
  const control = new CompactionControl({
    session,
    tracker: new ContextTracker(session),
    summarizer,
    config: { compaction: settings, estimator: piEstimator, measure: () => ({ estimator: piEstimator }) },
    now: () => Date.now(),
    emit: (event) => events.push(event),
    hooks,
  });
  return { control, events, failed, summarizer, holds: [] };
}

/** Runs a reviewed compaction whose answers are given in turn by `answers`, each seeing the proposal. */
function review(r: Reviewing, answers: ((proposal: CompactionProposal) => CompactionReviewAnswer | Promise<CompactionReviewAnswer>)[], focus?: string): Promise<void> {
  let proposing = false;
  return r.control.reviewed({
    focus,
    run: (customInstructions, signal) => compactionRun('manual', { customInstructions, signal }),
    hold: (work) => {
      r.holds.push(proposing ? 'propose' : 'write');
      return work(new AbortController().signal);
    },
    proposing: async (work) => {
      proposing = true;
      try {
        return await work();
      } finally {
        proposing = false;
      }
    },
    answer: async (proposal) => answers.shift()!(proposal),
  });
}

const ends = (events: CompactionEvent[]) => events.map((event) => (event.type === 'compaction_end' ? { type: event.type, aborted: event.aborted, written: event.result !== undefined, error: event.error?.reason } : { type: event.type }));

describe('a manual compaction reviewed before it is written', () => {
  it('Accept with a changed line writes that text, marked edited, after exactly one summary request', async () => {
    const session = await sessionWithHistory();
    const r = reviewing(session);
    let proposed = '';
    await review(r, [
      (proposal) => {
        proposed = proposal.result.summary;
        return { kind: 'accept', summary: proposal.result.summary.replace('SUMMARY 1', 'SUMMARY 1, corrected') };
      },
    ]);
    assert.equal(r.summarizer.requests.length, 1);
    const entry = session.getBranch().at(-1) as CompactionEntry & { arbor: { summaryEdited?: boolean } };
    assert.equal(entry.type, 'compaction');
    assert.equal(entry.summary, proposed.replace('SUMMARY 1', 'SUMMARY 1, corrected'));
    assert.equal(entry.arbor.summaryEdited, true);
    assert.deepEqual(r.holds, ['propose', 'write']);
    assert.deepEqual(ends(r.events), [{ type: 'compaction_start' }, { type: 'compaction_end', aborted: false, written: true, error: undefined }]);
  });

  it('Accept unchanged writes the proposal as it came, with no edited mark', async () => {
    const session = await sessionWithHistory();
    const r = reviewing(session);
    let proposed = '';
    await review(r, [(proposal) => ({ kind: 'accept', summary: (proposed = proposal.result.summary) })]);
    const entry = session.getBranch().at(-1) as CompactionEntry & { arbor: Record<string, unknown> };
    assert.equal(entry.summary, proposed);
    assert.equal('summaryEdited' in entry.arbor, false);
    assert.equal(r.summarizer.requests.length, 1);
  });

  it('Regenerate asks again with the new focus, and Accept writes the second proposal', async () => {
    const session = await sessionWithHistory();
    const r = reviewing(session);
    const seen: string[] = [];
    await review(
      r,
      [
        (proposal) => (seen.push(proposal.result.summary.split('\n')[0]!), { kind: 'regenerate', focus: 'the API' }),
        (proposal) => (seen.push(proposal.result.summary.split('\n')[0]!), { kind: 'accept', summary: proposal.result.summary }),
      ],
      'the bugs',
    );
    assert.deepEqual(seen, ['SUMMARY 1 (the bugs)', 'SUMMARY 2 (the API)']);
    assert.equal(r.summarizer.requests.length, 2);
    assert.equal((session.getBranch().at(-1) as CompactionEntry).summary.split('\n')[0], 'SUMMARY 2 (the API)');
    assert.deepEqual(r.holds, ['propose', 'propose', 'write']);
    assert.deepEqual(ends(r.events), [{ type: 'compaction_start' }, { type: 'compaction_end', aborted: false, written: true, error: undefined }]);
  });

  it('Cancel writes nothing, ends as stopped and rejects with "Compaction cancelled"', async () => {
    const session = await sessionWithHistory();
    const r = reviewing(session);
    const entries = session.entries.length;
    await assert.rejects(review(r, [() => ({ kind: 'cancel' })]), { message: 'Compaction cancelled' });
    assert.equal(session.entries.length, entries);
    assert.deepEqual(r.holds, ['propose']);
    assert.deepEqual(ends(r.events), [{ type: 'compaction_start' }, { type: 'compaction_end', aborted: true, written: false, error: undefined }]);
    assert.deepEqual(r.failed, [{ reason: 'manual', aborted: true, willRetry: false, fromExtension: false }]);
  });

  it('refuses to write a proposal the session moved past while it was shown, writing nothing', async () => {
    const session = await sessionWithHistory();
    const r = reviewing(session);
    const written = review(r, [
      async (proposal) => {
        await session.appendMessage(user('sent while the preview was open'));
        return { kind: 'accept', summary: proposal.result.summary };
      },
    ]);
    await assert.rejects(written, { message: 'The session moved since this compaction was proposed: compact it again from here' });
    assert.equal(session.getBranch().filter((entry) => entry.type === 'compaction').length, 0);
    // Refused before the agent's turn is taken (taking it would stop a run the user started).
    assert.deepEqual(r.holds, ['propose']);
    assert.deepEqual(ends(r.events).at(-1), { type: 'compaction_end', aborted: false, written: false, error: 'failed' });
  });
});
