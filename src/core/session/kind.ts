/** A short name for what an entry is: its type, or `message:<role>` for messages (as pi's tools print). */
import type { SessionEntry } from './types';

export function entryKind(entry: SessionEntry): string {
  if (entry.type !== 'message') return entry.type;
  const role = (entry.message as { role?: unknown } | undefined)?.role;
  return `message:${typeof role === 'string' ? role : 'unknown'}`;
}
