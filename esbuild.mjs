// Bundles the extension (and, as they appear, the CLI and the webview) with esbuild.
// Flags: --production minifies and drops sourcemaps' inline content; --watch rebuilds on change.
import * as esbuild from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints errors in the `file:line:col: error: text` form that VS Code's $esbuild-watch problem matcher reads. */
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/** @type {import('esbuild').BuildOptions} */
const nodeOptions = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: true,
  sourcesContent: !production,
  logLevel: 'warning',
  plugins: watch ? [problemMatcherPlugin] : [],
};

const builds = [
  { ...nodeOptions, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  // The `arbor` command line: plain Node 20+, no VS Code. The tokenizer (megabytes of tables) stays
  // out of the bundle and is required from node_modules only for `--estimator tokenizer`, so the
  // CLI starts as fast as Node itself.
  { ...nodeOptions, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, external: ['gpt-tokenizer'] },
  // The chat webview: one browser script (markdown-it, DOMPurify, highlight.js inside), loaded by
  // nonce under a CSP without eval. Its stylesheet is media/chat.css, written by hand.
  {
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    entryPoints: ['src/webview/main.ts'],
    outfile: 'media/chat.js',
    minify: production,
    sourcemap: !production,
    logLevel: 'warning',
    plugins: watch ? [problemMatcherPlugin] : [],
  },
];

// The codicon font and its stylesheet, served to the webview from media/ (the CSP allows nothing else).
for (const file of ['codicon.css', 'codicon.ttf']) copyFileSync(`node_modules/@vscode/codicons/dist/${file}`, `media/${file}`);
// A production build has no source map: a stale one from a development build must not reach the VSIX.
if (production) rmSync('media/chat.js.map', { force: true });

if (watch) {
  const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
