/**
 * What the checkpoint store asks of the workspace's own files, by lstat only (no link is ever
 * followed): which of the names git listed can be recorded, whether a name is taken, the link a
 * path passes through, and the removal of one file. A name is recorded, removed or written only
 * when every folder above it is a real folder, so nothing here reaches outside the workspace.
 */
import { promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import { CheckpointsOff, type CheckpointLimits, type SkippedFile } from './types';

/** How many lstat calls are in flight at once while a listing is sorted. */
const LSTAT_BATCH = 64;

/** Sorts git's listing: files to add, names to drop (gone, behind a link, too large now), and what is skipped. */
export async function sortListed(root: string, listed: readonly string[], limits: CheckpointLimits): Promise<{ add: string[]; drop: string[]; skipped: SkippedFile[] }> {
  const add: string[] = [];
  const drop: string[] = [];
  const skipped: SkippedFile[] = [];
  let bytes = 0;
  const files = listed.filter((file) => !file.endsWith('/'));
  const folders = await realFolders(root, files);
  const position = new Map(files.map((file, index) => [file, index]));
  const fileStats = await lstatAll(files.map((file) => path.join(root, file)));
  for (const file of listed) {
    if (file.endsWith('/')) {
      // git lists a folder holding its own `.git` (a nested repository, a submodule) by its name.
      skipped.push({ path: file.slice(0, -1), reason: 'nested-repository' });
      continue;
    }
    const stat = fileStats[position.get(file)!];
    if (!stat || !folderChainIntact(file, folders)) drop.push(file);
    else if (stat.isFile() && stat.size > limits.maxFileBytes) {
      skipped.push({ path: file, reason: 'too-large', size: stat.size });
      drop.push(file);
    } else {
      bytes += stat.size;
      add.push(file);
    }
  }
  if (add.length > limits.maxFiles) {
    throw new CheckpointsOff('too-many-files', `Checkpoints are off: this workspace has more than ${limits.maxFiles} files to record.`);
  }
  if (bytes > limits.maxTotalBytes) {
    throw new CheckpointsOff('too-large', `Checkpoints are off: this workspace's files take more than ${Math.round(limits.maxTotalBytes / 1048576)} MB.`);
  }
  return { add, drop, skipped };
}

/** Whether anything (a file, a link, a folder) is at the name. */
export async function occupied(root: string, file: string): Promise<boolean> {
  return (await fs.lstat(path.join(root, file)).catch(() => undefined)) !== undefined;
}

/** The first folder above `file` that is a link on disk; `seen` keeps each folder's lstat for the next path. */
export async function linkAbove(root: string, file: string, seen: Map<string, Promise<Stats | undefined>>): Promise<string | undefined> {
  for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) {
    const folder = file.slice(0, end);
    let stat = seen.get(folder);
    if (!stat) seen.set(folder, (stat = fs.lstat(path.join(root, folder)).catch(() => undefined)));
    const found = await stat;
    if (found?.isSymbolicLink()) return folder;
    if (!found?.isDirectory()) return undefined;
  }
  return undefined;
}

/**
 * Removes one file or link, unless a folder on the way is a link (the name would lead outside
 * the workspace); folders it leaves empty are removed too. False when it was not removed.
 */
export async function removeFile(root: string, file: string): Promise<boolean> {
  const parts = file.split('/');
  let folder = root;
  for (const part of parts.slice(0, -1)) {
    folder = path.join(folder, part);
    const stat = await fs.lstat(folder).catch(() => undefined);
    if (!stat?.isDirectory()) return false;
  }
  const target = path.join(root, file);
  const stat = await fs.lstat(target).catch(() => undefined);
  if (!stat) return true;
  if (stat.isDirectory()) return false;
  await fs.unlink(target);
  for (let index = parts.length - 1; index > 0; index--) {
    const empty = path.join(root, ...parts.slice(0, index));
    if (!(await fs.rmdir(empty).then(() => true, () => false))) break;
  }
  return true;
}

/** The folders above the files that are real folders (not links, not gone). */
async function realFolders(root: string, files: readonly string[]): Promise<Set<string>> {
  const folders = new Set<string>();
  for (const file of files) for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) folders.add(file.slice(0, end));
  const names = [...folders];
  const stats = await lstatAll(names.map((folder) => path.join(root, folder)));
  return new Set(names.filter((_, index) => stats[index]?.isDirectory() === true));
}

/** Whether every folder above `file` is among the real folders. */
function folderChainIntact(file: string, folders: ReadonlySet<string>): boolean {
  for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) if (!folders.has(file.slice(0, end))) return false;
  return true;
}

/** lstat of many paths, a batch at a time (undefined where there is nothing); far quicker than one after another. */
async function lstatAll(paths: readonly string[]): Promise<(Stats | undefined)[]> {
  const stats: (Stats | undefined)[] = [];
  for (let start = 0; start < paths.length; start += LSTAT_BATCH) {
    const batch = paths.slice(start, start + LSTAT_BATCH);
    stats.push(...(await Promise.all(batch.map((file) => fs.lstat(file).catch(() => undefined)))));
  }
  return stats;
}
