/** Real workspaces and stores in temporary folders for the checkpoint tests. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, lstatSync, readlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { openFileCheckpointStore, type FileCheckpointStore, type FileCheckpointStoreOptions } from '../../../src/core/checkpoints';

/** The session the tests restore for: its states are recorded with `AS_SESSION` (a restore needs them bound to it). */
export const SESSION = 'session-under-test';
export const AS_SESSION = { session: SESSION } as const;

export interface Place {
  /** The workspace. */
  root: string;
  /** The fake home (the state home is below it). */
  home: string;
}

/** A workspace and a fake home beside it in `dir`. */
export function makePlace(dir: string): Place {
  const root = path.join(dir, 'workspace');
  const home = path.join(dir, 'home');
  mkdirSync(root, { recursive: true });
  mkdirSync(home, { recursive: true });
  return { root, home };
}

export function openStore(place: Place, options: Partial<FileCheckpointStoreOptions> = {}): Promise<FileCheckpointStore> {
  return openFileCheckpointStore({ root: place.root, home: place.home, stateHome: path.join(place.home, '.local', 'state'), ...options });
}

/** Writes files below `root` (folders made as needed). */
export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
}

/** Every name below `root` (`.git` folders included, byte for byte) as `path -> content`, links as `-> target`. */
export function listing(root: string, options: { skipGit?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      const rel = path.relative(root, full).split(path.sep).join('/');
      if (options.skipGit && name === '.git') continue;
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) out[rel] = `-> ${readlinkSync(full)}`;
      else if (stat.isDirectory()) {
        out[`${rel}/`] = '';
        walk(full);
      } else out[rel] = `${(stat.mode & 0o111) !== 0 ? 'x ' : ''}${createHash('sha256').update(readFileSync(full)).digest('hex').slice(0, 16)}`;
    }
  };
  walk(root);
  return out;
}

/** Runs git in `cwd` as the user would (their repository), with a fixed identity. */
export function userGit(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'u', GIT_AUTHOR_EMAIL: 'u@x.invalid', GIT_COMMITTER_NAME: 'u', GIT_COMMITTER_EMAIL: 'u@x.invalid' },
  });
}
