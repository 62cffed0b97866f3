// Runs the integration suites (test/integration, bundled into ./suites) with mocha inside the
// extension host, where `vscode` is the real API. Two ways in:
//   - installed as an extension beside Arbor in code-server (scripts/test-integration.ts):
//     `activate` runs the suites when ARBOR_TEST_RESULT names a results file;
//   - as @vscode/test-electron's extensionTestsPath (scripts/test-electron.ts): `run`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import type * as vscode from 'vscode';
import ResultReporter from '../resultReporter';
import { EXTENSION_LOGS_ENV, GLOBAL_STORAGE_ENV, RESULT_FILE_ENV, writeResults } from '../results';

export function activate(context: vscode.ExtensionContext): void {
  const resultFile = process.env[RESULT_FILE_ENV];
  if (!resultFile) return;
  // Every extension logs to <logs>/exthost1/<extension id>/: tell the suites where Arbor's log is.
  process.env[EXTENSION_LOGS_ENV] = path.dirname(context.logUri.fsPath);
  // Likewise <global storage>/<extension id>/: where Arbor keeps its reply checkpoints.
  process.env[GLOBAL_STORAGE_ENV] = path.dirname(context.globalStorageUri.fsPath);
  runSuites().catch((error: unknown) => {
    // The suites could not even load: say so in the results file, which the driver is waiting for.
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    const test = { fullTitle: 'loading the integration suites', state: 'failed' as const, durationMs: 0, error: message };
    writeResults(resultFile, { state: 'done', passed: 0, failed: 1, pending: 0, tests: [test] });
  });
}

/** @vscode/test-electron's entry: rejects when a test failed. */
export async function run(): Promise<void> {
  const failures = await runSuites();
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}

/** Runs every bundled suite; resolves with the number of failures. */
function runSuites(): Promise<number> {
  // mocha only constructs the reporter with the runner; it uses none of Base's members.
  const reporter = ResultReporter as unknown as Mocha.ReporterConstructor;
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter });
  const grep = process.env.ARBOR_TEST_GREP;
  if (grep) mocha.grep(grep);
  const suitesDir = path.join(__dirname, 'suites');
  for (const file of fs.readdirSync(suitesDir).filter((name) => name.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(suitesDir, file));
  }
  return new Promise((resolve) => mocha.run(resolve));
}

export function deactivate(): void {
  // Nothing to release: mocha ends with its run.
}
