import { strict as assert } from 'node:assert';
import { apportion } from '../../../src/core/tokens';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

describe('apportion (largest remainder)', () => {
  it('gives the leftover tokens to the largest remainders, so the shares add up to the total', () => {
    // Exact shares 3.33…, 3.33…, 3.33…: plain rounding gives 9; the first remainder gets the tenth.
    assert.deepEqual(apportion(10, [1, 1, 1]), [4, 3, 3]);
    // 7 × (5, 3, 2) / 10 = 3.5, 2.1, 1.4: floors 3, 2, 1; one left, to the 0.5.
    assert.deepEqual(apportion(7, [5, 3, 2]), [4, 2, 1]);
  });

  it('adds up exactly for awkward totals and weights', () => {
    const weights = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 0.5, 1e-9];
    for (const total of [0, 1, 7, 99, 12_345, 199_999, 1_000_003]) assert.equal(sum(apportion(total, weights)), total, `total ${total}`);
  });

  it('weighs hostile weights (negative, NaN, Infinity) as nothing, and shares equally when nothing weighs', () => {
    assert.deepEqual(apportion(10, [-5, Number.NaN, Number.POSITIVE_INFINITY, 2]), [0, 0, 0, 10]);
    assert.deepEqual(apportion(5, [0, 0]), [3, 2]);
    assert.deepEqual(apportion(5, []), []);
  });

  it('does not overflow on huge weights and totals', () => {
    const shares = apportion(Number.MAX_SAFE_INTEGER, [1e308, 1e308, 1]);
    assert.equal(sum(shares), Number.MAX_SAFE_INTEGER);
    assert.ok(shares.every((share) => Number.isSafeInteger(share) && share >= 0));
  });
});
