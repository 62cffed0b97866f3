/**
 * Runs the `arbor` CLI in-process (through `runCli`, the function `dist/cli.js` calls) or, for the
 * few tests about the real process, as `node dist/cli.js`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleCli } from '../../../bench/cliBundle';
import { captureIo } from '../../../src/cli/io';
import { runCli } from '../../../src/cli/run';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export const FIXED_NOW = new Date('2026-03-01T12:00:00.000Z');

export async function arbor(...argv: string[]): Promise<CliRun> {
  const io = captureIo(() => FIXED_NOW);
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** Runs with `--json` and parses the one JSON document it must print. */
export async function arborJson<T = Record<string, unknown>>(...argv: string[]): Promise<T & { exitCode: number }> {
  const run = await arbor(...argv, '--json');
  if (run.stderr !== '') throw new Error(`arbor ${argv.join(' ')} wrote to stderr: ${run.stderr}`);
  return { ...(JSON.parse(run.stdout) as T), exitCode: run.code };
}

const bundles = new Map<'isolated' | 'packaged', Promise<string>>();

/**
 * The CLI bundled as `dist/cli.js` is, once per test run: `isolated` in a temp folder, where the
 * packages the bundle leaves out (gpt-tokenizer, pi's MCP library) cannot be found, so that a test
 * sees any import of them fail; `packaged` under the repository's out/, where they resolve from its
 * node_modules as they do for the installed package.
 */
function cliBundle(where: 'isolated' | 'packaged'): Promise<string> {
  let bundle = bundles.get(where);
  if (!bundle) {
    const parent = where === 'isolated' ? os.tmpdir() : path.join(__dirname, '../../../out');
    mkdirSync(parent, { recursive: true });
    const dir = mkdtempSync(path.join(parent, 'arbor-cli-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    bundle = bundleCli(dir);
    bundles.set(where, bundle);
  }
  return bundle;
}

/** `node cli.js …` as a real process (for exit codes, stdout/stderr and start-up). */
export async function arborProcess(...argv: string[]): Promise<CliRun> {
  const cli = await cliBundle('isolated');
  const result = spawnSync(process.execPath, [cli, ...argv], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `node cli.js …` as a real process in `cwd` with only PATH and `env` in its environment, without
 * blocking this one (so an in-process fake server can answer it).
 */
export async function arborChild(cwd: string, env: Record<string, string>, ...argv: string[]): Promise<CliRun> {
  const { code, stdout, stderr } = await (await startArborChild(cwd, env, ...argv)).done;
  return { code, stdout, stderr };
}

/** A child started as `arborChild` starts it, while it runs: its pid, a signal to it, and its end (with the signal that ended it). */
export interface ArborChildProcess {
  pid: number;
  /** Sends `signal` unless the process has ended (then nothing: its pid may be another's by now). */
  kill(signal: NodeJS.Signals): void;
  done: Promise<CliRun & { signal: NodeJS.Signals | null }>;
}

export async function startArborChild(cwd: string, env: Record<string, string>, ...argv: string[]): Promise<ArborChildProcess> {
  const cli = await cliBundle('packaged');
  const child = spawn(process.execPath, [cli, ...argv], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
  const done = new Promise<CliRun & { signal: NodeJS.Signals | null }>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? -1, stdout, stderr, signal }));
  });
  // A spawn that failed has no pid; its error rejects `done`.
  if (child.pid === undefined) await done;
  if (child.pid === undefined) throw new Error(`arbor ${argv.join(' ')}: the process did not start`);
  return { pid: child.pid, kill: (signal) => void (child.exitCode === null && child.signalCode === null && child.kill(signal)), done };
}
