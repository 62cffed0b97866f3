// The chat's place in a conversation: the first item in view and the offset in it, taken from the
// items' offsets and turned back into a scrollTop under other heights (estimates before a reload,
// measured after), kept per session in the webview's saved state.
import { strict as assert } from 'node:assert';
import { placeAt, placesOf, scrollTopFor, withPlace, type Place } from '../../../src/webview/place';

/** Top offsets of items with these heights (the last one is the whole height). */
function offsetsOf(heights: readonly number[]): number[] {
  const offsets = [0];
  for (const height of heights) offsets.push(offsets.at(-1)! + height);
  return offsets;
}

describe('Chat place', () => {
  const keys = ['u1', 'a1', 'u2', 'a2', 'u3'];

  it('names the first item whose bottom is below the view top, and how far into it the view starts', () => {
    // Tops: u1 0, a1 40, u2 540, a2 580, u3 1080; the end at 1120.
    const offsets = offsetsOf([40, 500, 40, 500, 40]);
    assert.deepEqual(placeAt(keys, offsets, 0), { key: 'u1', offset: 0 });
    assert.deepEqual(placeAt(keys, offsets, 39), { key: 'u1', offset: 39 });
    assert.deepEqual(placeAt(keys, offsets, 40), { key: 'a1', offset: 0 });
    assert.deepEqual(placeAt(keys, offsets, 300), { key: 'a1', offset: 260 });
    assert.deepEqual(placeAt(keys, offsets, 600), { key: 'a2', offset: 20 });
    assert.deepEqual(placeAt(keys, offsets, 1119), { key: 'u3', offset: 39 });
  });

  it('names no item past the end or in an empty list', () => {
    assert.equal(placeAt(keys, offsetsOf([40, 500, 40, 500, 40]), 1120), undefined);
    assert.equal(placeAt([], [0], 0), undefined);
  });

  it('puts the same item at the same offset when the heights above it were estimates and are measured', () => {
    const place: Place = { key: 'a2', offset: 20 };
    // After a reload every item counts 120 px: a2's top is 360, so the view starts at 380 ...
    assert.equal(scrollTopFor(place, keys, offsetsOf([120, 120, 120, 120, 120]), 200), 380);
    // ... and once u1, a1 and u2 are measured (40 + 500 + 40) it starts at 600, where it was.
    assert.equal(scrollTopFor(place, keys, offsetsOf([40, 500, 40, 120, 120]), 200), 600);
    // Keeping the estimates' pixels instead would show a1, 340 px in, once measured.
    assert.deepEqual(placeAt(keys, offsetsOf([40, 500, 40, 120, 120]), 380), { key: 'a1', offset: 340 });
  });

  it('keeps the view within what can be scrolled, and has no answer for an item not in the list', () => {
    const offsets = offsetsOf([40, 500, 40, 500, 40]);
    // u3's top is 1080, but a 200 px view can start at most at 920.
    assert.equal(scrollTopFor({ key: 'u3', offset: 10 }, keys, offsets, 200), 920);
    assert.equal(scrollTopFor({ key: 'u1', offset: 0 }, keys, offsets, 2000), 0);
    assert.equal(scrollTopFor({ key: 'gone', offset: 0 }, keys, offsets, 200), undefined);
  });

  it('keeps one place per session, the most recently left last, forgets one left at its end, and keeps at most the limit', () => {
    let places = withPlace({}, 's1', { key: 'a1', offset: 5 });
    places = withPlace(places, 's2', { key: 'u2', offset: 0 });
    places = withPlace(places, 's1', { key: 'a2', offset: 7 });
    assert.deepEqual(Object.entries(places), [
      ['s2', { key: 'u2', offset: 0 }],
      ['s1', { key: 'a2', offset: 7 }],
    ]);
    assert.deepEqual(withPlace(places, 's2', undefined), { s1: { key: 'a2', offset: 7 } });
    assert.deepEqual(Object.keys(withPlace(places, 's3', { key: 'u1', offset: 0 }, 2)), ['s1', 's3']);
  });

  it('keeps a session named "__proto__" as a plain entry', () => {
    const places = withPlace({}, '__proto__', { key: 'u1', offset: 3 });
    assert.deepEqual(Object.entries(places), [['__proto__', { key: 'u1', offset: 3 }]]);
    assert.equal(Object.getPrototypeOf(places), Object.prototype);
  });

  it('reads back the places of a saved state, dropping any that are not an item and a finite offset', () => {
    assert.deepEqual(placesOf(undefined), {});
    assert.deepEqual(placesOf('nonsense'), {});
    assert.deepEqual(
      placesOf({ s1: { key: 'u1', offset: 12 }, s2: { key: 3, offset: 1 }, s3: { key: 'u2', offset: 'x' }, s4: null, s5: { key: 'u3', offset: -4 }, s6: { key: 'u4', offset: Infinity } }),
      { s1: { key: 'u1', offset: 12 }, s5: { key: 'u3', offset: 0 } },
    );
  });
});
