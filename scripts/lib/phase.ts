// Runs one test phase (a command) in its own process group under a global timeout, and reads the
// counts its runner left in the results file. A phase that hangs is ended and the test it was
// running is named.
import * as fs from 'node:fs';
import { RESULT_FILE_ENV, readResults } from '../../test/vscode/results';
import { spawnGroup } from './processGroup';
import { repoRoot } from './paths';

export interface PhaseOutcome {
  name: string;
  passed: number;
  failed: number;
  /** Tests skipped, or never run because a hook failed. */
  skipped: number;
  seconds: number;
  exitCode: number | null;
  timedOut: boolean;
}

export interface PhaseOptions {
  timeoutMs: number;
  /** The results file the phase's runner writes (passed to it as ARBOR_TEST_RESULT). */
  resultFile?: string;
}

export async function runPhase(name: string, command: string, args: string[], options: PhaseOptions): Promise<PhaseOutcome> {
  const started = Date.now();
  if (options.resultFile) fs.rmSync(options.resultFile, { force: true });
  const env = { ...process.env, ...(options.resultFile ? { [RESULT_FILE_ENV]: options.resultFile } : {}) };
  const child = spawnGroup(command, args, { cwd: repoRoot, env });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), options.timeoutMs)));
  const ended = await Promise.race([child.exited, timeout]);
  clearTimeout(timer);
  const timedOut = ended === 'timeout';
  if (timedOut) {
    const current = options.resultFile ? readResults(options.resultFile)?.current : undefined;
    console.error(`\n[${name}] timed out after ${options.timeoutMs / 1000} s${current ? ` while running: ${current}` : ''}; stopping it`);
  }
  // On a timeout: SIGTERM first, so the phase can stop the servers and browsers it started, then
  // SIGKILL. After a normal exit this only ends whatever the phase left behind in its group.
  await child.stop(15_000);
  const exitCode = timedOut ? null : (ended as number | null);
  const results = options.resultFile ? readResults(options.resultFile) : undefined;
  const passed = results?.passed ?? 0;
  let failed = results?.failed ?? 0;
  // A phase that failed, hung or left no finished results still counts as (at least) one failure.
  const incomplete = options.resultFile !== undefined && results?.state !== 'done';
  if ((timedOut || exitCode !== 0 || incomplete) && failed === 0) failed = 1;
  return { name, passed, failed, skipped: results?.pending ?? 0, exitCode, timedOut, seconds: (Date.now() - started) / 1000 };
}

/** The table of phases, then the one line `N passed, N failed, N skipped` with all phases added up. */
export function phaseTable(outcomes: PhaseOutcome[]): string[] {
  const rows = outcomes.map((outcome) => {
    const note = outcome.timedOut ? '  (timed out)' : outcome.exitCode !== 0 ? `  (exit ${String(outcome.exitCode)})` : '';
    const counts = [outcome.passed, outcome.failed].map((count) => String(count).padStart(6)).join('  ');
    return `${outcome.name.padEnd(21)} ${counts}  ${String(outcome.skipped).padStart(7)}  ${outcome.seconds.toFixed(1).padStart(7)}${note}`;
  });
  const total = (key: 'passed' | 'failed' | 'skipped') => outcomes.reduce((sum, outcome) => sum + outcome[key], 0);
  return ['', 'phase                 passed  failed  skipped  seconds', ...rows, `${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`];
}
