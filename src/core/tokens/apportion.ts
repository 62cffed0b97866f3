/**
 * Whole-number shares of a total in proportion to weights, by the largest-remainder method: each
 * share is the floor of its exact share, and the tokens left over go one each to the largest
 * remainders (ties to the earlier weight). The shares always add up to the total exactly, which a
 * plain per-part rounding does not promise.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const whole = Math.max(0, Math.round(total));
  // A weight from a hostile or broken count (negative, NaN, Infinity) weighs nothing.
  const finite = weights.map((weight) => (Number.isFinite(weight) && weight > 0 ? weight : 0));
  if (finite.length === 0) return [];
  // Scaled by the largest, so that their sum cannot overflow to Infinity.
  const largest = finite.reduce((a, b) => Math.max(a, b), 0);
  const usable = largest > 0 ? finite.map((weight) => weight / largest) : finite;
  const sum = usable.reduce((a, b) => a + b, 0);
  // Nothing to weigh by: equal shares, so the total is still accounted for.
  const basis = sum > 0 ? usable : usable.map(() => 1);
  const basisSum = sum > 0 ? sum : usable.length;
  // weight / sum first: huge weights must not overflow to Infinity.
  const exact = basis.map((weight) => whole * (weight / basisSum));
  const shares = exact.map((value) => Math.min(whole, Math.floor(value)));
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = whole - shares.reduce((a, b) => a + b, 0);
  // Fewer than one per share is left, unless floating point lost more: that goes round evenly first.
  const round = Math.floor(left / order.length);
  if (round > 0) for (let i = 0; i < shares.length; i++) shares[i]! += round;
  left -= round * Math.max(0, order.length);
  for (let i = 0; left > 0; i = (i + 1) % order.length, left--) shares[order[i]!.index]! += 1;
  // Floating point can round a floor up by one: take it back from the smallest remainders.
  for (let i = order.length - 1; left < 0; i = (i - 1 + order.length) % order.length) {
    const index = order[i]!.index;
    if (shares[index]! > 0) {
      shares[index]! -= 1;
      left++;
    }
  }
  return shares;
}
