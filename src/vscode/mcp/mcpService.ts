// The window's MCP servers (pi's `mcp.json` files): nothing at activation but this object; the
// servers start in the background once a session opens (or the chat asks for its tools), never in
// Restricted Mode, and not while `arbor.mcp.enabled` is off. The user's file is always read, the
// project's `.pi/mcp.json` only in a trusted workspace, and a project server only after the user
// allowed it (projectPermission.ts). Both files are watched: a change applies without a reload.
// Servers' stderr and messages go to the Arbor log at debug level, never into the model's context.
import * as os from 'node:os';
import * as path from 'node:path';
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import type { ToolSource } from '../../core/agent/tools/toolSource';
import { mcpConfigFiles, partitionByPermission, readMcpConfig, readMcpConfigFile, watchedFiles } from '../../core/mcp/config';
import type { McpConfigProblem, McpServerSpec } from '../../core/mcp/types';
import { McpConnections } from '../../core/mcp/connections/connections';
import { specExpand } from '../../core/mcp/connections/specExpand';
import type { McpServerStatus } from '../../core/mcp/connections/serverConnection';
import { FailureNotices } from '../../core/mcp/connections/statusView';
import { McpTools } from '../../core/mcp/tools/toolSet';
import { mcpToolSource } from '../../core/mcp/tools/mcpToolSource';
import { piEnvironment } from '../../core/context/piEnvironment';
import type { Logger } from '../../core/util/logger';
import { errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import { COMMAND } from '../../shared/commands';
import { toolFolder } from '../config';
import { ProjectServerPermissions } from './projectPermissions';
import { editorToolHost } from './editorTools';
import { onUnlessTurnedOff } from '../../core/util/settingSources';

/** How long a `!command` value may take (a keychain prompt included). */
const COMMAND_TIMEOUT_MS = 30_000;

export interface McpServiceDeps {
  log: Logger;
  globalState: vscode.Memento;
  /** Arbor's own tools' names: an MCP tool never takes one. */
  reservedNames: readonly string[];
  version: string;
}

/** Whether `arbor.mcp.enabled` is on: a workspace's settings may turn servers off, never on over the user's "off". */
function mcpEnabled(): boolean {
  return onUnlessTurnedOff(vscode.workspace.getConfiguration('arbor').inspect<unknown>('mcp.enabled'));
}

export class McpService implements vscode.Disposable {
  private connections: McpConnections | undefined;
  private tools: McpTools | undefined;
  private source: ToolSource | undefined;
  /** A session opened (or the agent asked): start when allowed (trust granted, setting turned on). */
  private wanted = false;
  private reloading: Promise<void> = Promise.resolve();
  private readonly disposables: vscode.Disposable[] = [];
  private watchers: vscode.Disposable[] = [];
  private readonly failures = new FailureNotices();
  /** Problems already reported (file, server and message), so each is said once. */
  private readonly reported = new Set<string>();
  private readonly permissions: ProjectServerPermissions;
  /** Project servers the user has not allowed (yet): listed as waiting. */
  private waitingSpecs: McpServerSpec[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly serverLog: Logger;

  constructor(private readonly deps: McpServiceDeps) {
    this.permissions = new ProjectServerPermissions(deps.globalState);
    // Servers' own words (stderr, log messages) at debug level: they may quote what they were sent.
    this.serverLog = { debug: (m) => deps.log.debug(m), info: (m) => deps.log.debug(m), warn: (m) => deps.log.warn(m), error: (m) => deps.log.error(m) };
    this.disposables.push(
      this.changed,
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.settingsChanged()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.settingsChanged()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('arbor.mcp.enabled')) void this.settingsChanged();
      }),
    );
  }

  /**
   * The agent's source of MCP tools: empty until the servers started, asking them to start. One
   * object for every agent of the window, reading the servers as they stand at each request.
   */
  readonly toolSource: ToolSource = {
    toolsFor: (branch) => {
      this.start();
      return this.source?.toolsFor(branch) ?? [];
    },
    find: (name) => this.source?.find(name),
    promptSection: (keepServer) => this.source?.promptSection?.(keepServer),
    ready: async (signal) => {
      this.start();
      await this.reloading;
      if (!signal.aborted) await this.source?.ready?.(signal);
    },
  };

  /** A session opened or the chat was shown: the servers start in the background (once; when allowed). */
  start(): void {
    this.wanted = true;
    if (this.connections || !this.mayRun()) return;
    const connections = new McpConnections({
      expand: specExpand({ env: process.env, runCommand }),
      logger: this.serverLog,
      clientName: 'arbor',
      clientVersion: this.deps.version,
      roots: (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ uri: folder.uri.toString(), name: folder.name })),
    });
    this.connections = connections;
    // VS Code's own tools come with the servers: not in Restricted Mode, not with MCP turned off.
    const toolHost = editorToolHost(this.deps.log, this.disposables);
    this.tools = new McpTools(connections, { reservedNames: this.deps.reservedNames, ...(toolHost ? { toolHost } : {}) });
    this.source = mcpToolSource(connections, this.tools);
    connections.onDidChange((statuses) => this.statusesChanged(statuses));
    this.deps.log.info('MCP: reading the configuration and starting the servers in the background');
    this.reload();
  }

  /**
   * A session opened: the servers start, or, when they run, the files are read again (a change a
   * watcher missed, say in a folder that did not exist yet, applies now; unchanged servers go on).
   */
  sessionOpened(): void {
    if (this.connections) this.reload();
    else this.start();
  }

  /** Every server's status (empty before they started), the project servers waiting for the user after them. */
  statuses(): readonly McpServerStatus[] {
    return this.connections?.statuses() ?? [];
  }

  /** Project servers the user has not allowed yet. */
  waiting(): readonly McpServerSpec[] {
    return this.waitingSpecs;
  }

  get running(): boolean {
    return this.connections !== undefined;
  }

  /** Why no server runs, in words (undefined: they do, or will once a session opens). */
  whyOff(): string | undefined {
    if (!vscode.workspace.isTrusted) return 'MCP servers do not start in Restricted Mode. Trust the workspace to start them.';
    if (!mcpEnabled()) return 'MCP servers are turned off (arbor.mcp.enabled).';
    return undefined;
  }

  /** The user's file and, in a trusted workspace, the project's. */
  files(): { userFile: string; projectFile: string | undefined } {
    const { agentDir } = piEnvironment(process.env, os.homedir());
    return mcpConfigFiles({ agentDir, workspaceFolder: toolFolder()?.fsPath, trusted: vscode.workspace.isTrusted });
  }

  async reconnect(name: string): Promise<void> {
    await this.connections?.restart(name);
  }

  /** Asks again about a project server the user has not allowed (from the servers list): the modal at once. */
  async askAgain(name: string): Promise<void> {
    this.permissions.forgetRefusal(name);
    const folder = toolFolder()?.fsPath;
    const spec = this.waitingSpecs.find((waiting) => waiting.name === name);
    if (folder !== undefined && spec !== undefined && !(await this.permissions.ask(folder, spec, true))) return;
    this.reload();
    await this.reloading;
  }

  /** Reads the files again and applies what changed; one reading at a time, in order. */
  reload(): void {
    this.reloading = this.reloading.then(() => this.apply()).catch((error: unknown) => this.deps.log.error(`MCP: the configuration could not be applied: ${errorMessage(error)}`));
  }

  dispose(): void {
    for (const disposable of [...this.disposables, ...this.watchers]) disposable.dispose();
    void this.stop();
  }

  /** Stops every server (deactivation, the setting turned off, trust or folders changed). */
  async stop(): Promise<void> {
    const connections = this.connections;
    this.connections = undefined;
    this.tools = undefined;
    this.source = undefined;
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = [];
    await connections?.stop();
  }

  private mayRun(): boolean {
    return vscode.workspace.isTrusted && mcpEnabled();
  }

  private async settingsChanged(): Promise<void> {
    if (!this.mayRun()) {
      if (this.connections) this.deps.log.info('MCP: servers stopped (turned off)');
      await this.stop();
      this.changed.fire();
      return;
    }
    if (!this.connections) {
      if (this.wanted) this.start();
      return;
    }
    // Trust or folders changed: the project file read (or not) and the servers' folder differ.
    this.reload();
  }

  private async apply(): Promise<void> {
    const connections = this.connections;
    if (!connections) return;
    const files = this.files();
    this.watch(watchedFiles(files));
    const folder = toolFolder()?.fsPath;
    const config = await readMcpConfig({ ...files, readFile: readMcpConfigFile, sessionDir: folder ?? os.homedir(), home: os.homedir() });
    this.report(config.problems);
    const { ready, waiting } = partitionByPermission(config.servers, (spec) => folder !== undefined && this.permissions.allowed(folder, spec));
    this.waitingSpecs = waiting;
    if (this.connections !== connections) return;
    await connections.update(ready);
    this.deps.log.info(`MCP: ${ready.length} ${ready.length === 1 ? 'server' : 'servers'} configured${waiting.length > 0 ? `, ${waiting.length} of the project waiting for permission` : ''}`);
    if (folder !== undefined && waiting.length > 0) void this.askAbout(folder, waiting);
    this.changed.fire();
  }

  /** Asks about each project server not yet allowed (one question at a time); an allowed one starts. */
  private async askAbout(folder: string, waiting: readonly McpServerSpec[]): Promise<void> {
    let allowedAny = false;
    for (const spec of waiting) if (await this.permissions.ask(folder, spec)) allowedAny = true;
    if (allowedAny) this.reload();
  }

  /** Each invalid entry (or unreadable file) once, with Open File. */
  private report(problems: readonly McpConfigProblem[]): void {
    for (const problem of problems) {
      const key = JSON.stringify([problem.file, problem.server ?? null, problem.message]);
      this.deps.log.warn(`MCP: ${problem.file}: ${problem.message}`);
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      const what = problem.server === undefined ? `${path.basename(problem.file)} could not be read` : `server "${problem.server}" in ${problem.file} was skipped`;
      void vscode.window.showWarningMessage(plainText(`Arbor: MCP ${what}: ${problem.message}`), 'Open File').then((answer) => {
        if (answer === 'Open File') void vscode.window.showTextDocument(vscode.Uri.file(problem.file));
      });
    }
  }

  private statusesChanged(statuses: readonly McpServerStatus[]): void {
    for (const name of this.failures.update(statuses)) {
      const error = statuses.find((status) => status.name === name)?.error ?? '';
      void vscode.window.showWarningMessage(plainText(`Arbor: MCP server "${name}" failed: ${error}`), 'Show MCP Servers').then((answer) => {
        if (answer === 'Show MCP Servers') void vscode.commands.executeCommand(COMMAND.mcpServers);
      });
    }
    this.changed.fire();
  }

  /** Watches the configuration files (again when the set changed: trust granted, folders changed). */
  private watchKey = '';
  private watch(files: readonly string[]): void {
    const key = JSON.stringify(files);
    if (key === this.watchKey && this.watchers.length > 0) return;
    this.watchKey = key;
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = files.map((file) => {
      // The project's file from the workspace folder (its `.pi` folder may not exist yet); the user's from its own folder.
      const folder = toolFolder()?.fsPath;
      const inside = folder !== undefined && !path.relative(folder, file).startsWith('..');
      const pattern = inside ? new vscode.RelativePattern(vscode.Uri.file(folder), path.relative(folder, file).split(path.sep).join('/')) : new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file));
      const watcher = vscode.workspace.createFileSystemWatcher(pattern);
      const changed = (): void => {
        this.deps.log.info(`MCP: ${file} changed; applying it`);
        this.reload();
      };
      watcher.onDidChange(changed);
      watcher.onDidCreate(changed);
      watcher.onDidDelete(changed);
      return watcher;
    });
  }
}

/** A `!command` value of the user's own file, run by the shell; its error says how it ended, never what it printed. */
function runCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('/bin/sh', ['-c', command], { timeout: COMMAND_TIMEOUT_MS, maxBuffer: 1024 * 1024, env: process.env }, (error, stdout) => {
      if (!error) return resolve(stdout);
      const code = (error as NodeJS.ErrnoException & { code?: unknown }).code;
      reject(new Error(error.killed ? `it did not finish within ${COMMAND_TIMEOUT_MS / 1000} s` : typeof code === 'number' ? `it exited with code ${code}` : 'it could not be run'));
    });
  });
}
