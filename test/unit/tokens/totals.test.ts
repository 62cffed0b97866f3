/**
 * Session totals: a session written to disk with replies, a compaction and a branch summary,
 * read back, and its totals compared with sums computed here from the file's own lines.
 */
import { strict as assert } from 'node:assert';
import { loadSessionFile, openSessionFile, positionOnOpen, type SessionEntry } from '../../../src/core/session';
import { anthropicPrices } from '../../../src/core/llm';
import { sessionTotals, TotalsTracker, type TokenSpend } from '../../../src/core/tokens';
import { assistant } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { loadPi } from '../../support/pi';
import { fileLines, pathIds, piTotals, sumsFromLines, writePiSpending, writeSession } from './support/spentSession';

describe('session totals: tokens and cost of replies and summaries, for the branch and the whole file', () => {
  const dir = useTempDir();

  it('adds up every usage of the file, replies and summaries apart, and those on the current branch', async () => {
    const { file } = await writeSession(dir());
    const lines = fileLines(file);
    const loaded = await loadSessionFile(file);
    const leaf = positionOnOpen(loaded.tree)!;
    const totals = sessionTotals(loaded.tree.entries, loaded.tree.pathTo(leaf), anthropicPrices);
    assert.deepEqual(totals.session, sumsFromLines(lines, undefined));
    assert.deepEqual(totals.branch, sumsFromLines(lines, pathIds(lines, leaf)));
    // The compaction is on the other branch; the branch summary and two replies are on this one.
    assert.deepEqual([totals.session.replies.count, totals.session.summaries.count, totals.branch.replies.count, totals.branch.summaries.count], [5, 2, 2, 1]);
    assert.equal(totals.branch.summaries.input, 800);
    assert.equal(totals.session.summaries.cost, 0.75 + 0.125);
  });

  it("counts usage entries of any kind and tools' own model work as pi 1.6 does, in the whole file and on the branch", async () => {
    const pi = await loadPi();
    const { file, leaf, otherLeaf } = writePiSpending(pi, dir());
    const sm = pi.SessionManager.open(file, dir());
    const { tree } = await loadSessionFile(file);
    const totals = sessionTotals(tree.entries, tree.pathTo(leaf), anthropicPrices);
    const sums = ({ input, output, cacheRead, cacheWrite, totalTokens, cost }: TokenSpend) => ({ input, output, cacheRead, cacheWrite, totalTokens, cost });
    assert.deepEqual(sums(totals.session), piTotals(pi, sm.getEntries()));
    const breakdown = pi.getUsageCostBreakdown(sm.getEntries());
    assert.deepEqual([totals.session.totalTokens, totals.session.cost], [breakdown.reduce((sum, group) => sum + group.tokens, 0), breakdown.reduce((sum, group) => sum + group.cost, 0)]);
    // pi has no branch totals: the same rule over the path.
    assert.deepEqual(sums(totals.branch), piTotals(pi, sm.getBranch(leaf)));
    const left = sessionTotals(tree.entries, tree.pathTo(otherLeaf), anthropicPrices).branch;
    assert.deepEqual(sums(left), piTotals(pi, sm.getBranch(otherLeaf)));
    // Session, this branch, the branch left: the tool result, the usage entries and the compaction are on the one left.
    assert.deepEqual(
      (['replies', 'summaries', 'tools', 'other'] as const).map((part) => [totals.session[part].count, totals.branch[part].count, left[part].count]),
      [[3, 2, 2], [1, 0, 1], [1, 0, 1], [2, 0, 2]],
    );
  });

  it('counts the branch left behind in the session only, and on that branch once the position goes back to it', async () => {
    const { file, firstLeaf } = await writeSession(dir());
    const lines = fileLines(file);
    const { tree } = await loadSessionFile(file);
    const totals = sessionTotals(tree.entries, tree.pathTo(firstLeaf), anthropicPrices);
    assert.deepEqual(totals.branch, sumsFromLines(lines, pathIds(lines, firstLeaf)));
    assert.deepEqual([totals.branch.replies.count, totals.branch.summaries.count, totals.branch.summaries.input], [4, 1, 3000]);
  });

  it('prices a usage recorded without a cost from the price table, and counts one with no known price as unpriced', () => {
    const entry = (id: string, model: string, provider = 'anthropic'): SessionEntry => ({
      type: 'message',
      id,
      parentId: null,
      timestamp: '2026-01-01T00:00:00.000Z',
      message: { ...assistant('a', { model, provider }), usage: { input: 1_000_000, output: 100_000, cacheRead: 0, cacheWrite: 0 } },
    });
    const entries = [entry('a', 'claude-sonnet-4-5'), entry('b', 'my-local-model'), entry('c', 'gpt-5', 'openai')];
    const { session } = sessionTotals(entries, [], anthropicPrices);
    // Sonnet 4.5: $3 per million input tokens, $15 per million output tokens.
    assert.equal(session.cost, 3 + 1.5);
    assert.deepEqual([session.count, session.unpriced], [3, 2]);
  });

  it('counts counters that are not finite non-negative numbers as 0', () => {
    const hostile: SessionEntry = {
      type: 'compaction',
      id: 'c',
      parentId: null,
      timestamp: '2026-01-01T00:00:00.000Z',
      summary: 's',
      firstKeptEntryId: 'x',
      tokensBefore: 1,
      usage: { input: -5, output: Infinity, cacheRead: '7', cacheWrite: 2, cost: { total: Number.NaN } } as never,
    };
    const { session } = sessionTotals([hostile], [], anthropicPrices);
    assert.deepEqual(session.summaries, { input: 0, output: 0, cacheRead: 0, cacheWrite: 2, totalTokens: 2, cost: 0, count: 1, unpriced: 1 });
  });

  it('keeps the same totals as a fresh count while it follows the open session through a move and new replies', async () => {
    const { file, firstLeaf } = await writeSession(dir());
    const { session } = await openSessionFile(file, { createIfMissing: false });
    const tracker = new TotalsTracker(session.entries, session.getBranch(), anthropicPrices);
    session.onDidChange((change) => tracker.apply(change, () => session.getBranch()));
    const fresh = () => sessionTotals(session.entries, session.getBranch(), anthropicPrices);
    assert.deepEqual(tracker.totals, fresh());
    await session.branch(firstLeaf);
    assert.deepEqual(tracker.totals, fresh());
    await session.appendMessage(assistant('one more', { usage: { input: 5, output: 7, cacheRead: 11, cacheWrite: 13, totalTokens: 36, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.5 } } }));
    assert.deepEqual(tracker.totals, fresh());
    assert.deepEqual([tracker.totals.branch.replies.count, tracker.totals.session.replies.count, tracker.totals.branch.input], [5, 6, 1000 + 50 + 60 + 3000 + 70 + 5]);
    await session.sync();
  });

  it("counts another program's entry in the whole file but not on the branch, whose position it does not move", () => {
    const reply = (id: string, parentId: string | null, input: number): SessionEntry => ({
      type: 'message',
      id,
      parentId,
      timestamp: '2026-01-01T00:00:00.000Z',
      message: { ...assistant('a'), usage: { input, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: input, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } } },
    });
    const first = reply('a', null, 10);
    const tracker = new TotalsTracker([first], [first], anthropicPrices);
    tracker.apply({ kind: 'external', entry: reply('b', 'a', 100), leafId: 'a' }, () => [first]);
    assert.deepEqual([tracker.totals.branch.input, tracker.totals.session.input], [10, 110]);
  });
});
