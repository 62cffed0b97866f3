// Builds the example extension examples/custom-compaction (Arbor's API at work) as the integration
// suites install it beside Arbor: bundled by esbuild (`vscode` external; its only other import is
// the API's types) into out/examples/custom-compaction, packaged as a VSIX.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { repoRoot } from './paths';
import { vscePackage } from './vsix';

export const exampleSource = path.join(repoRoot, 'examples', 'custom-compaction');
const exampleOut = path.join(repoRoot, 'out', 'examples', 'custom-compaction');
export const exampleVsix = path.join(repoRoot, 'out', 'examples', 'custom-compaction.vsix');

export async function buildExampleExtension(): Promise<string> {
  fs.rmSync(exampleOut, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(exampleSource, 'src', 'extension.ts')],
    outfile: path.join(exampleOut, 'dist', 'extension.js'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(exampleSource, 'package.json'), path.join(exampleOut, 'package.json'));
  // An example, never shipped: no licence file of its own.
  vscePackage(exampleOut, exampleVsix, ['--skip-license']);
  return exampleVsix;
}
