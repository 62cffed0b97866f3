/**
 * A restore's writes: the files to write are checked out through a scratch index that holds only
 * them (git reads no more of the target state than those files). `checkout-index -f` replaces a
 * link or a file in the way and never writes through a link.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { runGit, type GitContext } from './git';
import type { TreeEntry } from './restorePlan';
import { occupied } from './workspaceFiles';

/** Writes `entries` into the work tree of `git`; the set of the paths written. */
export async function checkoutEntries(git: GitContext, entries: readonly TreeEntry[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const scratch = path.join(git.gitDir, `index.restore-${randomBytes(6).toString('hex')}`);
  const context: GitContext = { ...git, indexFile: scratch };
  try {
    await runGit(context, ['update-index', '-z', '--index-info'], { input: entries.map((entry) => `${entry.mode} ${entry.object}\t${entry.path}\0`).join('') });
    const input = entries.map((entry) => `${entry.path}\0`).join('');
    const result = await runGit(context, ['checkout-index', '-f', '-z', '--stdin'], { input, okCodes: [0, 1, 128] });
    if (result.code === 0) return new Set(entries.map((entry) => entry.path));
    const written = new Set<string>();
    for (const entry of entries) if (await occupied(git.workTree, entry.path)) written.add(entry.path);
    return written;
  } finally {
    await fs.rm(scratch, { force: true });
  }
}
