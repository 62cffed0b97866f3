/**
 * The position marker: a `custom` entry Arbor appends when the user moves to another entry
 * without adding to the conversation, so that the position survives a reopen (see
 * `Session.movePosition`). Custom entries carry no context, and pi hides them in its tree.
 */
import type { SessionEntry } from './types';

export const POSITION_MARKER_TYPE = 'arbor.position';

export function isPositionMarker(entry: SessionEntry): boolean {
  return entry.type === 'custom' && entry.customType === POSITION_MARKER_TYPE;
}
