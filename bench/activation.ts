/**
 * Timing Arbor's activation in fresh Node processes (bundleActivate.ts, compiled to plain
 * JavaScript first): shared by the benchmarks that measure `require` + `activate()` of a built
 * dist/extension.js with the stand-in `vscode` module.
 */
import { mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

export interface Activation {
  requireMs: number;
  activateMs: number;
  cpuMs: number;
  loaded: string[];
}

/** Compiles the child that activates the bundle; returns its path. */
export async function activationChild(): Promise<string> {
  const outDir = path.join(ROOT, 'out', 'bench');
  mkdirSync(outDir, { recursive: true });
  const child = path.join(outDir, 'bundleActivate.js');
  // Plain Node runs the child: tsx would transform the bundle while it loads and skew the time.
  const esbuild = await import('esbuild');
  await esbuild.build({ entryPoints: [path.join(__dirname, 'bundleActivate.ts')], outfile: child, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  return child;
}

/**
 * One fresh process that requires and activates the bundle, with this environment (the parent's
 * when none is given); its error, without the minified line it points into, when it fails.
 */
export function activateOnce(child: string, env?: NodeJS.ProcessEnv): Activation {
  const result = spawnSync(process.execPath, [child, path.join(ROOT, 'dist', 'extension.js'), path.join(ROOT, 'src')], { encoding: 'utf8', ...(env ? { env } : {}) });
  if (result.status !== 0) {
    const error = result.stderr.split('\n').find((line) => /^\w*Error\b/.test(line)) ?? result.stderr.slice(-500);
    throw new Error(`Activating dist/extension.js with the stand-in failed (${result.signal ?? `exit code ${String(result.status)}`}): ${error}`);
  }
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Activation;
}

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
