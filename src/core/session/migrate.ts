/**
 * Format migrations v1 → v2 → v3 (ids and parents for v1's linear entries, then `hookMessage`
 * renamed `custom`), applied in memory to freshly parsed
 * objects. The file layer decides when to write the result (and keeps a backup of the original).
 */
import { newEntryId } from './ids';
import { CURRENT_SESSION_VERSION, type SessionEntry, type SessionHeader } from './types';

export interface MigrationResult {
  /** The version the data had before, or undefined when it was already current. */
  migratedFrom: number | undefined;
}

/**
 * Migrates header and entries in place. `entries` are the parsed entry objects in file order
 * (header excluded, malformed lines excluded). Idempotent on v3 data.
 */
export function migrateToCurrent(header: SessionHeader, entries: SessionEntry[]): MigrationResult {
  const version = header.version ?? 1;
  if (version >= CURRENT_SESSION_VERSION) return { migratedFrom: undefined };
  if (version < 2) migrateV1ToV2(header, entries);
  if (version < 3) migrateV2ToV3(header, entries);
  return { migratedFrom: version };
}

/** v1 entries have no ids: chain them linearly and resolve compaction indices to ids. */
function migrateV1ToV2(header: SessionHeader, entries: SessionEntry[]): void {
  header.version = 2;
  const taken = new Set<string>();
  let previousId: string | null = null;
  for (const entry of entries) {
    // Unlike pi, check collisions here too.
    const id = newEntryId((candidate) => taken.has(candidate));
    taken.add(id);
    entry.id = id;
    entry.parentId = previousId;
    previousId = id;
  }
  for (const entry of entries) {
    if (entry.type !== 'compaction') continue;
    const index = entry.firstKeptEntryIndex;
    // The index counts the header as 0, so entry i of the file is entries[i - 1].
    if (typeof index === 'number' && index >= 1) {
      const target = entries[index - 1];
      if (target) entry.firstKeptEntryId = target.id;
    }
    delete entry.firstKeptEntryIndex;
  }
}

function migrateV2ToV3(header: SessionHeader, entries: SessionEntry[]): void {
  header.version = 3;
  for (const entry of entries) {
    if (entry.type !== 'message') continue;
    const message = entry.message as { role?: unknown } | undefined;
    if (message && message.role === 'hookMessage') message.role = 'custom';
  }
}
