/**
 * Bundles `src/cli/main.ts` with the options `esbuild.mjs` uses for `dist/cli.js`, into a folder
 * of the caller's choosing (tests and benchmarks must not write `dist/`, which other builds use),
 * inside the repository: the packages it leaves out resolve from its node_modules.
 */
import * as path from 'node:path';

export async function bundleCli(outDir: string): Promise<string> {
  const esbuild = await import('esbuild');
  const outfile = path.join(outDir, 'cli.js');
  await esbuild.build({
    entryPoints: [path.join(__dirname, '../src/cli/main.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    // As esbuild.mjs's CLI_EXTERNAL: required or imported from node_modules, so the bundle must sit
    // where node_modules resolves (under the repository).
    external: ['gpt-tokenizer', '@earendil-works/pi-mcp'],
    logLevel: 'silent',
  });
  return outfile;
}
