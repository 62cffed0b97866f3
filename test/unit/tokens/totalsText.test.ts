// How the chat and the meter's tooltip write what a session spent.
import { strict as assert } from 'node:assert';
import { emptySpend, formatDollars, totalsDetails, totalsLine, type SessionTotals, type SpendTotals, type TokenSpend } from '../../../src/core/tokens';

const spend = (patch: Partial<TokenSpend>): TokenSpend => ({ ...emptySpend(), ...patch });
const totalsOf = (replies: Partial<TokenSpend>, summaries: Partial<TokenSpend>): SpendTotals => {
  const r = spend(replies);
  const s = spend(summaries);
  return {
    input: r.input + s.input,
    output: r.output + s.output,
    cacheRead: r.cacheRead + s.cacheRead,
    cacheWrite: r.cacheWrite + s.cacheWrite,
    totalTokens: r.totalTokens + s.totalTokens,
    cost: r.cost + s.cost,
    count: r.count + s.count,
    unpriced: r.unpriced + s.unpriced,
    replies: r,
    summaries: s,
    tools: emptySpend(),
    other: emptySpend(),
  };
};

describe('session totals as the chat and the tooltip write them', () => {
  it('writes dollars with three decimals under a dime and two above, and nothing spent as $0', () => {
    assert.deepEqual([0, 0.0042, 0.041, 0.1, 1.234, 12].map(formatDollars), ['$0', '$0.004', '$0.041', '$0.10', '$1.23', '$12.00']);
  });

  it('shows no line before anything was spent, and one total while every usage is on the branch', () => {
    const none: SessionTotals = { branch: totalsOf({}, {}), session: totalsOf({}, {}) };
    assert.equal(totalsLine(none), undefined);
    const one = totalsOf({ totalTokens: 48_200, cost: 0.041, count: 3 }, {});
    assert.equal(totalsLine({ branch: one, session: one }), 'Spent $0.041 · 48.2k tokens processed');
  });

  it("adds the whole file's dollars when other branches spent too, and marks a sum with unpriced usage as a floor", () => {
    const branch = totalsOf({ totalTokens: 48_200, cost: 0.041, count: 3 }, { totalTokens: 3_000, cost: 0.01, count: 1 });
    const session = totalsOf({ totalTokens: 90_000, cost: 0.5, count: 6, unpriced: 1 }, { totalTokens: 3_000, cost: 0.01, count: 1 });
    assert.equal(totalsLine({ branch, session }), 'Spent $0.051 · 51.2k tokens processed on this branch · ≥$0.51 in all');
  });

  it('details the branch and the whole file with replies and summaries apart, and says what was counted as $0', () => {
    const branch = totalsOf({ totalTokens: 1200, cost: 0.25, count: 2 }, { totalTokens: 3400, cost: 0.75, count: 1 });
    const session = totalsOf({ totalTokens: 2400, cost: 0.5, count: 4, unpriced: 1 }, { totalTokens: 3400, cost: 0.75, count: 1 });
    assert.deepEqual(totalsDetails({ branch, session }), [
      'This branch: 4,600 tokens, $1.00',
      '   replies (2): 1,200 tokens, $0.25; summaries (1): 3,400 tokens, $0.75',
      'Whole session (all branches): 5,800 tokens, ≥$1.25',
      '   replies (4): 2,400 tokens, ≥$0.50; summaries (1): 3,400 tokens, $0.75',
      '1 usage(s) recorded no cost and their model has no known price: counted as $0.',
    ]);
  });
});
