/**
 * One configured server: its state, tools and stderr, and the client to reach it. It connects in
 * the background and never throws from `start`; a call finds the client connected or connects it
 * (a dropped connection reconnects on the next call). Every text it lets out has the server's
 * secrets redacted, and its stderr goes to the log and its status, never into a result.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { McpClient, McpRequestOptions, Tool as McpToolInfo } from '@earendil-works/pi-mcp';
import type { CallToolResult, ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult } from '@earendil-works/pi-mcp';
import { errorMessage } from '../../util/errors';
import type { Logger } from '../../util/logger';
import type { McpServerSpec } from '../types';
import type { McpExpand } from './expand';
import { loadPiMcp, type PiMcp } from './piMcp';
import { redact } from './redact';
import { createClient, isSessionExpired, isTransient } from './runtime';
import type { ExpandedValues } from './expand';
import { StderrTail } from './stderrTail';

export type { McpToolInfo };

/**
 * The waits before the second and third attempt to reach an HTTP server whose first answer was a
 * passing failure (busy, restarting, unreachable for a moment), as pi waits: a server being
 * deployed is not shown as failed for a blip. A stdio server gets one attempt: its process either
 * starts or says why not.
 */
const CONNECT_RETRY_DELAYS_MS = [250, 1_000];
/** The wait before a listing or a read is asked again after a passing failure. */
const READ_RETRY_DELAY_MS = 250;

export type McpServerState = 'starting' | 'connected' | 'disconnected' | 'failed' | 'disabled' | 'stopped';

/** What the glue shows of a server, with its secrets redacted. */
export interface McpServerStatus {
  readonly name: string;
  readonly spec: McpServerSpec;
  readonly state: McpServerState;
  /** Why it failed or dropped. */
  readonly error?: string;
  /** The last lines the server wrote to stderr (those of its last start). */
  readonly stderrTail: readonly string[];
  /** The tools it offers (its last list; empty until it connected). */
  readonly tools: readonly McpToolInfo[];
  readonly hasResources: boolean;
  /** What the server said about itself when it connected. */
  readonly instructions?: string;
}

/** A server that cannot take a call now; the message says which and why (the model reads it). */
export class McpServerUnavailableError extends Error {
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(message);
    this.name = 'McpServerUnavailableError';
  }
}

export interface ConnectionDeps {
  expand: McpExpand;
  logger: Logger;
  clientName: string;
  clientVersion: string;
  roots: readonly { uri: string; name: string }[];
  /** State, tools or error changed. */
  onChange(): void;
}

export class McpServerConnection {
  private stateValue: McpServerState;
  private errorValue: string | undefined;
  private toolList: readonly McpToolInfo[] = [];
  private resources = false;
  private instructionsValue: string | undefined;
  private client: McpClient | undefined;
  /** The client of a start in progress, once its process or session exists. */
  private pendingClient: McpClient | undefined;
  private opening: Promise<McpClient> | undefined;
  private lib: PiMcp | undefined;
  private secrets: readonly string[] = [];
  private readonly stderr: StderrTail;
  /** Settles when the first connection attempt did (connected or failed); never rejects. */
  ready: Promise<void> = Promise.resolve();

  constructor(
    private specValue: McpServerSpec,
    private readonly deps: ConnectionDeps,
  ) {
    this.stateValue = specValue.enabled ? 'starting' : 'disabled';
    this.stderr = new StderrTail((line) => deps.logger.info(`MCP server "${this.name}" stderr: ${this.redacted(line)}`));
  }

  get name(): string {
    return this.specValue.name;
  }

  get spec(): McpServerSpec {
    return this.specValue;
  }

  get state(): McpServerState {
    return this.stateValue;
  }

  /** Exposure, description or source changed: nothing the connection depends on. */
  respec(spec: McpServerSpec): void {
    this.specValue = spec;
    this.deps.onChange();
  }

