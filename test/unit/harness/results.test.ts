import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { phaseTable, type PhaseOutcome } from '../../../scripts/lib/phase';
import { readResults, RESULT_FILE_ENV } from '../../vscode/results';
import { useTempDir } from '../../support/tempDir';

const ROOT = path.resolve(__dirname, '../../..');

/** One of each: passes, fails, skipped in three ways, and two tests under a before-hook that throws. */
const SUITE = `
describe('outcomes', () => {
  it('passes', () => {});
  it('fails', () => { throw new Error('no'); });
  it.skip('is marked skip', () => {});
  it('skips itself', function () { this.skip(); });
  it('is pending without a body');
  describe('under a failing hook', () => {
    before(() => { throw new Error('hook'); });
    it('never runs 1', () => {});
    it('never runs 2', () => {});
  });
});
`;

const outcome = (name: string, counts: Partial<PhaseOutcome>): PhaseOutcome => ({
  name,
  passed: 0,
  failed: 0,
  skipped: 0,
  seconds: 1,
  exitCode: 0,
  timedOut: false,
  ...counts,
});

describe('test results', () => {
  const tmp = useTempDir();

  it('the results reporter counts skipped tests, and tests a failed hook kept from running, as skipped', () => {
    const suite = path.join(tmp(), 'outcomes.spec.js');
    const resultFile = path.join(tmp(), 'results.json');
    writeFileSync(suite, SUITE);
    const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
    const reporter = path.join(ROOT, 'test', 'vscode', 'resultReporter.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', mocha, '--no-config', '--reporter', reporter, suite], {
      cwd: ROOT,
      env: { ...process.env, [RESULT_FILE_ENV]: resultFile },
      encoding: 'utf8',
    });
    assert.equal(run.status, 2, run.stderr);
    const results = readResults(resultFile);
    assert.deepEqual(
      { state: results?.state, passed: results?.passed, failed: results?.failed, pending: results?.pending },
      { state: 'done', passed: 1, failed: 2, pending: 5 },
    );
    assert.match(run.stdout, /1 passing, 2 failing, 5 skipped/);
  });

  it('npm test ends with one line adding up every phase: passed, failed, skipped', () => {
    const lines = phaseTable([
      outcome('type-check', {}),
      outcome('unit', { passed: 380, failed: 1, skipped: 2 }),
      outcome('package (VSIX)', { failed: 1, exitCode: 1 }),
      outcome('e2e', { passed: 12, skipped: 1 }),
    ]);
    assert.equal(lines.at(-1), '392 passed, 2 failed, 3 skipped');
    assert.match(lines.find((line) => line.startsWith('package (VSIX)')) ?? '', /\(exit 1\)$/);
  });
});
