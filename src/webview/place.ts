// Where the reader is in the conversation, kept across a reload, a session switch and a hidden view:
// the first item in view and how far the view's top is into it. A pixel offset alone does not do:
// after a reload the heights above are estimates until measured, so the same pixels land on another
// message, while an item and an offset within it name the same spot whatever the heights above.
// Pure: the list gives it the items' keys and their top offsets (`offsets[i]` is item i's top,
// `offsets[count]` the whole height).

export interface Place {
  /** The entry id of the first item in view. */
  key: string;
  /** How far the view's top is below that item's top, in pixels. */
  offset: number;
}

/** Sessions whose place is kept (the least recently left go first). */
export const PLACES_KEPT = 50;

/** The item at the view's top (the first one whose bottom is below `scrollTop`), or undefined when there is none. */
export function placeAt(keys: readonly string[], offsets: readonly number[], scrollTop: number): Place | undefined {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle + 1]! <= scrollTop) low = middle + 1;
    else high = middle;
  }
  if (low >= keys.length) return undefined;
  return { key: keys[low]!, offset: Math.max(0, scrollTop - offsets[low]!) };
}

/**
 * The scrollTop that puts `place`'s item at its offset from the view's top, within what the list
 * can scroll (`view`: the view's height); undefined when the item is not in the list.
 */
export function scrollTopFor(place: Place, keys: readonly string[], offsets: readonly number[], view: number): number | undefined {
  const index = keys.indexOf(place.key);
  if (index < 0) return undefined;
  const total = offsets[keys.length]!;
  return Math.max(0, Math.min(offsets[index]! + place.offset, total - view));
}

/**
 * `places` with `sessionId`'s place set (undefined: at the end, so nothing is kept), the most
 * recent last; past `kept` sessions the oldest go, so the saved state never grows without bound.
 */
export function withPlace(places: Readonly<Record<string, Place>>, sessionId: string, place: Place | undefined, kept = PLACES_KEPT): Record<string, Place> {
  // Entries, not assignments: a session id such as "__proto__" (ids come from files) stays a plain key.
  const others = Object.entries(places).filter(([id]) => id !== sessionId);
  const all: [string, Place][] = place ? [...others, [sessionId, { key: place.key, offset: place.offset }]] : others;
  return Object.fromEntries(all.slice(Math.max(0, all.length - kept)));
}

/** The places in a saved state (the webview's own, yet checked: a bad one is dropped, never thrown on). */
export function placesOf(saved: unknown): Record<string, Place> {
  if (typeof saved !== 'object' || saved === null) return {};
  const places: [string, Place][] = [];
  for (const [id, place] of Object.entries(saved as Record<string, unknown>)) {
    if (typeof place !== 'object' || place === null) continue;
    const { key, offset } = place as Record<string, unknown>;
    if (typeof key === 'string' && typeof offset === 'number' && Number.isFinite(offset)) places.push([id, { key, offset: Math.max(0, offset) }]);
  }
  return Object.fromEntries(places);
}
