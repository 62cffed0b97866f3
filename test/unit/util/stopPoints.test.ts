import { strict as assert } from 'node:assert';
import { noStopPoints, stopPointsFrom } from '../../../src/core/util/stopPoints';

describe('stop points for kill tests', () => {
  it('freezes at the nth occurrence of the named step only', () => {
    let frozen = 0;
    const stops = stopPointsFrom('restore:2', () => frozen++);
    stops.reached('restore');
    assert.equal(frozen, 0);
    stops.reached('compaction');
    assert.equal(frozen, 0);
    stops.reached('restore');
    assert.equal(frozen, 1);
    stops.reached('restore');
    assert.equal(frozen, 1);
  });

  it('tears only the chosen append, after the named number of bytes', () => {
    const stops = stopPointsFrom('append:3:120', () => undefined);
    assert.deepEqual([stops.tornAppend(), stops.tornAppend(), stops.tornAppend(), stops.tornAppend()], [undefined, undefined, 120, undefined]);
  });

  it('does nothing for an absent or unreadable spec', () => {
    assert.equal(stopPointsFrom(undefined, () => assert.fail('froze')), noStopPoints);
    assert.equal(stopPointsFrom('restore', () => assert.fail('froze')), noStopPoints);
    assert.equal(stopPointsFrom('shutdown:1', () => assert.fail('froze')), noStopPoints);
  });
});
