// `npm test` leaves a clone as it found it: every place the test harness writes to lies in a
// top-level folder that .gitignore lists, so a run neither rewrites tracked files (the README's
// pictures used to be) nor leaves untracked ones behind.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { runnerExtensionDir, runnerVsix } from '../../../scripts/lib/buildTests';
import { cacheDir, docsImagesDir, e2ePicturesDir, e2eScreenshotsDir, repoRoot, resultsDir } from '../../../scripts/lib/paths';
import { testVsix } from '../../../scripts/lib/vsix';
import { DATA_DIR } from '../../../bench/session.bench';

/** The folders .gitignore names at the top of the repository (`name/`, `/name`, `name`), without wildcards. */
function ignoredTopFolders(): Set<string> {
  const lines = readFileSync(path.join(repoRoot, '.gitignore'), 'utf8').split('\n');
  return new Set(
    lines
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!') && !/[*?[]/.test(line))
      .map((line) => line.replace(/^\//, '').replace(/\/$/, '')),
  );
}

/** The shortest leading part of `target` (relative to the repository) that .gitignore names, or undefined. */
function ignoredAncestor(target: string, ignored: Set<string>): string | undefined {
  const parts = path.relative(repoRoot, target).split(path.sep);
  for (let length = 1; length <= parts.length; length++) {
    const prefix = parts.slice(0, length).join('/');
    if (ignored.has(prefix)) return prefix;
  }
  return undefined;
}

describe('what a test run writes', () => {
  it('lies in folders .gitignore lists: results, screenshots and pictures, the test VSIX files, the provisioned cache, the bench data', () => {
    const ignored = ignoredTopFolders();
    const written = { resultsDir, e2eScreenshotsDir, e2ePicturesDir, testVsix, runnerVsix, runnerExtensionDir, cacheDir, benchData: DATA_DIR };
    const notIgnored = Object.entries(written)
      .filter(([, target]) => ignoredAncestor(target, ignored) === undefined)
      .map(([name, target]) => `${name}: ${path.relative(repoRoot, target)}`);
    assert.deepEqual(notIgnored, []);
  });

  it('keeps the README pictures, which only `npm run docs:images` refreshes, out of the folders a run writes', () => {
    assert.equal(ignoredAncestor(docsImagesDir, ignoredTopFolders()), undefined, 'docs/images is ignored: the pictures would not be committed');
    assert.ok(path.relative(docsImagesDir, e2ePicturesDir).startsWith('..'), 'the e2e run writes its pictures into docs/images');
  });
});
