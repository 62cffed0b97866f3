// Bundles the extension (and, as they appear, the CLI and the webview) with esbuild.
// Flags: --production minifies and drops sourcemaps' inline content; --watch rebuilds on change;
// --metafile writes what the extension bundle holds to out/extension.meta.json (npm run bench -- bundle).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const metafile = process.argv.includes('--metafile');

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

/** What the CLI bundle leaves in node_modules (bench/cliBundle.ts bundles with the same list). */
const CLI_EXTERNAL = ['gpt-tokenizer', '@earendil-works/pi-mcp'];

/**
 * Files beside dist/extension.js that activation never reads or parses, each loaded on first use:
 * the tokenizer (2.7 MB of tables, minified) on the first count, the Anthropic SDK's client on the
 * first request, RE2's engine on the first pattern, pi's MCP client when a server starts. The extension's `import(<module>)` becomes a `require('./<file>')`. They are still
 * inside the VSIX (packaged without node_modules: .vscodeignore lists them); the CLI takes its
 * tokenizer from node_modules instead.
 */
const LAZY_CHUNKS = [
  { filter: /^gpt-tokenizer\/encoding\/o200k_base$/, entry: 'gpt-tokenizer/encoding/o200k_base', file: 'tokenizer' },
  { filter: /^\.\/sdk$/, entry: 'src/core/llm/anthropic/sdk.ts', file: 'anthropic' },
  // RE2's engine (grep, session search, .gitignore rules): loaded on the first pattern.
  { filter: /^re2js$/, entry: 're2js', file: 're2' },
  // pi's MCP client: loaded when the first MCP server starts (never in a window without servers).
  { filter: /^@earendil-works\/pi-mcp$/, entry: '@earendil-works/pi-mcp', file: 'pi-mcp' },
];
const lazyChunksPlugin = {
  name: 'lazy-chunks',
  setup(build) {
    for (const { filter, file } of LAZY_CHUNKS) build.onResolve({ filter }, () => ({ path: `./${file}.js`, external: true }));
  },
};

const builds = [
  {
    ...nodeOptions,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    // import() of a file is compiled to require(), which the extension host resolves beside extension.js.
    supported: { 'dynamic-import': false },
    plugins: [...nodeOptions.plugins, lazyChunksPlugin],
    metafile,
  },
  { ...nodeOptions, entryPoints: Object.fromEntries(LAZY_CHUNKS.map(({ entry, file }) => [file, entry])), outdir: 'dist', sourcemap: false },
  // The `arbor` command line: plain Node 20+, no VS Code. The tokenizer (megabytes of tables) stays
  // out of the bundle and is required from node_modules only for `--estimator tokenizer`, and pi's
  // MCP library (with the MCP SDK, about 800 kB) is imported from there only by `arbor run` with
  // servers configured, so the CLI starts as fast as Node itself.
  { ...nodeOptions, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, external: CLI_EXTERNAL },
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
  const [extension] = await Promise.all(builds.map((options) => esbuild.build(options)));
  if (metafile) {
    mkdirSync('out', { recursive: true });
    writeFileSync('out/extension.meta.json', JSON.stringify(extension.metafile));
  }
}
