/**
 * The journal of a restore in progress: one small file in the store's own folder, written durably
 * (fsync of the file and of the folder) before a restore changes its first workspace file and
 * removed after its last. A process killed in between (a window closed, `arbor restore` killed)
 * leaves it behind, so the next start knows that the workspace holds some files of the target and
 * some of before, and can put them back as they were before the restore in one action (the
 * journal names the snapshot the restore took first) or finish the restore.
 *
 * It is created exclusively (never through a link: a link or any other file at the name is
 * refused) and replaced only by a rename. It is read distrustfully: only a regular file of a few
 * KB is read, and a content of any other shape is reported as malformed and otherwise ignored.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { systemClock } from '../session';
import { errorMessage } from '../util/errors';
import { readRegularFile, replaceFile, syncFolder, writeNewFile } from '../util/safeFiles';
import { isObjectId } from './git';
import { CheckpointStoreError, type WorkspaceState } from './types';

export const RESTORE_JOURNAL = 'restore-in-progress.json';
const MAX_JOURNAL_BYTES = 4096;
const MAX_SESSION_CHARS = 1000;

export interface RestoreJournal {
  v: 1;
  /** The header id of the session the restore was for (its states are bound to it). */
  session: string;
  /** The state the restore was making the files. */
  to: WorkspaceState;
  /** The snapshot taken before the restore: restoring it puts the files back. */
  undo: WorkspaceState;
  /** The process that ran the restore (one still running is not "interrupted"). */
  pid: number;
  /** When it started (ISO time), for the message. */
  startedAt: string;
}

export type JournalReading =
  | { kind: 'none' }
  | { kind: 'found'; journal: RestoreJournal }
  /** Something is at the name that is not a journal of this shape: reported, otherwise ignored. */
  | { kind: 'malformed'; reason: string };

export function journalPath(storeFolder: string): string {
  return path.join(storeFolder, RESTORE_JOURNAL);
}

/** The journal in the store at `storeFolder`, read distrustfully (never throws). */
export async function readRestoreJournal(storeFolder: string): Promise<JournalReading> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(journalPath(storeFolder), MAX_JOURNAL_BYTES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return { kind: 'malformed', reason: errorMessage(error) };
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { kind: 'malformed', reason: 'it is not JSON (a write cut short?)' };
  }
  const journal = journalShape(value);
  return journal ? { kind: 'found', journal } : { kind: 'malformed', reason: 'it does not have the shape of a restore journal' };
}

function journalShape(value: unknown): RestoreJournal | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const { v, session, to, undo, pid, startedAt } = record;
  if (v !== 1 || typeof session !== 'string' || session === '' || session.length > MAX_SESSION_CHARS) return undefined;
  if (!isObjectId(to) || !isObjectId(undo)) return undefined;
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
  if (typeof startedAt !== 'string' || startedAt.length > 64) return undefined;
  return { v: 1, session, to, undo, pid, startedAt };
}

/**
 * Writes the journal durably before the first file changes. `replace`: an earlier journal is at
 * the name (an interrupted restore being finished or undone, or a malformed one) and is replaced
 * by a rename; otherwise the name must be free (EEXIST when another process wrote one meanwhile).
 */
export async function writeRestoreJournal(storeFolder: string, journal: RestoreJournal, replace: boolean): Promise<void> {
  const text = `${JSON.stringify(journal)}\n`;
  if (replace) await replaceFile(journalPath(storeFolder), text, { durable: true });
  else await writeNewFile(journalPath(storeFolder), text, { durable: true });
  await syncFolder(storeFolder);
}

/** Removes the journal after the restore's last file (nothing at the name is fine). */
export async function clearRestoreJournal(storeFolder: string): Promise<void> {
  await fs.rm(journalPath(storeFolder), { force: true });
  await syncFolder(storeFolder);
}

/**
 * A journal older than this is never taken for a restore still running: process ids are reused
 * (after a restart above all), and no restore of the store takes half an hour.
 */
const LIVE_JOURNAL_MS = 30 * 60_000;

/**
 * Whether the process that wrote a journal may still be running its restore: another process of
 * this machine that is alive, and a journal of the last half hour. This process's own journal is
 * a restore that failed part-way (the store runs one job at a time, so none of its restores is
 * running while the journal is read).
 */
export function journalHolderAlive(journal: RestoreJournal, now: number = systemClock().getTime(), ownPid: number = process.pid): boolean {
  const started = Date.parse(journal.startedAt);
  if (journal.pid === ownPid || !Number.isFinite(started) || now - started > LIVE_JOURNAL_MS) return false;
  try {
    process.kill(journal.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const RESTORE_BUSY = "Another Arbor window or command is restoring this workspace's files now; no file was changed. Try again when it is done.";
export const RESTORE_INTERRUPTED =
  'A restore of the workspace files was interrupted: some files are as recorded, some as before. Undo it first (Undo Restore), or run that same restore again to finish it; no file was changed.';

export interface JournalStart {
  to: WorkspaceState;
  session: string;
  /** The snapshot the restore just took (its undo). */
  now: WorkspaceState;
  /** Whether the restore will change any file. */
  changes: boolean;
  /** The caller's clock (ms). */
  startedAt: number;
}

/**
 * Writes the journal of a restore about to change files (or one that must take over an earlier
 * journal). An interrupted restore's journal is taken over only by finishing it (its target) or
 * undoing it (its undo snapshot), and its undo snapshot is kept: the files as they were before the
 * first attempt. Any other restore is refused until then (`interrupted`), and one while another
 * live process restores is refused as `busy`. Resolves with the journal written, or undefined.
 */
export async function beginRestoreJournal(storeFolder: string, start: JournalStart): Promise<RestoreJournal | undefined> {
  const reading = await readRestoreJournal(storeFolder);
  const earlier = reading.kind === 'found' ? reading.journal : undefined;
  if (earlier && journalHolderAlive(earlier)) throw new CheckpointStoreError('busy', RESTORE_BUSY);
  if (earlier && (earlier.session !== start.session || (start.to !== earlier.to && start.to !== earlier.undo))) throw new CheckpointStoreError('interrupted', RESTORE_INTERRUPTED);
  if (!start.changes && reading.kind === 'none') return undefined;
  const journal: RestoreJournal = { v: 1, session: start.session, to: start.to, undo: earlier?.undo ?? start.now, pid: process.pid, startedAt: new Date(start.startedAt).toISOString() };
  await writeRestoreJournal(storeFolder, journal, reading.kind !== 'none').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CheckpointStoreError('busy', RESTORE_BUSY);
    throw error;
  });
  return journal;
}
