// A test run leaves the clone as it found it: `npm test` takes `git status --porcelain` before and
// after, and a line that appeared (a tracked file the run rewrote, a file it left outside what
// .gitignore lists) fails the run. Changes made before the run are the developer's, not counted.
import { spawnSync } from 'node:child_process';

/**
 * `git status --porcelain` of `dir`, one entry per line; undefined where there is no git or no
 * checkout (an unpacked archive), where the check cannot run.
 */
export function gitStatus(dir: string): string[] | undefined {
  const result = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: dir, encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  return result.stdout.split('\n').filter((line) => line !== '');
}

/** The status lines that `after` has and `before` had not: what the run changed or left behind. */
export function leftBehind(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  return after.filter((line) => !had.has(line));
}
