/**
 * Which `git` the checkpoint store runs, found once when a store is opened. Spawned by its bare
 * name with the workspace as its working directory, git would be looked up in PATH as the shell
 * does it: a relative entry (`node_modules/.bin`, `.`, an empty entry) is then read from the
 * workspace, and on Windows the working directory is searched before PATH at all. A repository
 * that ships a program named `git` there would have it run on the first prompt, unasked.
 *
 * So PATH is read here, in order, keeping only absolute entries (on Windows: a drive and a slash,
 * or a network share; PATHEXT's `.exe` and `.com`, in its order, as a program cannot be a script
 * run without a shell); an entry that lies inside the workspace, as written or once links are
 * followed, is passed over, and so is a program whose real path does. The first program left is
 * what every git run of the store spawns, by its absolute path, with a PATH of the entries kept
 * (anything git itself starts by name is not found in the workspace either). When the only git
 * lies inside the workspace, checkpoints are off for it, with a reason that says so.
 */
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { isInside } from '../workspace/paths';
import { plainText } from '../util/plainText';
import { CheckpointsOff } from './types';

export interface GitProgram {
  /** The absolute path every git run spawns. */
  path: string;
  /** PATH for git's own children: the absolute entries outside the workspace, in their order. */
  searchPath: string;
  /** Programs named git that PATH leads to inside the workspace: never run (for the log). */
  passedOver: string[];
}

export interface FindGitOptions {
  /** The workspace's real path. */
  root: string;
  /** Where PATH (and on Windows PATHEXT) are read; default `process.env`. */
  env?: NodeJS.ProcessEnv | undefined;
  /** Default `process.platform`: Windows reads PATH and file names its own way. */
  platform?: NodeJS.Platform;
}

/** What Windows runs when PATHEXT is not set. */
const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';
/** Extensions a program can be spawned with directly: `.bat` and `.cmd` need a shell, which Arbor never uses. */
const SPAWNABLE = new Set(['.exe', '.com']);

/** The git to run for the workspace at `root`; throws CheckpointsOff when there is none outside it. */
export async function findGit(options: FindGitOptions): Promise<GitProgram> {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const kept: string[] = [];
  const passedOver: string[] = [];
  let found: string | undefined;
  for (const folder of absoluteEntries(envValue(env, 'PATH', platform) ?? '', platform)) {
    if (await insideWorkspace(options.root, folder)) {
      for (const name of programNames(env, platform)) if (await isProgram(path.join(folder, name), platform)) passedOver.push(path.join(folder, name));
      continue;
    }
    kept.push(folder);
    if (found !== undefined) continue;
    for (const name of programNames(env, platform)) {
      const candidate = path.join(folder, name);
      if (!(await isProgram(candidate, platform))) continue;
      if (await insideWorkspace(options.root, candidate)) passedOver.push(candidate);
      else found = candidate;
      break;
    }
  }
  if (found !== undefined) return { path: found, searchPath: kept.join(platform === 'win32' ? ';' : ':'), passedOver };
  if (passedOver.length > 0) {
    throw new CheckpointsOff(
      'git-in-workspace',
      `Checkpoints are off: the only git on PATH is inside this workspace (${plainText(passedOver[0]!, 200)}), and Arbor never runs a program a workspace holds. Install git elsewhere, or take that folder out of PATH.`,
    );
  }
  throw new CheckpointsOff('no-git', "Checkpoints are off: git was not found. Install git to record and restore the workspace's files.");
}

/**
 * PATH's entries that name a folder without reference to a working directory, in order, each once:
 * no empty entry, no `.`, nothing relative; on Windows no drive-relative `C:bin` nor `\bin` either.
 */
export function absoluteEntries(value: string, platform: NodeJS.Platform): string[] {
  const windows = platform === 'win32';
  const entries = value.split(windows ? ';' : ':').map((entry) => (windows ? entry.trim().replace(/^"(.*)"$/, '$1') : entry));
  const absolute = entries.filter((entry) => (windows ? /^(?:[A-Za-z]:[\\/]|[\\/]{2}[^\\/])/.test(entry) : entry.startsWith('/')));
  return [...new Set(absolute.map((entry) => (windows ? path.win32.normalize(entry) : path.posix.normalize(entry))))];
}

/** The names a program called git may have: `git`, or on Windows `git` with each spawnable PATHEXT extension. */
export function programNames(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform !== 'win32') return ['git'];
  const extensions = (envValue(env, 'PATHEXT', platform) ?? DEFAULT_PATHEXT).split(';').map((extension) => extension.trim().toLowerCase());
  return [...new Set(extensions.filter((extension) => SPAWNABLE.has(extension)))].map((extension) => `git${extension}`);
}

/** A variable of `env`; on Windows its name is matched without case (`Path`), as Windows does. */
function envValue(env: NodeJS.ProcessEnv, name: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return env[name];
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

/** A regular file (links followed) that may be run. */
async function isProgram(file: string, platform: NodeJS.Platform): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return false;
  return platform === 'win32' || (await fs.access(file, constants.X_OK).then(() => true, () => false));
}

/** `target` lies inside the workspace as written, or once links are followed. */
async function insideWorkspace(root: string, target: string): Promise<boolean> {
  if (isInside(root, target)) return true;
  const real = await fs.realpath(target).catch(() => undefined);
  return real !== undefined && isInside(root, real);
}
