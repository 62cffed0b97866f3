/**
 * The checkpoint store's private repository made ready: created when new (no template, so no
 * hook or configuration of anyone's is copied in), the file naming its workspace, its
 * info/exclude and info/attributes written afresh each time it is opened, and its index split.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { replaceFile, writeNewFile } from '../util/safeFiles';
import type { GitResult } from './git';
import { ignoreExisting } from './refs';
import { systemClock } from '../session';
import { STALE_LOCK_MS } from './staleLocks';

/**
 * Every attribute that could change bytes between the file and the store (line endings, filters,
 * encodings) unset for every path; info/attributes wins over any .gitattributes of the workspace.
 */
const ATTRIBUTES = '* -text !eol -ident !filter !working-tree-encoding !diff !merge\n';

export interface RepositoryPlace {
  /** The private repository's folder. */
  folder: string;
  /** The workspace's real path. */
  root: string;
  /** Extra patterns to leave out, gitignore syntax. */
  excludes: readonly string[];
  /** Runs the store's git. */
  run(args: readonly string[]): Promise<GitResult>;
}

export async function prepareRepository(place: RepositoryPlace): Promise<void> {
  if ((await fs.lstat(path.join(place.folder, 'HEAD')).catch(() => undefined)) === undefined) {
    await fs.mkdir(place.folder, { recursive: true, mode: 0o700 });
    await place.run(['init', '--quiet', '--template=', place.folder]);
    await writeNewFile(path.join(place.folder, 'arbor-workspace'), `${place.root}\n`).catch(ignoreExisting);
  }
  await writeInfo(place);
  const names = await fs.readdir(place.folder).catch(() => [] as string[]);
  await removeLeftovers(place.folder, names);
  await splitIndex(place, names);
}

/**
 * Files a process killed mid-step left in the store's folder: a restore's scratch index (and its
 * lock), a reference or journal being written. Another window's are young: only those unchanged
 * for longer than a step of the store takes (a stale lock's age) are removed.
 */
async function removeLeftovers(folder: string, names: readonly string[]): Promise<void> {
  const now = systemClock().getTime();
  for (const name of names.filter((candidate) => LEFTOVER.test(candidate))) {
    const file = path.join(folder, name);
    const stat = await fs.lstat(file).catch(() => undefined);
    if (stat?.isFile() && now - stat.mtimeMs > STALE_LOCK_MS) await fs.rm(file, { force: true });
  }
}

const LEFTOVER = /^(?:index\.restore-[0-9a-f]{12}(?:\.lock)?|ref-[0-9a-f]{12}\.tmp|restore-in-progress\.json\.[0-9a-f]{12}\.tmp)$/;

/**
 * Keeps the index in two files (git's split index): the whole listing, rewritten only when much
 * has changed, and the entries changed since. A snapshot after a small change then writes a small
 * file instead of the whole listing (twice: the files, then the tree). Asked once per store; git
 * keeps an index split once it is.
 */
async function splitIndex(place: RepositoryPlace, names: readonly string[]): Promise<void> {
  if (!names.some((name) => name.startsWith('sharedindex.'))) await place.run(['update-index', '--split-index']);
}

/** info/exclude (the caller's patterns) and info/attributes, written new and renamed in place. */
async function writeInfo(place: RepositoryPlace): Promise<void> {
  const info = path.join(place.folder, 'info');
  await fs.mkdir(info, { recursive: true, mode: 0o700 });
  const excludes = [...place.excludes, ...ownFolderInside(place)].filter((line) => !/[\r\n]/.test(line)).join('\n');
  await replaceFile(path.join(info, 'exclude'), `${excludes}\n`);
  await replaceFile(path.join(info, 'attributes'), ATTRIBUTES);
}

/**
 * Arbor's state folder when it lies inside the workspace (XDG_STATE_HOME set to a folder of the
 * project): left out, or every snapshot would record the store itself.
 */
function ownFolderInside(place: RepositoryPlace): string[] {
  const relative = path.relative(place.root, path.dirname(path.dirname(place.folder)));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return [];
  return [`/${relative.split(path.sep).map(escapePattern).join('/')}/`];
}

/** A name as a gitignore pattern matches it literally. */
function escapePattern(name: string): string {
  return name.replace(/[\\*?[\]!# ]/g, (character) => `\\${character}`);
}
