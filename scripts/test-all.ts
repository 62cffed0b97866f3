// `npm test`: provisioning of the real-VS Code harness (cheap when its cache is complete), the
// type-check (sources and tests, then the webview script), the unit suites, packaging Arbor as a
// VSIX (once: the integration and e2e suites both install that file), then those two suites; each
// phase in its own process group under a global timeout. Prints a table of the phases and ends with
// exactly one line `N passed, N failed, N skipped` (the counts of all suites added up); exits
// non-zero if anything failed.
// A failed type-check, provisioning or packaging, or a phase that fails or hangs without a failing
// test on record, counts as one failure; so does a run that leaves the clone changed (a file it
// rewrote or left outside what .gitignore lists, by `git status` before and after). When provisioning fails, the two suites that need it are
// not started (its message says what to install).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitStatus, leftBehind } from './lib/cleanClone';
import { repoRoot, resultsDir } from './lib/paths';
import { phaseTable, runPhase, type PhaseOutcome } from './lib/phase';
import { testVsix, VSIX_ENV } from './lib/vsix';

const minutes = (n: number) => n * 60_000;
const resultFile = (name: string) => path.join(resultsDir, `${name}.json`);
const reporter = path.join(repoRoot, 'test', 'vscode', 'resultReporter.ts');
const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const script = (name: string) => ['--import', 'tsx', path.join(repoRoot, 'scripts', name)];

async function main(): Promise<number> {
  const statusBefore = gitStatus(repoRoot);
  fs.mkdirSync(resultsDir, { recursive: true });
  const outcomes: PhaseOutcome[] = [];
  /** Runs a phase; true when it passed. */
  const phase = async (name: string, command: string, args: string[], timeoutMs: number, results?: string): Promise<boolean> => {
    console.log(`\n=== ${name} ===`);
    const outcome = await runPhase(name, command, args, { timeoutMs, ...(results ? { resultFile: results } : {}) });
    outcomes.push(outcome);
    return outcome.failed === 0;
  };
  const provisioned = await phase('provision', process.execPath, script('provision.ts'), minutes(45));
  await phase('type-check', process.execPath, [tsc, '--noEmit'], minutes(5));
  await phase('type-check (webview)', process.execPath, [tsc, '--noEmit', '-p', 'src/webview'], minutes(5));
  // The unit suites keep their own mocha config; our reporter adds the results file to its output.
  await phase('unit', 'npm', ['run', '--silent', 'test:unit', '--', '--reporter', reporter], minutes(10), resultFile('unit'));
  if (await phase('package (VSIX)', process.execPath, [...script('package.ts'), '--out', testVsix], minutes(5))) {
    process.env[VSIX_ENV] = testVsix;
  }
  if (provisioned) {
    await phase('integration', 'npm', ['run', '--silent', 'test:integration'], minutes(15), resultFile('integration'));
    // Longer than test:e2e's own limit, so that one names the test a hang stopped in.
    await phase('e2e', 'npm', ['run', '--silent', 'test:e2e'], minutes(35), resultFile('e2e'));
  } else {
    console.log('\nintegration and e2e: not started, provisioning failed (see its message above)');
  }

  outcomes.push(cleanCloneCheck(statusBefore));
  for (const line of phaseTable(outcomes)) console.log(line);
  const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
  return failed > 0 ? 1 : 0;
}

/** The run's changes to the clone, as a phase of its own: one failure when it changed anything. */
function cleanCloneCheck(before: string[] | undefined): PhaseOutcome {
  const outcome: PhaseOutcome = { name: 'clean clone', passed: 0, failed: 0, skipped: 0, seconds: 0, exitCode: 0, timedOut: false };
  const after = gitStatus(repoRoot);
  console.log('\n=== clean clone ===');
  if (!before || !after) {
    console.log('not a git checkout (or no git): what the run left behind was not checked');
    return { ...outcome, skipped: 1 };
  }
  const changed = leftBehind(before, after);
  if (changed.length === 0) return { ...outcome, passed: 1 };
  console.log(`the run changed the clone (git status --porcelain):\n${changed.map((line) => `  ${line}`).join('\n')}`);
  return { ...outcome, failed: 1, exitCode: 1 };
}

void main().then((code) => process.exit(code));
