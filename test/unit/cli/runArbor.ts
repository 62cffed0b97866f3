/**
 * Runs the `arbor` CLI in-process (through `runCli`, the function `dist/cli.js` calls) or, for the
 * few tests about the real process, as `node dist/cli.js`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
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

let bundle: string | undefined;

/**
 * Bundles `src/cli/main.ts` as `esbuild.mjs` does, into a temp folder (not `dist/`, which other
 * builds may be writing), once per test run.
 */
export async function bundleCli(): Promise<string> {
  if (bundle) return bundle;
  const esbuild = await import('esbuild');
  const outfile = path.join(mkdtempSync(path.join(os.tmpdir(), 'arbor-cli-')), 'cli.js');
  await esbuild.build({
    entryPoints: [path.resolve(__dirname, '../../../src/cli/main.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'silent',
  });
  bundle = outfile;
  return outfile;
}

/** `node cli.js …` as a real process (for exit codes, stdout/stderr and start-up). */
export async function arborProcess(...argv: string[]): Promise<CliRun> {
  const cli = await bundleCli();
  const result = spawnSync(process.execPath, [cli, ...argv], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
