// A summary as the chat's card shows it: summaries written by the real compaction and branch-summary
// code, read back as the reader's document (no file-block tags, no preamble, a split turn once).
import { strict as assert } from 'node:assert';
import { buildItems, MAX_SHOWN_FILES, summaryView } from '../../../src/core/chat';
import { BRANCH_SUMMARY_PREAMBLE, compact, DEFAULT_COMPACTION_SETTINGS, formatFileOperations, prepareCompaction } from '../../../src/core/compaction';
import type { BranchSummaryEntry, CompactionEntry } from '../../../src/core/session';
import { assistant, entry, toolCall, toolResult, user } from '../../support/builders';
import { chars, pathOf } from '../compaction/support/path';
import { byKind, ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';

/** Two full turns and a third whose end is kept: a split turn with history before it. */
function splitPath() {
  const read = toolCall('read', { path: 'src/a.ts' });
  return pathOf(user('first task'), assistant('done first'), user('second task'), assistant([read]), toolResult(read, chars(2000)), assistant(chars(2000)));
}

async function splitTurnSummary(summarizer: ScriptedSummarizer): Promise<string> {
  const preparation = prepareCompaction(splitPath(), { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 600 })!;
  assert.equal(preparation.isSplitTurn, true);
  const outcome = await compact(preparation, { summarizer });
  assert.equal(outcome.kind, 'compacted');
  return (outcome as Extract<typeof outcome, { kind: 'compacted' }>).result.summary;
}

describe('chat summary cards: the summary as a document', () => {
  it('takes the file blocks off the end of a compaction summary and lists their files', async () => {
    const summary = `## Goal\nShip it${formatFileOperations(['src/a.ts', 'docs/b.md'], ['README.md'])}`;
    assert.deepEqual(summaryView(summary), { text: '## Goal\nShip it', readFiles: ['src/a.ts', 'docs/b.md'], modifiedFiles: ['README.md'] });
  });

  it('keeps a file block that is not at the end as part of the text', () => {
    const summary = 'Before\n\n<read-files>\na.ts\n</read-files>\n\nAfter';
    assert.deepEqual(summaryView(summary), { text: summary, readFiles: [], modifiedFiles: [] });
  });

  it("shows a split turn's two parts apart: the history, and the beginning of the turn the cut went through", async () => {
    const summary = await splitTurnSummary(new ScriptedSummarizer(byKind));
    assert.deepEqual(summaryView(summary), { text: '[history]', turnContext: '[turn prefix]', readFiles: ['src/a.ts'], modifiedFiles: [] });
  });

  it('shows a split-turn summary once when the summarizer answered both requests with the same text (the demo does)', async () => {
    const same = '## Goal\nThe demo\n\n## Progress\n- [x] read README.md';
    const summary = await splitTurnSummary(new ScriptedSummarizer(() => ({ text: same })));
    assert.deepEqual(summaryView(summary), { text: same, readFiles: ['src/a.ts'], modifiedFiles: [] });
  });

  it("shows only the turn's part when pi wrote 'No prior history.' for the history", () => {
    const summary = `No prior history.\n\n---\n\n**Turn Context (split turn):**\n\n## Original Request\nFix it${formatFileOperations([], ['a.ts'])}`;
    assert.deepEqual(summaryView(summary), { text: '', turnContext: '## Original Request\nFix it', readFiles: [], modifiedFiles: ['a.ts'] });
  });

  it("leaves pi's stock preamble off a branch summary", () => {
    const summary = `${BRANCH_SUMMARY_PREAMBLE}## Goal\nTry B${formatFileOperations(['x.ts'], [])}`;
    assert.deepEqual(summaryView(summary), { text: '## Goal\nTry B', readFiles: ['x.ts'], modifiedFiles: [] });
  });

  it('reads a hostile summary of many opening tags in one pass', () => {
    const hostile = `${'\n\n<read-files>\n'.repeat(200_000)}x\n</read-files>`;
    const view = summaryView(hostile);
    assert.deepEqual([view.readFiles, view.text.length], [['x'], hostile.length - '\n\n<read-files>\nx\n</read-files>'.length]);
  });

  it("builds the cards from the entry: text without tags, files from details, else from the text's blocks", () => {
    const summary = `## Goal\nShip it${formatFileOperations(['src/a.ts'], ['README.md'])}`;
    const recorded = entry<CompactionEntry>('compaction', 'c1', null, { summary, firstKeptEntryId: 'x', tokensBefore: 900, details: { readFiles: ['src/a.ts'], modifiedFiles: [] } });
    const bare = entry<BranchSummaryEntry>('branch_summary', 'b1', 'c1', { fromId: 'x', summary: `${BRANCH_SUMMARY_PREAMBLE}Tried B${formatFileOperations([], ['b.ts'])}` });
    assert.deepEqual(buildItems([recorded, bare]), [
      { kind: 'compaction', id: 'c1', summary: '## Goal\nShip it', tokensBefore: 900, readFiles: ['src/a.ts'], modifiedFiles: [] },
      { kind: 'branchSummary', id: 'b1', summary: 'Tried B', readFiles: [], modifiedFiles: ['b.ts'] },
    ]);
  });

  it('lists at most MAX_SHOWN_FILES files of each kind and counts the rest', () => {
    const many = Array.from({ length: MAX_SHOWN_FILES + 5 }, (_, index) => `f${index}.ts`);
    const compaction = entry<CompactionEntry>('compaction', 'c1', null, { summary: 's', firstKeptEntryId: 'x', tokensBefore: 1, details: { readFiles: many, modifiedFiles: many.slice(0, 3) } });
    const item = buildItems([compaction])[0]!;
    assert.ok(item.kind === 'compaction');
    assert.deepEqual([item.readFiles.length, item.readFiles.at(-1), item.modifiedFiles, item.filesNotShown], [MAX_SHOWN_FILES, `f${MAX_SHOWN_FILES - 1}.ts`, ['f0.ts', 'f1.ts', 'f2.ts'], 5]);
  });
});