  status(): McpServerStatus {
    return {
      name: this.name,
      spec: this.specValue,
      state: this.stateValue,
      ...(this.errorValue === undefined ? {} : { error: this.errorValue }),
      stderrTail: this.stderr.lines().map((line) => this.redacted(line)),
      tools: this.toolList,
      hasResources: this.resources,
      ...(this.instructionsValue === undefined ? {} : { instructions: this.instructionsValue }),
    };
  }

  /** Connects in the background; the outcome shows in the state. */
  start(): void {
    if (this.stateValue !== 'starting') return;
    this.ready = this.connect().then(
      () => undefined,
      () => undefined,
    );
  }

  /** The connected client, connecting (again) when needed. */
  connect(): Promise<McpClient> {
    if (this.stateValue === 'disabled') return Promise.reject(new McpServerUnavailableError(this.name, `MCP server "${this.name}" is disabled.`));
    if (this.stateValue === 'stopped') return Promise.reject(new McpServerUnavailableError(this.name, `MCP server "${this.name}" is stopped.`));
    if (this.client?.connectionState === 'connected') return Promise.resolve(this.client);
    this.opening ??= this.open().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  /** Calls a tool; a session the HTTP server forgot (it restarted) is opened anew once. */
  callTool(tool: string, args: Record<string, unknown>, options: McpRequestOptions): Promise<CallToolResult> {
    return this.withClient((client) => client.callTool(tool, args, { ...options, timeoutMs: this.specValue.timeoutMs }));
  }

  resourcesPage(cursor: string | undefined, options: McpRequestOptions): Promise<ListResourcesResult> {
    return this.withClient((client) => client.listResourcesPage(cursor, this.timed(options)), true);
  }

  templatesPage(cursor: string | undefined, options: McpRequestOptions): Promise<ListResourceTemplatesResult> {
    return this.withClient((client) => client.listResourceTemplatesPage(cursor, this.timed(options)), true);
  }

  readResource(uri: string, options: McpRequestOptions): Promise<ReadResourceResult> {
    return this.withClient((client) => client.readResource(uri, this.timed(options)), true);
  }

  /** A text for the model or the log with this server's secrets taken out. */
  redacted(text: string): string {
    return redact(text, this.secrets);
  }

  /** Closes the connection (a stdio server: stdin closed, then its process group ended) and waits for it. */
  async stop(): Promise<void> {
    if (this.stateValue === 'stopped') return;
    this.stateValue = 'stopped';
    this.deps.onChange();
    const client = this.client;
    const pending = this.pendingClient;
    this.client = undefined;
    // A start still waiting for its values has nothing to end yet and gives up when they come; one
    // whose client exists ends when that client closes.
    await Promise.all([client?.close().catch(() => undefined), pending?.close().catch(() => undefined), pending ? this.opening?.catch(() => undefined) : undefined]);
  }

  private timed(options: McpRequestOptions): McpRequestOptions {
    return { ...options, timeoutMs: this.specValue.timeoutMs };
  }

  /**
   * Runs a request on the connected client. A session the HTTP server forgot is opened anew once
   * (the server did not run the request). A listing or a read (`readOnly`) is asked once more after
   * a passing failure; a tool call never is, since the server may have run it.
   */
  private async withClient<T>(run: (client: McpClient) => Promise<T>, readOnly = false): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.connect();
      try {
        return await run(client);
      } catch (error) {
        if (attempt > 1 || !this.lib) throw error;
        if (readOnly && error instanceof this.lib.McpHttpError && isTransient(this.lib, error)) {
          await delay(READ_RETRY_DELAY_MS);
          continue;
        }
        if (!isSessionExpired(this.lib, error)) throw error;
        if (this.client === client) this.client = undefined;
        void client.close().catch(() => undefined);
      }
    }
  }

  private async open(): Promise<McpClient> {
    this.setState('starting', undefined);
    try {
      const values = await this.deps.expand(this.specValue);
      this.secrets = values.secrets;
      this.lib ??= await loadPiMcp();
      return await this.connectWithRetries(this.lib, values);
    } catch (error) {
      this.stderr.flush();
      const reason = this.redacted(errorMessage(error));
      if (this.isStopped()) throw new McpServerUnavailableError(this.name, `MCP server "${this.name}" is stopped.`);
      this.deps.logger.warn(`MCP server "${this.name}" failed to start: ${reason}`);
      this.setState('failed', reason);
      throw new McpServerUnavailableError(this.name, `MCP server "${this.name}" failed to start: ${reason}`);
    }
  }

  /** Attempts to connect: for an HTTP server, again after a passing failure, while not stopped. */
  private async connectWithRetries(lib: PiMcp, values: ExpandedValues): Promise<McpClient> {
    const waits = this.specValue.transport.kind === 'http' ? CONNECT_RETRY_DELAYS_MS : [];
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.connectOnce(lib, values);
      } catch (error) {
        const wait = waits[attempt];
        if (wait === undefined || this.isStopped() || !isTransient(lib, error)) throw error;
        this.deps.logger.debug(`MCP server "${this.name}": ${this.redacted(errorMessage(error))}; trying again in ${wait} ms`);
        await delay(wait);
      }
    }
  }

  /** One attempt: the client created, connected and its tools listed; closed again when any of it fails. */
  private async connectOnce(lib: PiMcp, values: ExpandedValues): Promise<McpClient> {
    this.stderr.clear();
    if (this.isStopped()) throw new Error('stopped while starting');
    const opened = createClient(lib, this.specValue, values, {
      clientName: this.deps.clientName,
      clientVersion: this.deps.clientVersion,
      roots: this.deps.roots,
      onStderr: (chunk) => this.stderr.write(chunk),
    });
    const connecting = opened.client;
    this.pendingClient = connecting;
    try {
      connecting.onNotification('notifications/message', (params) => this.deps.logger.debug(`MCP server "${this.name}" says: ${this.redacted(JSON.stringify(params))}`));
      connecting.onError((error) => this.deps.logger.debug(`MCP server "${this.name}": ${this.redacted(errorMessage(error))}`));
      await connecting.connect(opened.transport);
      connecting.onNotification('notifications/tools/list_changed', () => void this.refreshTools(connecting));
      connecting.onClose(() => this.dropped(connecting));
      // A server without the tools capability (resources only) does not answer tools/list.
      const tools = connecting.serverCapabilities?.tools ? await connecting.listTools({ timeoutMs: this.specValue.timeoutMs }) : [];
      if (this.isStopped()) throw new Error('stopped while connecting');
      if (connecting.connectionState !== 'connected') throw new Error('The connection closed while listing the tools.');
      this.client = connecting;
      this.toolList = tools;
      this.resources = connecting.serverCapabilities?.resources !== undefined;
      this.instructionsValue = connecting.instructions?.trim() || undefined;
      this.setState('connected', undefined);
      return connecting;
    } catch (error) {
      await connecting.close().catch(() => undefined);
      throw error;
    } finally {
      this.pendingClient = undefined;
    }
  }

  /** The transport closed on its own: shown as disconnected until the next call reconnects. */
  private dropped(client: McpClient): void {
    if (this.client !== client || this.isStopped()) return;
    this.client = undefined;
    this.stderr.flush();
    this.deps.logger.warn(`MCP server "${this.name}" disconnected.`);
    this.setState('disconnected', 'The connection closed.');
  }

  /** The server announced a changed tool list: new tools are added, withdrawn ones stop being offered. */
  private async refreshTools(client: McpClient): Promise<void> {
    try {
      const tools = await client.listTools({ timeoutMs: this.specValue.timeoutMs });
      if (this.client !== client || this.isStopped()) return;
      this.toolList = tools;
      this.deps.onChange();
    } catch (error) {
      this.deps.logger.warn(`MCP server "${this.name}": could not list its changed tools: ${this.redacted(errorMessage(error))}`);
    }
  }

  private isStopped(): boolean {
    return this.stateValue === 'stopped';
  }

  private setState(state: McpServerState, error: string | undefined): void {
    this.stateValue = state;
    this.errorValue = error;
    this.deps.onChange();
  }
}
