// The results file every Arbor test runner writes (named by ARBOR_TEST_RESULT): progress while the
// suite runs (the test in progress, so a global timeout can name it), then the outcome of each test.
// scripts/test-all.ts adds these up across suites.
import * as fs from 'node:fs';

export const RESULT_FILE_ENV = 'ARBOR_TEST_RESULT';
/** Set by the runner extension for the suites: the folder holding each extension's log folder. */
export const EXTENSION_LOGS_ENV = 'ARBOR_TEST_EXTENSION_LOGS';
/** Set by the runner extension for the suites: the folder holding each extension's global storage folder. */
export const GLOBAL_STORAGE_ENV = 'ARBOR_TEST_GLOBAL_STORAGE';

export interface TestOutcome {
  /** Suite titles and the test title, joined by " › ". */
  fullTitle: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs: number;
  /** Message and stack of the failure. */
  error?: string;
}

export interface SuiteResults {
  state: 'running' | 'done';
  /** The test (or hook) in progress, while running. */
  current?: string;
  passed: number;
  /** Failed tests and failed hooks. */
  failed: number;
  /** Skipped tests: pending ones (`it.skip`, `this.skip()`) and those that never ran after a failed hook. */
  pending: number;
  tests: TestOutcome[];
}

export function readResults(file: string): SuiteResults | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SuiteResults;
  } catch {
    // Not written yet, or caught halfway through a write.
    return undefined;
  }
}

/** Writes atomically (temp file + rename), so a reader never sees half a file. */
export function writeResults(file: string, results: SuiteResults): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(results, null, 2));
  fs.renameSync(temp, file);
}

/** A suite's own summary; only test-all prints the final `N passed, N failed, N skipped` line. */
export function summaryLine(results: Pick<SuiteResults, 'passed' | 'failed' | 'pending'>): string {
  return `${results.passed} passing, ${results.failed} failing, ${results.pending} skipped`;
}

/** Prints results written by a runner whose own output went elsewhere (the extension host's log). */
export function printResults(results: SuiteResults, print: (line: string) => void = (line) => console.log(line)): void {
  for (const test of results.tests) {
    const mark = test.state === 'passed' ? '✔' : test.state === 'failed' ? '✘' : '-';
    print(`  ${mark} ${test.fullTitle}${test.durationMs >= 100 ? ` (${test.durationMs} ms)` : ''}`);
  }
  printSummary(results, print);
}

/** The failures with their errors, then the counts. */
export function printSummary(results: SuiteResults, print: (line: string) => void = (line) => console.log(line)): void {
  results.tests
    .filter((test) => test.state === 'failed')
    .forEach((test, index) => print(`\n  ${index + 1}) ${test.fullTitle}\n${indent(test.error ?? '', 5)}`));
  print(`\n  ${summaryLine(results)}`);
}

function indent(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');
}
