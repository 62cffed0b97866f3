/**
 * Lock files a git of the store left behind. git takes `index.lock` (and a reference's `.lock`)
 * for the length of one command and removes it when it ends; a git killed meanwhile (a machine
 * that lost power, a process group killed with the window) leaves it, and every later git of the
 * store would then fail with "File exists" for ever. Another window sharing the store may hold
 * the same lock for a moment, though, and git writes no owner into it.
 *
 * So a run that meets a lock waits a little (another window's git is done in well under a
 * second for the usual snapshot), and a lock of the store's own folder that has not changed for
 * longer than any one git run of the store takes is removed as stale, then the run is tried again.
 * Only a regular file named `*.lock` inside the store's folder is ever removed.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { systemClock } from '../session';
import { GitFailed } from './git';
import { CheckpointStoreError } from './types';

/**
 * A lock older than this is a killed git's: a git run of the store reads at most the size limit's
 * files (1 GB by default), minutes on the slowest disk. Two minutes without a change is far
 * beyond the usual run, and short enough that checkpoints come back soon after a crash.
 */
export const STALE_LOCK_MS = 2 * 60_000;
/** How long a run waits for a lock held by a live git (another window's) before saying the store is busy. */
export const LOCK_WAIT_MS = 3000;
const LOCK_POLL_MS = 100;

/** The lock file a git failure names ("Unable to create '…/index.lock': File exists"), if it names one. */
export function lockOf(error: unknown): string | undefined {
  if (!(error instanceof GitFailed)) return undefined;
  return /Unable to create '([^'\n]+\.lock)': File exists/.exec(error.stderr)?.[1];
}

export type LockState = 'gone' | 'removed' | 'held';

/**
 * What became of `lock` (a path git named) in the store at `folder`: gone by itself, removed here
 * as stale, or still held by a live git (a file of the store changed within STALE_LOCK_MS). A
 * name outside the folder, or one that is not a regular file, is never touched ('held').
 */
export async function settleLock(folder: string, lock: string, now: () => number = () => systemClock().getTime()): Promise<LockState> {
  const relative = path.relative(path.resolve(folder), path.resolve(lock));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative) || !relative.endsWith('.lock')) return 'held';
  const stat = await fs.lstat(lock).catch(() => undefined);
  if (!stat) return 'gone';
  if (!stat.isFile()) return 'held';
  if (now() - stat.mtimeMs <= STALE_LOCK_MS) return 'held';
  await fs.rm(lock, { force: true });
  return 'removed';
}

/**
 * Runs `attempt` (one git run of the store); when it fails on a lock, waits up to LOCK_WAIT_MS for
 * the lock to go, removing it once it is stale, and tries again. A lock still held after the wait
 * is passed on as `busy()`.
 */
export async function withLockRetry<T>(folder: string, attempt: () => Promise<T>, busy: (lock: string) => Error): Promise<T> {
  for (let waits = 0; ; waits++) {
    try {
      return await attempt();
    } catch (error) {
      const lock = lockOf(error);
      if (lock === undefined) throw error;
      const state = await settleLock(folder, lock);
      if (state === 'held') {
        if (waits * LOCK_POLL_MS >= LOCK_WAIT_MS) throw busy(lock);
        await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      }
    }
  }
}

/** The store is busy: a live git (another window's) held `lock` all the while a run waited. */
export function storeBusy(lock: string): CheckpointStoreError {
  return new CheckpointStoreError('busy', `The checkpoint store is busy: another Arbor window's git holds ${lock}. Try again in a moment (a lock left by a git that was killed is removed two minutes after its last change).`);
}
