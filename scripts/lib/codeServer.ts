// Starts a real VS Code (code-server, from the provisioned cache) with extensions installed from VSIX
// files, as a user installs them, into a fresh extensions folder, a fresh user-data folder and a temporary workspace, on 127.0.0.1 only.
// The server runs in its own process group and `stop()` ends the whole group; so do Ctrl-C, SIGTERM
// and the end of this process, whatever way it comes.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { delay, onInterrupt, spawnGroup } from './processGroup';
import { codeServerEntry, nodeBin, repoRoot } from './paths';

export interface CodeServerOptions {
  /** VSIX files to install (with code-server's --install-extension) before it starts. */
  extensions: string[];
  /** Folder to open. Default: a new empty folder inside the run's temporary directory. */
  workspace?: string;
  /** Files to copy into the workspace: relative path in the workspace → source file. */
  workspaceFiles?: Record<string, string>;
  /** Written to `<workspace>/.vscode/settings.json`. */
  workspaceSettings?: Record<string, unknown>;
  /**
   * Added to the user settings, `<user-data-dir>/User/settings.json`: where a user sets what a
   * workspace may not (Arbor's endpoint, sessions folder and tool approvals are application-scoped,
   * so VS Code ignores them in workspace settings and in code-server's remote `Machine/settings.json`).
   */
  userSettings?: Record<string, unknown>;
  /** Added to the server's environment, which the extension host inherits. */
  env?: Record<string, string>;
  /**
   * Workspace trust on, the workspace left untrusted (Restricted Mode, no startup dialog). Default:
   * trust disabled (every workspace trusted), as the suites other than the untrusted one need.
   */
  workspaceTrust?: boolean;
  /** Keep the temporary folders after stop (also: ARBOR_KEEP_TEMP=1). */
  keepTemp?: boolean;
  startTimeoutMs?: number;
}

export interface RunningCodeServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** The workbench URL that opens the workspace folder. */
  readonly workbenchUrl: string;
  readonly workspace: string;
  readonly userDataDir: string;
  readonly tempDir: string;
  /** The server's `XDG_DATA_HOME` (the extension host's too): where the freedesktop trash is. */
  readonly dataHome: string;
  /** Resolves when the server's main process exits (by itself or by `stop`). */
  readonly exited: Promise<number | null>;
  /** The server's log, then the extension host's log (their last lines). */
  logTail(lines?: number): string;
  stop(): Promise<void>;
}

/** User settings that keep the workbench quiet and off the network. */
const quietUserSettings = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.settings.enableNaturalLanguageSearch': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'npm.fetchOnlinePackageInfo': false,
  'git.enabled': false,
  'github.gitAuthentication': false,
  'chat.disableAIFeatures': true,
  'security.workspace.trust.enabled': false,
};

/** Trust on, and a folder opened without asking stays untrusted (Restricted Mode). */
const restrictedModeSettings = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
};

/** A development build (with source maps), for desktop VS Code's --extensionDevelopmentPath. */
export function buildExtension(): void {
  const result = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the extension (node esbuild.mjs) failed');
}

/**
 * Installs VSIX files with code-server's own `--install-extension`, as a user installs Arbor, into
 * the run's extensions folder; code-server records them in its extensions.json.
 */
