// Packaging extensions as VSIX files with @vscode/vsce: Arbor itself (`npm run package`, and the
// copy the integration and e2e suites install, so that they test what a user installs) and the
// integration suites' runner extension.
//
// vsce runs with stdin closed (a question it would ask becomes an error, never a hang) and offline
// (--no-dependencies: esbuild has bundled every runtime dependency into dist/extension.js).
// The manifest names no repository, because Arbor has no public one yet: --allow-missing-repository
// says so instead of a made-up address, and --no-rewrite-relative-links keeps the README's relative
// links as they are rather than failing for want of a base URL to prefix them with. VS Code's
// extension page then shows the README's screenshot by its alt text (it loads README images from
// https: only), which is why the image itself is not packaged.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './paths';

/** What `npm run package` writes. */
export const releaseVsix = path.join(repoRoot, 'arbor.vsix');
/** The copy the test suites install (out/ is git-ignored). */
export const testVsix = path.join(repoRoot, 'out', 'arbor.vsix');
/** Set by `npm test` once it has packaged Arbor, so that each suite installs that same file. */
export const VSIX_ENV = 'ARBOR_VSIX';

const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');

export class PackageError extends Error {}

/** Runs `vsce package` in `folder`, writing `out`. */
export function vscePackage(folder: string, out: string, extraArgs: string[] = []): void {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.rmSync(out, { force: true });
  const args = [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', out, ...extraArgs];
  const result = spawnSync(process.execPath, args, { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0 || !fs.existsSync(out)) {
    throw new PackageError(`vsce package failed in ${folder} (${result.signal ?? `exit code ${String(result.status)}`}):\n${result.stdout}${result.stderr}`);
  }
}

/** A production build of Arbor, packaged as `out`. */
export function packageArbor(out: string = releaseVsix): string {
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new PackageError('The production build (node esbuild.mjs --production) failed');
  vscePackage(repoRoot, out);
  return out;
}

/** The VSIX the suites install: the one `npm test` packaged for this run, or a fresh one when a suite runs alone. */
export function arborVsixForTests(): string {
  const given = process.env[VSIX_ENV];
  if (given && fs.existsSync(given)) return given;
  return packageArbor(testVsix);
}
