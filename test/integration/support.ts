// Helpers shared by the integration suites (bundled into each suite).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { TEST_EXPORTS_ENV } from '../../src/core/util/testExports';
import type { ArborExtensionExports, ArborTesting } from '../../src/vscode/testing';
import { EXTENSION_LOGS_ENV, GLOBAL_STORAGE_ENV } from '../vscode/results';

export const ARBOR_ID = 'arbor-dev.arbor';

/** Arbor's extension, activated. */
export async function arbor(): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(ARBOR_ID);
  if (!extension) throw new Error(`${ARBOR_ID} is not installed in this extension host`);
  await extension.activate();
  return extension;
}

/**
 * Arbor's objects for its tests (`exports.testing`: the chat backend, the views' data). The runner
 * sets ARBOR_TEST_EXPORTS for the extension host; without it Arbor gives other extensions only its
 * versioned API, and this throws rather than let a test pass on nothing.
 */
export async function arborTesting(): Promise<ArborTesting> {
  const testing = ((await arbor()).exports as ArborExtensionExports | undefined)?.testing;
  if (!testing) throw new Error(`Arbor's test objects are missing: the runner must set ${TEST_EXPORTS_ENV}=1 for the extension host`);
  return testing;
}

/**
 * An argument for an Arbor command that would otherwise ask the user (a key, a file, a label…),
 * wrapped as only Arbor's own callers can (the API's `commandArgument`): a plain one is ignored.
 */
export async function own<T>(value: T): Promise<unknown> {
  return (await arborTesting()).commandArgument(value);
}

/** A file in the test workspace (see integrationWorkspaceFiles in scripts/lib/buildTests.ts). */
export function workspaceFile(relativePath: string): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('The integration tests need a workspace folder');
  return path.join(folder.uri.fsPath, relativePath);
}

/**
 * Arbor's LogOutputChannel as written to disk ('' while it does not exist yet). Throws when the
 * runner did not say where the extension logs are: the log checks must fail then, never skip.
 */
export function arborLog(): string {
  const logs = process.env[EXTENSION_LOGS_ENV];
  if (!logs) throw new Error(`${EXTENSION_LOGS_ENV} is not set: the test runner must say where extension logs are written, or Arbor's log cannot be checked`);
  const file = path.join(logs, ARBOR_ID, 'Arbor.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** Arbor's global storage folder (its `context.globalStorageUri`); throws when the runner did not say where it is. */
export function arborStorage(): string {
  const storage = process.env[GLOBAL_STORAGE_ENV];
  if (!storage) throw new Error(`${GLOBAL_STORAGE_ENV} is not set: the test runner must say where extensions keep their global storage`);
  return path.join(storage, ARBOR_ID);
}

/** Polls `probe` until it gives a value (anything but undefined or false), at most `timeoutMs`. */
export async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs a command, pressing Escape on whatever it asks (a quick pick, an input box) until it is
 * done; resolves with what it returned.
 */
export async function escapingQuestions<T>(command: string, ...args: unknown[]): Promise<T | undefined> {
  let done = false;
  const running = Promise.resolve(vscode.commands.executeCommand<T>(command, ...args)).finally(() => (done = true));
  for (let tries = 0; !done && tries < 300; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!done) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  }
  return running;
}

/** `text` as a pattern that matches it literally (a path in a log line). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits until Arbor's log matches (log lines are flushed shortly after they are written). */
export async function waitForLog(pattern: RegExp, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = arborLog();
    if (pattern.test(log) || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** pi's agent folder for the run: the launcher points PI_CODING_AGENT_DIR at a temp folder. */
export function piAgentDir(): string {
  const dir = process.env.PI_CODING_AGENT_DIR;
  if (!dir) throw new Error('the launcher must point PI_CODING_AGENT_DIR at a temp folder');
  return dir;
}

export interface PlantedFiles {
  /** Writes `file` (its folders made as needed); it is removed after the test. */
  plant(file: string, content: string): void;
  /** Removes `target` (a folder too) after the test. */
  removeAfter(target: string): void;
  /** What will be removed, in the order given. */
  readonly paths: readonly string[];
}

/** Files a test plants in the workspace or pi's agent folder, removed after each test, last first. */
export function usePlantedFiles(): PlantedFiles {
  const paths: string[] = [];
  afterEach(() => {
    for (const target of paths.splice(0).reverse()) fs.rmSync(target, { recursive: true, force: true });
  });
  return {
    plant(file, content) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      paths.push(file);
    },
    removeAfter: (target) => void paths.push(target),
    paths,
  };
}
