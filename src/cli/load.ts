/**
 * Reading the session file for a command: read-only (v1/v2 files are migrated in memory; only a
 * command that appends rewrites them, through the session's file sink), with every failure turned into a one-line `InputError` naming the file.
 */
import { promises as fs } from 'node:fs';
import { loadSessionFile, MAX_SESSION_MEGABYTES, notAFileWords, positionOnOpen, SessionFileError, type LoadedSessionFile } from '../core/session';
import { InputError } from './io';

export async function loadForCli(file: string): Promise<LoadedSessionFile> {
  try {
    return await loadSessionFile(file);
  } catch (error) {
    throw await inputErrorFor(file, error);
  }
}

/** A SessionFileError as the one-line InputError naming the file; any other error as it is. */
export async function inputErrorFor(file: string, error: unknown): Promise<unknown> {
  if (!(error instanceof SessionFileError)) return error;
  if (error.reason === 'not-a-session' && (await isEmpty(file))) {
    return new InputError(`${file}: not a session file (the file is empty)`);
  }
  const code = (error.cause as NodeJS.ErrnoException | undefined)?.code;
  const detail = error.reason === 'unreadable' && code ? ` (${code})` : '';
  const words = error.reason === 'not-a-file' ? `is ${notAFileWords(error)}, not a regular file; nothing was read` : REASONS[error.reason];
  return new InputError(`${file}: ${words}${detail}`);
}

const REASONS: Record<Exclude<SessionFileError['reason'], 'not-a-file'>, string> = {
  'not-found': 'no such file',
  'is-directory': 'is a directory, not a session file',
  'not-a-session': 'not a session file (its first line is not a session header)',
  'too-large': `is larger than ${MAX_SESSION_MEGABYTES} MB, the most Arbor reads as a session`,
  unreadable: 'could not be read',
  'changed-on-disk': 'was changed by another program while being written; open it again',
  replaced: 'was replaced, shortened or rewritten by another program while in use; nothing was written to it',
};

/**
 * The entry a command works from: `--at ID` (or its older name `--leaf ID`) when given (it must
 * exist), else the position a reopen gives (the last entry, or the parent of Arbor's position
 * marker). Null for an empty session or a position before the first entry.
 */
export function resolveLeaf(loaded: LoadedSessionFile, leaf: string | undefined): string | null {
  if (leaf === undefined) return positionOnOpen(loaded.tree);
  requireEntry(loaded, leaf, '--at');
  return leaf;
}

export function requireEntry(loaded: LoadedSessionFile, id: string, option: string): void {
  if (!loaded.tree.has(id)) throw new InputError(`${loaded.file}: ${option} ${id}: no entry with that id`);
}

async function isEmpty(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).size === 0;
  } catch {
    return false;
  }
}
