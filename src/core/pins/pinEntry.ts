/**
 * Pins as entries of the session file: a pi `custom` entry (`customType: 'arbor.pin'`, data
 * `{ v: 1, targetId, pinned }`) that pi ignores for context. Like labels, the latest pin entry for
 * a target wins, wherever in the file it sits (pinning from another branch still counts).
 */
import type { Json, SessionEntry } from '../session';

export const PIN_CUSTOM_TYPE = 'arbor.pin';

export interface PinData {
  v: 1;
  targetId: string;
  pinned: boolean;
}

/** The data of a pin entry; undefined for any other entry, or a pin entry whose data is not ours to read. */
export function pinDataOf(entry: SessionEntry): PinData | undefined {
  if (entry.type !== 'custom' || entry.customType !== PIN_CUSTOM_TYPE) return undefined;
  const data = entry.data as Json | undefined;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  if (data.v !== 1 || typeof data.targetId !== 'string' || typeof data.pinned !== 'boolean') return undefined;
  return { v: 1, targetId: data.targetId, pinned: data.pinned };
}

export function isPinEntry(entry: SessionEntry): boolean {
  return entry.type === 'custom' && entry.customType === PIN_CUSTOM_TYPE;
}

export function pinData(targetId: string, pinned: boolean): { [key: string]: Json } {
  return { v: 1, targetId, pinned };
}

/** The ids pinned now, in the order they were (last) pinned: file order, the latest entry per target wins. */
export function pinnedIds(entries: readonly SessionEntry[]): Set<string> {
  const pinned = new Set<string>();
  for (const entry of entries) {
    const data = pinDataOf(entry);
    if (!data) continue;
    // Re-inserted so the set's order is the order of the latest pins.
    pinned.delete(data.targetId);
    if (data.pinned) pinned.add(data.targetId);
  }
  return pinned;
}
