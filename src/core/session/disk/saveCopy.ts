/**
 * Saving a session whose file can no longer be written (deleted, replaced, on a full or read-only
 * disk) as a new file: everything in memory, including the entries that wait to be written, so
 * nothing is lost. The copy is created exclusively (never over a file, never through a link) and
 * fsynced; opened, it resumes where the session stands now.
 */
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { serializeLine } from '../jsonl';
import { newEntryId } from '../ids';
import { POSITION_MARKER_TYPE } from '../position';
import { positionOnOpen, type Session } from '../session';
import type { CustomEntry } from '../types';
import { writeNewFile } from '../../util/safeFiles';

/** Writes the whole session to `file`, which must not exist; the same header (and id), every entry in file order. */
export async function saveSessionCopy(session: Session, file: string, now: Date): Promise<void> {
  const lines = [serializeLine(session.header), ...session.entries.map(serializeLine)];
  // Resumes at the position, as a reopen of the original would: through a position marker when needed.
  if (positionOnOpen(session.tree) !== session.leafId && session.leafId !== null) {
    const marker: CustomEntry = {
      type: 'custom',
      id: newEntryId((candidate) => session.tree.has(candidate)),
      parentId: session.leafId,
      timestamp: now.toISOString(),
      customType: POSITION_MARKER_TYPE,
    };
    lines.push(serializeLine(marker));
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeNewFile(file, lines.join(''), { durable: true });
}
