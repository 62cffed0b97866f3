/**
 * The references a checkpoint store keeps, and what they vouch for. git itself will read any object
 * id it is handed (its built-in empty tree, a sub-folder's tree, a blob), and a session file names
 * its states as plain ids, so an id alone proves nothing: a state may be restored only when the
 * store holds a reference that says *this store recorded it, for this session*.
 *
 * - `refs/arbor/states/<state>`: a whole-workspace tree this store wrote (any snapshot);
 * - `refs/arbor/undo/<time>-<state>`: the snapshot a restore took first (its undo);
 * - `refs/arbor/sessions/<key>/<state>`: the state was recorded for the session whose header id
 *   hashes to `<key>` (a recorder's snapshot, a restore's undo, the states a fork carried);
 * - `refs/arbor/latest`: the store's latest recorded snapshot (what "changed outside" is measured
 *   from when a session's own state is unknown).
 *
 * References are written as loose files (exclusively: the first writer wins, never through a
 * link). They are read as git reads them, without running git (a restore checks its target with
 * no process of its own): the loose file, else the line `gc` moved into `packed-refs`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { writeNewFile } from '../util/safeFiles';
import { isObjectId } from './git';
import type { WorkspaceState } from './types';

export const STATE_REFS = 'refs/arbor/states/';
export const UNDO_REFS = 'refs/arbor/undo/';
export const SESSION_REFS = 'refs/arbor/sessions/';
export const LATEST_REF = 'refs/arbor/latest';

/**
 * A session's folder name below SESSION_REFS: a hash of its header id (an id read from a file may
 * hold any character; a hash is always a valid, fixed-length reference name).
 */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}

/** The reference that binds `state` to the session `sessionId`. */
export function sessionRef(sessionId: string, state: WorkspaceState): string {
  return `${SESSION_REFS}${sessionKey(sessionId)}/${state}`;
}

/** The state a reference of the store names in its last part (undo references put a time before it). */
export function stateOfRef(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1).split('-').pop()!;
}

/**
 * Writes a reference once; one that exists already is kept (it names the same state), unless it
 * is not a whole id: a process killed between creating the file and writing it leaves it empty,
 * and such a file would keep the reference missing for ever. It is then replaced.
 */
export async function keepRef(gitDir: string, ref: string, state: WorkspaceState): Promise<void> {
  const file = path.join(gitDir, ...ref.split('/'));
  const kept = await writeNewFile(file, `${state}\n`).then(
    () => true,
    async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return existingIsWhole(file, error);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      return writeNewFile(file, `${state}\n`).then(() => true, (again: unknown) => existingIsWhole(file, again));
    },
  );
  if (!kept) await moveRef(gitDir, ref, state);
}

/** After EEXIST: whether the reference there names a whole id (else it is torn and must be written again). */
async function existingIsWhole(file: string, error: unknown): Promise<boolean> {
  ignoreExisting(error);
  const content = await fs.readFile(file, 'utf8').catch(() => '');
  return isObjectId(content.trim());
}

/**
 * Points a reference at `state`, whatever it named before: written new in the store's own folder
 * and renamed in place. The new file is never made below `refs/`, where git would read a file
 * left by a killed process as a (broken) reference.
 */
export async function moveRef(gitDir: string, ref: string, state: WorkspaceState): Promise<void> {
  const file = path.join(gitDir, ...ref.split('/'));
  const temp = path.join(gitDir, `ref-${randomBytes(6).toString('hex')}.tmp`);
  await writeNewFile(temp, `${state}\n`);
  try {
    await fs.rename(temp, file).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.rename(temp, file);
    });
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/**
 * The state each of `refs` names in the store at `gitDir` (absent: no such reference). The loose
 * files are read first; `packed-refs` (one "<id> <name>" line per reference `gc` packed) only when
 * one of them is not loose.
 */
export async function readRefs(gitDir: string, refs: readonly string[]): Promise<Map<string, WorkspaceState>> {
  const found = new Map<string, WorkspaceState>();
  const loose = await Promise.all(refs.map((ref) => fs.readFile(path.join(gitDir, ...ref.split('/')), 'utf8').catch(() => undefined)));
  refs.forEach((ref, index) => {
    const state = loose[index]?.trim();
    if (isObjectId(state)) found.set(ref, state);
  });
  if (found.size === refs.length) return found;
  const packed = await fs.readFile(path.join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
  const wanted = new Set(refs.filter((ref) => !found.has(ref)));
  for (const line of packed.split('\n')) {
    const space = line.indexOf(' ');
    const [state, ref] = [line.slice(0, space), line.slice(space + 1).trim()];
    if (wanted.has(ref) && isObjectId(state)) found.set(ref, state);
  }
  return found;
}

export function ignoreExisting(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
}