function installVsixFiles(vsixFiles: string[], dirs: { configFile: string; userDataDir: string; extensionsDir: string }, env: NodeJS.ProcessEnv): void {
  if (vsixFiles.length === 0) return;
  const args = [codeServerEntry, '--config', dirs.configFile, '--user-data-dir', dirs.userDataDir, '--extensions-dir', dirs.extensionsDir];
  const result = spawnSync(nodeBin, [...args, ...vsixFiles.flatMap((file) => ['--install-extension', file])], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`code-server --install-extension ${vsixFiles.join(' ')} failed (${result.signal ?? `exit code ${String(result.status)}`}):\n${result.stdout}${result.stderr}`);
  }
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  if (!fs.existsSync(codeServerEntry)) {
    throw new Error('code-server is not provisioned: run `node --import tsx scripts/provision.ts` first');
  }
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-vscode-'));
  const userDataDir = path.join(tempDir, 'user-data');
  const extensionsDir = path.join(tempDir, 'extensions');
  const workspace = options.workspace ?? path.join(tempDir, 'workspace');
  const serverLog = path.join(tempDir, 'server.log');
  // Without --config, code-server writes a config.yaml (with a password) on first start.
  const configFile = path.join(tempDir, 'config.yaml');
  fs.writeFileSync(configFile, 'auth: none\n');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  writeJson(path.join(userDataDir, 'User', 'settings.json'), { ...quietUserSettings, ...(options.workspaceTrust ? restrictedModeSettings : {}), ...options.userSettings });
  prepareWorkspace(workspace, options);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const args = [
    codeServerEntry,
    ...['--config', configFile, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`],
    ...['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir],
    ...['--disable-telemetry', '--disable-update-check', ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']), '--disable-getting-started-override'],
    workspace,
  ];
  // code-server keeps logs and a heartbeat in ~/.local/share, VS Code a device id in ~/.cache:
  // point them into the run's folder, so that nothing outside it is written.
  const xdg = { XDG_DATA_HOME: path.join(tempDir, 'xdg', 'data'), XDG_CONFIG_HOME: path.join(tempDir, 'xdg', 'config'), XDG_CACHE_HOME: path.join(tempDir, 'xdg', 'cache') };
  // pi's agent folder too: Arbor reads pi's AGENTS.md and settings and may keep sessions there, and
  // the user's own ~/.pi must neither leak into a test nor receive its sessions. The home folder is
  // the run's folder: Arbor reads context files in the folders above the workspace up to the home
  // folder, so the workspace lies in it as a project does, and nothing of the user's own is read.
  const env: NodeJS.ProcessEnv = { ...process.env, ...xdg, HOME: tempDir, PI_CODING_AGENT_DIR: path.join(tempDir, 'pi-agent'), ...options.env };
  delete env.PI_CODING_AGENT_SESSION_DIR;
  try {
    installVsixFiles(options.extensions, { configFile, userDataDir, extensionsDir }, env);
  } catch (error) {
    fs.rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  const server = spawnGroup(nodeBin, args, { cwd: workspace, env, logFile: serverLog });

  const logTail = (lines = 40): string => [tail(serverLog, lines), ...extensionHostLogs(userDataDir).map((file) => tail(file, lines))].join('\n');
  const keep = options.keepTemp === true || process.env.ARBOR_KEEP_TEMP === '1';
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      interrupt.dispose();
      await server.stop();
      if (keep) console.log(`[code-server] kept ${tempDir}`);
      else fs.rmSync(tempDir, { recursive: true, force: true });
    })();
    return stopped;
  };
  const interrupt = onInterrupt(stop);

  try {
    await waitUntilAnswering(url, server.exited, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    console.error(`[code-server] failed to start: ${error instanceof Error ? error.message : String(error)}\n${logTail()}`);
    await stop();
    throw error;
  }
  const workbenchUrl = `${url}?folder=${encodeURIComponent(workspace)}`;
  return { url, workbenchUrl, workspace, userDataDir, tempDir, dataHome: env.XDG_DATA_HOME ?? xdg.XDG_DATA_HOME, exited: server.exited, logTail, stop };
}

/** Creates `workspace` with the given files and settings. */
export function prepareWorkspace(workspace: string, options: Pick<CodeServerOptions, 'workspaceFiles' | 'workspaceSettings'>): void {
  fs.mkdirSync(workspace, { recursive: true });
  for (const [name, source] of Object.entries(options.workspaceFiles ?? {})) {
    fs.mkdirSync(path.dirname(path.join(workspace, name)), { recursive: true });
    fs.copyFileSync(source, path.join(workspace, name));
  }
  if (options.workspaceSettings) writeJson(path.join(workspace, '.vscode', 'settings.json'), options.workspaceSettings);
}

async function waitUntilAnswering(url: string, exited: Promise<number | null>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`code-server exited early (exit code ${String(exitCode)})`);
    try {
      const response = await fetch(`${url}healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(250);
  }
  throw new Error(`code-server did not answer on ${url} within ${timeoutMs / 1000} s`);
}

/**
 * `<user-data>/logs/<stamp>/exthost1/<file>` for every stamp that has it: the extension host's own
 * log is `remoteexthost.log`, an extension's LogOutputChannel `<extension id>/<channel name>.log`.
 */
export function extensionHostLogs(userDataDir: string, file = 'remoteexthost.log'): string[] {
  const logsDir = path.join(userDataDir, 'logs');
  if (!fs.existsSync(logsDir)) return [];
  return fs
    .readdirSync(logsDir)
    .map((stamp) => path.join(logsDir, stamp, 'exthost1', file))
    .filter((log) => fs.existsSync(log));
}

function tail(file: string, lines: number): string {
  if (!fs.existsSync(file)) return `--- ${file}: (missing)`;
  const text = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  return `--- last ${lines} lines of ${file}\n${text}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
