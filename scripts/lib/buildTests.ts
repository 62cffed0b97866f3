// Bundles the integration suites and the runner that executes them inside the extension host
// (esbuild, `vscode` external, mocha bundled in) as an extension folder,
//   out/integration/runner-extension/{package.json, dist/runner.js, dist/suites/*.test.js},
// and packages it as out/integration/arbor-test-runner.vsix, installed beside Arbor's own VSIX.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { fixturesDir, repoRoot } from './paths';
import { vscePackage } from './vsix';

export const runnerExtensionDir = path.join(repoRoot, 'out', 'integration', 'runner-extension');
/** The module @vscode/test-electron loads as extensionTestsPath. */
export const runnerEntry = path.join(runnerExtensionDir, 'dist', 'runner.js');
export const runnerVsix = path.join(repoRoot, 'out', 'integration', 'arbor-test-runner.vsix');

/** The files the integration suites expect in their workspace (relative path → source). */
export const integrationWorkspaceFiles = {
  'sessions/synthetic-branched.jsonl': path.join(fixturesDir, 'synthetic-branched.jsonl'),
  'notes/not-a-session.jsonl': path.join(repoRoot, 'test', 'integration', 'fixtures', 'not-a-session.jsonl'),
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: 'inline',
  external: ['vscode'],
  logLevel: 'warning',
  // mocha's parallel mode (require.resolve of its worker files) is never used in the extension host.
  logOverride: { 'require-resolve-not-external': 'silent' },
} satisfies esbuild.BuildOptions;

/** Builds the runner extension folder; returns its VSIX (`runnerEntry` serves @vscode/test-electron). */
export async function buildIntegrationTests(): Promise<string> {
  const suitesDir = path.join(repoRoot, 'test', 'integration');
  const suites = fs
    .readdirSync(suitesDir)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(suitesDir, name));
  if (suites.length === 0) throw new Error(`No integration suites (*.test.ts) in ${suitesDir}`);
  fs.rmSync(runnerExtensionDir, { recursive: true, force: true });
  await Promise.all([
    esbuild.build({ ...common, entryPoints: [path.join(repoRoot, 'test', 'vscode', 'runner', 'runner.ts')], outfile: runnerEntry }),
    esbuild.build({ ...common, entryPoints: suites, outdir: path.join(runnerExtensionDir, 'dist', 'suites') }),
  ]);
  fs.copyFileSync(path.join(repoRoot, 'test', 'vscode', 'runner', 'package.json'), path.join(runnerExtensionDir, 'package.json'));
  // A test harness, never shipped: no licence file of its own.
  vscePackage(runnerExtensionDir, runnerVsix, ['--skip-license']);
  return runnerVsix;
}
