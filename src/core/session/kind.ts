/** A short name for what an entry is: its type, or `message:<role>` for messages (as pi's tools print). */
import type { SessionEntry } from './types';

export function entryKind(entry: SessionEntry): string {
  if (entry.type !== 'message') return entry.type;
  return `message:${messageRole(entry) ?? 'unknown'}`;
}

/** The role of a `message` entry's message; undefined for other entries and for a message without one. */
export function messageRole(entry: SessionEntry): string | undefined {
  if (entry.type !== 'message') return undefined;
  const role = (entry.message as { role?: unknown } | undefined)?.role;
  return typeof role === 'string' ? role : undefined;
}
