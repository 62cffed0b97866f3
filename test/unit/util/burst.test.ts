import { strict as assert } from 'node:assert';
import { BurstGate } from '../../../src/core/util/burst';

describe('BurstGate: telling once per burst of events', () => {
  it('tells at the first event, not at events closer than the quiet time, and again after a quiet time', () => {
    let now = 1_000;
    const gate = new BurstGate(60_000, () => now);
    const told: boolean[] = [];
    for (const at of [1_000, 2_000, 50_000, 109_000, 169_000, 169_500]) {
      now = at;
      told.push(gate.shouldTell());
    }
    // 50 000 → 109 000 is 59 s (same burst); 109 000 → 169 000 is exactly 60 s of quiet (new burst).
    assert.deepEqual(told, [true, false, false, false, true, false]);
  });
});
