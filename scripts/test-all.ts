// `npm test`: type-check (sources and tests, then the webview script), then the unit, integration
// and e2e suites, each in its own process group under a global timeout. Prints a table of the
// phases and ends with exactly one line `N passed, N failed` (the counts of all suites added up);
// exits non-zero if anything failed.
// A failed type-check, or a phase that fails or hangs without a failing test on record, counts as
// one failure.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot, resultsDir } from './lib/paths';
import { runPhase, type PhaseOutcome } from './lib/phase';

const minutes = (n: number) => n * 60_000;
const resultFile = (name: string) => path.join(resultsDir, `${name}.json`);
const reporter = path.join(repoRoot, 'test', 'vscode', 'resultReporter.ts');
const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

async function main(): Promise<number> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const outcomes: PhaseOutcome[] = [];
  const phase = async (name: string, command: string, args: string[], timeoutMs: number, results?: string) => {
    console.log(`\n=== ${name} ===`);
    outcomes.push(await runPhase(name, command, args, { timeoutMs, ...(results ? { resultFile: results } : {}) }));
  };
  await phase('type-check', process.execPath, [tsc, '--noEmit'], minutes(5));
  await phase('type-check (webview)', process.execPath, [tsc, '--noEmit', '-p', 'src/webview'], minutes(5));
  // The unit suites keep their own mocha config; our reporter adds the results file to its output.
  await phase('unit', 'npm', ['run', '--silent', 'test:unit', '--', '--reporter', reporter], minutes(10), resultFile('unit'));
  await phase('integration', 'npm', ['run', '--silent', 'test:integration'], minutes(15), resultFile('integration'));
  await phase('e2e', 'npm', ['run', '--silent', 'test:e2e'], minutes(15), resultFile('e2e'));

  console.log('\nphase                 passed  failed  seconds');
  for (const outcome of outcomes) {
    const note = outcome.timedOut ? '  (timed out)' : outcome.exitCode !== 0 ? `  (exit ${String(outcome.exitCode)})` : '';
    console.log(`${outcome.name.padEnd(21)} ${String(outcome.passed).padStart(6)}  ${String(outcome.failed).padStart(6)}  ${outcome.seconds.toFixed(1).padStart(7)}${note}`);
  }
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

void main().then((code) => process.exit(code));
