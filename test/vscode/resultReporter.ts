// A mocha reporter that prints spec-style lines and keeps the results file (see results.ts) up to
// date: passed, failed and skipped tests (skipped: pending, or never run after a failed hook).
// It touches only the runner's events, not mocha's modules, so it works the same in plain Node
// (the e2e and unit suites) and bundled inside the extension host (the integration suites).
import { RESULT_FILE_ENV, printSummary, writeResults, type SuiteResults } from './results';

type Runnable = Mocha.Runnable & { titlePath(): string[]; duration?: number; type?: 'test' | 'hook' };

export default class ResultReporter {
  private readonly results: SuiteResults = { state: 'running', passed: 0, failed: 0, pending: 0, tests: [] };
  private readonly file = process.env[RESULT_FILE_ENV];
  private depth = 0;
  /** Tests that ended one way or another; the rest of the runner's total never ran. */
  private settled = 0;

  constructor(private readonly runner: Mocha.Runner) {
    runner.on('start', () => this.save());
    runner.on('suite', (suite: Mocha.Suite) => {
      if (suite.title) this.line(suite.title);
      this.depth += 1;
    });
    runner.on('suite end', () => (this.depth -= 1));
    runner.on('test', (test: Mocha.Test) => this.running(test as Runnable));
    runner.on('hook', (hook: Mocha.Hook) => this.running(hook as Runnable));
    runner.on('pass', (test: Mocha.Test) => this.outcome(test as Runnable, 'passed'));
    runner.on('pending', (test: Mocha.Test) => this.outcome(test as Runnable, 'pending'));
    runner.on('fail', (test: Mocha.Runnable, error: unknown) => this.outcome(test as Runnable, 'failed', error));
    runner.on('end', () => this.end());
  }

  private running(runnable: Runnable): void {
    this.results.current = fullTitle(runnable);
    this.save();
  }

  private outcome(runnable: Runnable, state: 'passed' | 'failed' | 'pending', error?: unknown): void {
    const durationMs = runnable.duration ?? 0;
    const mark = state === 'passed' ? '✔' : state === 'failed' ? `${this.results.failed + 1})` : '-';
    const timing = durationMs >= 100 ? ` (${durationMs} ms)` : '';
    this.line(`  ${mark} ${runnable.title}${timing}`);
    this.results[state] += 1;
    if (runnable.type === 'test') this.settled += 1;
    this.results.tests.push({ fullTitle: fullTitle(runnable), state, durationMs, ...(error === undefined ? {} : { error: describe(error) }) });
    this.save();
  }

  private end(): void {
    // Tests under a failed before-hook (or after a bail) never start: mocha reports no event for
    // them, so they are counted here, as skipped.
    const notRun = Math.max(this.runner.total - this.settled, 0);
    if (notRun > 0) {
      this.results.pending += notRun;
      this.line(`  - ${notRun} test(s) did not run`);
    }
    delete this.results.current;
    this.results.state = 'done';
    this.save();
    printSummary(this.results);
  }

  private line(text: string): void {
    print(`${'  '.repeat(Math.max(this.depth - 1, 0))}${text}`);
  }

  private save(): void {
    if (this.file) writeResults(this.file, this.results);
  }
}

function fullTitle(runnable: Runnable): string {
  return runnable.titlePath().join(' › ');
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

function print(line: string): void {
  console.log(line);
}
