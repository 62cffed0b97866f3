/**
 * The branch as a session file of its own, as pi 0.73.1's `/export <file>.jsonl` writes it: a new
 * header (same session id, export time, same cwd, no parentSession) and the path's entries with
 * every `parentId` rewritten to the entry before it, so pi and Arbor both load it as one chain.
 */
import { CURRENT_SESSION_VERSION, serializeLine, type SessionEntry, type SessionHeader } from '../session';

export function renderJsonl(header: SessionHeader, path: readonly SessionEntry[], now: Date): string {
  const exported: SessionHeader = { type: 'session', version: CURRENT_SESSION_VERSION, id: header.id, timestamp: now.toISOString(), cwd: header.cwd };
  let previous: string | null = null;
  const lines = [serializeLine(exported)];
  for (const entry of path) {
    // Spreading keeps the key order, so each line reads like the original with a new parent.
    lines.push(serializeLine({ ...entry, parentId: previous }));
    previous = entry.id;
  }
  return lines.join('');
}
