import { strict as assert } from 'node:assert';
import { navigateTree, navigationTarget } from '../../../src/core/navigation';
import type { BranchSummaryEntry, LabelEntry } from '../../../src/core/session';
import { appendTurns, assistant, memorySession, user } from '../../support/builders';
import { loadFixture } from '../compaction/support/fixtures';
import { hangingSummarizer, ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';
import { noStopPoints, type StopStep } from '../../../src/core/util/stopPoints';

async function conversation(turns: number) {
  const session = memorySession();
  const ids = await appendTurns(session, turns);
  return { session, ids };
}

describe('navigateTree', () => {
  it('to the first user message without a summary: position before everything, text back in the editor', async () => {
    const { session, ids } = await conversation(2);
    const count = session.entries.length;
    assert.deepEqual(await navigateTree(session, ids[0]!), { cancelled: false, editorText: 'q1' });
    assert.equal(session.leafId, null);
    assert.equal(session.entries.length, count);
  });

  it('to an assistant message: that message becomes the position', async () => {
    const { session, ids } = await conversation(2);
    assert.deepEqual(await navigateTree(session, ids[1]!), { cancelled: false });
    assert.equal(session.leafId, ids[1]);
  });

  it('with a summary to the root user message: a root-level summary becomes the position (fromId names the left leaf, unlike pi)', async () => {
    const { session, ids } = await conversation(2);
    const oldLeaf = session.leafId;
    const result = await navigateTree(session, ids[0]!, { summarize: true, summarizer: new ScriptedSummarizer(() => ({ text: 'S' })) });
    assert.equal(result.cancelled, false);
    const entry = session.getEntry(session.leafId!) as BranchSummaryEntry;
    assert.equal(entry.type, 'branch_summary');
    assert.equal(entry.parentId, null);
    assert.equal(entry.fromId, oldLeaf, 'pi writes "root" here, the attach point');
    assert.equal(result.cancelled === false && result.editorText, 'q1');
    assert.deepEqual(session.buildContext().messages.map((m) => m.role), ['branchSummary']);
  });

  it('with a summary to a nested user message: the summary hangs beside it', async () => {
    const { session, ids } = await conversation(3);
    await navigateTree(session, ids[2]!, { summarize: true, summarizer: new ScriptedSummarizer() });
    const summary = session.getEntry(session.leafId!)!;
    assert.equal(summary.parentId, ids[1]);
    assert.deepEqual(session.tree.childrenOf(ids[1]!).map((e) => e.type), ['message', 'branch_summary']);
  });

  it("stores the summary request's usage and cost on the entry in pi's Usage shape", async () => {
    const { session, ids } = await conversation(3);
    const cost = { input: 0.0006, output: 0.0015, cacheRead: 0, cacheWrite: 0, total: 0.0021 };
    await navigateTree(session, ids[1]!, { summarize: true, summarizer: new ScriptedSummarizer(() => ({ text: 'S', usage: { input: 200, output: 100, cost }, model: 'claude-sonnet-4-5' })) });
    const entry = session.getEntry(session.leafId!) as BranchSummaryEntry;
    assert.deepEqual(entry.usage, { input: 200, output: 100, cacheRead: 0, cacheWrite: 0, totalTokens: 300, cost });
    assert.deepEqual(entry.arbor, { summarizedMessages: 4, requests: 1, summarizerModel: 'claude-sonnet-4-5' });
  });

  it('with a summary to an assistant message: the summary is its child and the position', async () => {
    const { session, ids } = await conversation(3);
    await navigateTree(session, ids[1]!, { summarize: true, summarizer: new ScriptedSummarizer() });
    assert.equal(session.getEntry(session.leafId!)!.parentId, ids[1]);
  });

  it('to the current position: nothing happens', async () => {
    const { session } = await conversation(1);
    const summarizer = new ScriptedSummarizer();
    assert.deepEqual(await navigateTree(session, session.leafId!, { summarize: true, summarizer }), { cancelled: false });
    assert.equal(summarizer.requests.length, 0);
  });

  it('aborted during the summary: cancelled, nothing written, position unchanged', async () => {
    const { session, ids } = await conversation(3);
    const before = { count: session.entries.length, leaf: session.leafId };
    const controller = new AbortController();
    const pending = navigateTree(session, ids[2]!, { summarize: true, summarizer: hangingSummarizer(), signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    assert.deepEqual(await pending, { cancelled: true, aborted: true });
    assert.deepEqual({ count: session.entries.length, leaf: session.leafId }, before);
  });

  it('without a summary: no entry of any kind, a label on the selected entry when asked', async () => {
    const { session, ids } = await conversation(2);
    const count = session.entries.length;
    await navigateTree(session, ids[1]!);
    assert.equal(session.entries.length, count);
    await navigateTree(session, ids[3]!, { label: 'x' });
    const label = session.getEntry(session.leafId!) as LabelEntry;
    assert.deepEqual([label.type, label.targetId, label.label, label.parentId], ['label', ids[3], 'x', ids[3]]);
  });

  it('with a summary and a label: the label targets the summary', async () => {
    const { session, ids } = await conversation(2);
    await navigateTree(session, ids[1]!, { summarize: true, summarizer: new ScriptedSummarizer(), label: 'kept' });
    const label = session.getEntry(session.leafId!) as LabelEntry;
    assert.equal(session.getEntry(label.targetId)!.type, 'branch_summary');
  });

  it('to a custom message: its parent becomes the position, its text goes to the editor', async () => {
    const session = memorySession();
    await session.appendMessage(user('q'));
    const parent = await session.appendMessage(assistant('a'));
    const custom = await session.appendCustomMessage({ customType: 'note', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], display: true });
    await session.appendMessage(user('after'));
    assert.deepEqual(navigationTarget(session, custom), { newLeafId: parent, editorText: 'ab' });
  });

  it('forward to a descendant: nothing to summarize, so no summary even if asked', async () => {
    const { session, ids } = await conversation(3);
    await session.branch(ids[1]!);
    const summarizer = new ScriptedSummarizer();
    await navigateTree(session, ids[5]!, { summarize: true, summarizer });
    assert.equal(summarizer.requests.length, 0);
    assert.equal(session.leafId, ids[5]);
  });

  it('derives the reference positions for the fixture targets (an orphan\'s missing parent counts as the root)', async () => {
    const { tree, expected } = await loadFixture('synthetic-branched');
    for (const record of expected.branchSummary) {
      const target = navigationTarget({ tree }, record.targetId);
      const expectedLeaf = record.derived_navigateTree.newLeafId === 'deadbeef' ? null : record.derived_navigateTree.newLeafId;
      assert.equal(target.newLeafId, expectedLeaf, record.targetId);
      assert.equal(target.editorText !== undefined, record.derived_navigateTree.editorTextExpected);
    }
  });

  it('reaches the branch-summary stop point once the summary came back and before its entry is written, and only then', async () => {
    const { session, ids } = await conversation(3);
    const summarizer = new ScriptedSummarizer();
    const reached: { step: StopStep; requests: number; entries: number; leaf: string | null }[] = [];
    const stopPoints = { ...noStopPoints, reached: (step: StopStep) => void reached.push({ step, requests: summarizer.requests.length, entries: session.entries.length, leaf: session.leafId }) };
    const before = { entries: session.entries.length, leaf: session.leafId };
    await navigateTree(session, ids[1]!, { stopPoints });
    await navigateTree(session, before.leaf!, { stopPoints });
    assert.deepEqual(reached, [], 'a move without a summary writes no summary');
    await navigateTree(session, ids[2]!, { summarize: true, summarizer, stopPoints });
    assert.deepEqual(reached, [{ step: 'branch-summary', requests: 1, ...before }]);
    assert.equal(session.entries.length, before.entries + 1);
    assert.equal(session.getEntry(session.leafId!)!.type, 'branch_summary');
  });

  it('refuses an unknown target and summarizing without a summarizer', async () => {
    const { session, ids } = await conversation(1);
    await assert.rejects(navigateTree(session, 'nope'), { reason: 'entry-not-found' });
    await assert.rejects(navigateTree(session, ids[0]!, { summarize: true }), { reason: 'no-summarizer', message: 'No model available for summarization' });
  });
});
