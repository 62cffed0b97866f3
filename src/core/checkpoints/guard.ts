/**
 * Whether a folder may be snapshotted at all, found before git walks it: a home folder, a folder
 * above one and a filesystem root are refused by their path; a workspace with more names than the
 * walk budget by a bounded walk that stops as soon as the budget is passed (so a huge folder costs
 * a bounded time, never a minute-long freeze). The walk reads folder listings only (no stat per
 * file), does not follow links and does not enter `.git`.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { CheckpointsOff } from './types';

/** Refuses a home folder, a folder that holds it, and a filesystem root (paths already real). */
export function refusePath(realRoot: string, realHome: string): void {
  if (path.parse(realRoot).root === realRoot) {
    throw new CheckpointsOff('filesystem-root', `Checkpoints are off: ${realRoot} is the root of a filesystem, too much to record.`);
  }
  const relative = path.relative(realRoot, realHome);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    throw new CheckpointsOff('home-folder', `Checkpoints are off: ${realRoot} is your home folder or holds it; open a project folder to record its files.`);
  }
}

/** Walks `root` breadth first and throws CheckpointsOff once more than `budget` names are seen. */
export async function refuseOverBudget(root: string, budget: number): Promise<number> {
  let seen = 0;
  let level = [root];
  while (level.length > 0) {
    const next: string[] = [];
    for (const folder of level) {
      const names = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
      seen += names.length;
      if (seen > budget) {
        throw new CheckpointsOff('too-many-files', `Checkpoints are off: this workspace has more than ${budget} files and folders, too many to record quickly.`);
      }
      for (const entry of names) if (entry.isDirectory() && entry.name !== '.git') next.push(path.join(folder, entry.name));
    }
    level = next;
  }
  return seen;
}
