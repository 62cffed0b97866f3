// navigateTree's `atTarget` (Branch from Here): the position goes to the entry itself, even a user
// message, so the next reply continues after it; a summary of what is left hangs below it.
import { strict as assert } from 'node:assert';
import { navigateTree } from '../../../src/core/navigation';
import type { BranchSummaryEntry } from '../../../src/core/session';
import { appendTurns, memorySession } from '../../support/builders';
import { ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';

describe('Branch from Here (navigateTree at the target)', () => {
  it('moves to a user message itself, with no text for the input', async () => {
    const session = memorySession();
    const ids = await appendTurns(session, 2);
    assert.deepEqual(await navigateTree(session, ids[2]!, { atTarget: true }), { cancelled: false });
    assert.equal(session.leafId, ids[2]);
    assert.deepEqual(session.buildContext().messages.map((m) => m.role), ['user', 'assistant', 'user']);
  });

  it('with a summary, hangs the summary below the user message and makes it the position', async () => {
    const session = memorySession();
    const ids = await appendTurns(session, 3);
    const summarizer = new ScriptedSummarizer(() => ({ text: 'What the third turn did.' }));
    const result = await navigateTree(session, ids[2]!, { atTarget: true, summarize: true, summarizer });
    const summary = session.getEntry(session.leafId!) as BranchSummaryEntry;
    assert.deepEqual(result, { cancelled: false, summaryEntryId: summary.id });
    assert.deepEqual([summary.type, summary.parentId, summary.fromId], ['branch_summary', ids[2], ids[5]]);
    // What was left: the reply to q2 and the third turn (the selected message itself stays on the path).
    assert.match(summarizer.prompt(0), /a2[\s\S]*q3[\s\S]*a3/);
    assert.doesNotMatch(summarizer.prompt(0), /q2/);
  });

  it('refuses an unknown entry and changes nothing', async () => {
    const session = memorySession();
    await appendTurns(session, 1);
    const leaf = session.leafId;
    await assert.rejects(navigateTree(session, 'nope', { atTarget: true }), /Entry nope not found/);
    assert.equal(session.leafId, leaf);
  });
});
