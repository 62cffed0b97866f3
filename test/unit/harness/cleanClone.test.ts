// `npm test` leaves a clone as it found it: every place the test harness writes to lies in a
// top-level folder that .gitignore lists, so a run neither rewrites tracked files (the README's
// pictures used to be) nor leaves untracked ones behind.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runnerExtensionDir, runnerVsix } from '../../../scripts/lib/buildTests';
import { gitStatus, leftBehind } from '../../../scripts/lib/cleanClone';
import { cacheDir, docsImagesDir, e2ePicturesDir, e2eScreenshotsDir, repoRoot, resultsDir } from '../../../scripts/lib/paths';
import { testVsix } from '../../../scripts/lib/vsix';
import { DATA_DIR } from '../../../bench/session.bench';
import { useTempDir } from '../../support/tempDir';

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

describe("npm test's check that the run left the clone as it was", () => {
  const dir = useTempDir();
  const git = (...args: string[]): void => {
    const result = spawnSync('git', ['-c', 'user.name=arbor-test', '-c', 'user.email=test@arbor.invalid', ...args], { cwd: dir(), encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
  };

  it('reports a tracked file the run rewrote and a file it left untracked, not what was changed before it', () => {
    git('init', '-q');
    writeFileSync(path.join(dir(), '.gitignore'), 'test-results/\n');
    writeFileSync(path.join(dir(), 'picture.png'), 'old');
    writeFileSync(path.join(dir(), 'notes.md'), 'old');
    git('add', '.');
    git('commit', '-q', '-m', 'start');
    writeFileSync(path.join(dir(), 'notes.md'), 'the developer was editing this');
    const before = gitStatus(dir());
    assert.deepEqual(before, [' M notes.md']);

    writeFileSync(path.join(dir(), 'picture.png'), 'rewritten by the run');
    writeFileSync(path.join(dir(), 'stray.vsix.tmp'), 'left behind');
    mkdirSync(path.join(dir(), 'test-results'));
    writeFileSync(path.join(dir(), 'test-results', 'e2e.json'), '{}');
    writeFileSync(path.join(dir(), 'notes.md'), 'edited again');
    assert.deepEqual(leftBehind(before!, gitStatus(dir())!), [' M picture.png', '?? stray.vsix.tmp']);
  });

  it('cannot look outside a git checkout, and says so by answering nothing', () => {
    assert.equal(gitStatus(dir()), undefined);
  });
});
