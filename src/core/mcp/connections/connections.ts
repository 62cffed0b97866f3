/**
 * The MCP servers of one window (or one CLI run): every enabled server connects in the background,
 * a configuration change restarts only the servers whose connection changed, and `stop` ends them
 * all. The glue hears each change of a server's state or tools through `onDidChange`.
 */
import { settledOrLate } from '../../util/settledOrLate';
import { Emitter, type Event } from '../../util/event';
import { silentLogger, type Logger } from '../../util/logger';
import type { McpServerSpec } from '../types';
import { identityExpand, type McpExpand } from './expand';
import { McpServerConnection, type McpServerStatus } from './serverConnection';

export interface McpConnectionsOptions {
  /** Expands `${VAR}` and `!command` in `env` and `headers` when a server starts (default: as written). */
  expand?: McpExpand;
  /** Stderr lines, state changes and failures, secrets redacted. */
  logger?: Logger;
  clientName?: string;
  clientVersion?: string;
  /** The workspace folders, offered to servers as MCP roots. */
  roots?: readonly { uri: string; name: string }[];
}

/** What a server's connection depends on: a change restarts it; anything else (exposure, description) does not. */
function connectionKey(spec: McpServerSpec): string {
  return JSON.stringify([spec.transport, spec.timeoutMs, spec.enabled]);
}

/** Every exposure a server's tools can have, known from its configuration before it connects. */
export function configuredExposures(spec: Pick<McpServerSpec, 'exposure' | 'toolExposure'>): Set<string> {
  return new Set([spec.exposure, ...spec.toolExposure.map(([, exposure]) => exposure)]);
}

export class McpConnections {
  private readonly servers = new Map<string, McpServerConnection>();
  private readonly changed: Emitter<readonly McpServerStatus[]>;
  private stopped = false;
  /** Fired with every server's status when one's state, tools or specification changed. */
  readonly onDidChange: Event<readonly McpServerStatus[]>;

  constructor(private readonly options: McpConnectionsOptions = {}) {
    const logger = options.logger ?? silentLogger;
    this.changed = new Emitter((error) => logger.error(`An MCP change listener failed: ${String(error)}`));
    this.onDidChange = this.changed.event;
  }

  /** Starts every enabled server in the background; never throws (a failure shows in its state). */
  start(specs: readonly McpServerSpec[]): void {
    this.update(specs);
  }

  /**
   * Applies a new configuration: removed servers stop, servers whose connection changed restart,
   * new ones start, the others keep running (their exposure or description updated in place).
   * Resolves once the servers it stopped have stopped.
   */
  async update(specs: readonly McpServerSpec[]): Promise<void> {
    if (this.stopped) return;
    const wanted = new Map(specs.map((spec) => [spec.name, spec]));
    const stopping: Promise<void>[] = [];
    for (const [name, connection] of this.servers) {
      const spec = wanted.get(name);
      if (spec && connectionKey(spec) === connectionKey(connection.spec)) continue;
      this.servers.delete(name);
      stopping.push(connection.stop());
    }
    // Rebuilt in the configuration's order, so listings and tool declarations follow it.
    const kept = new Map(this.servers);
    this.servers.clear();
    for (const spec of specs) {
      const existing = kept.get(spec.name);
      if (existing) {
        this.servers.set(spec.name, existing);
        if (existing.spec !== spec) existing.respec(spec);
        continue;
      }
      const connection = this.create(spec);
      this.servers.set(spec.name, connection);
      connection.start();
    }
    this.fire();
    await Promise.all(stopping);
  }

  /** Stops every server and waits until they have ended. Nothing starts afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.servers.values()];
    await Promise.all(all.map((connection) => connection.stop()));
    this.fire();
  }

  /** Stops and starts one server again (the user's Reconnect), with the same specification. */
  async restart(name: string): Promise<void> {
    const connection = this.servers.get(name);
    if (!connection || this.stopped) return;
    await connection.stop();
    const fresh = this.create(connection.spec);
    this.servers.set(name, fresh);
    fresh.start();
    this.fire();
  }

  statuses(): McpServerStatus[] {
    return [...this.servers.values()].map((connection) => connection.status());
  }

  server(name: string): McpServerConnection | undefined {
    return this.servers.get(name);
  }

  /**
   * Waits, at most `ms`, for the first connection of every enabled server with a `direct` tool (its
   * tools are declared in the first request); servers with only other exposures are not waited for.
   */
  waitForDirect(ms: number): Promise<void> {
    return this.waitFor((spec) => configuredExposures(spec).has('direct'), ms);
  }

  /** Waits, at most `ms`, for every enabled server (tool_search and the resource tools reach them all). */
  waitForAll(ms: number): Promise<void> {
    return this.waitFor(() => true, ms);
  }

  private async waitFor(select: (spec: McpServerSpec) => boolean, ms: number): Promise<void> {
    const readies = [...this.servers.values()].filter((connection) => connection.spec.enabled && select(connection.spec)).map((connection) => connection.ready);
    if (readies.length === 0) return;
    // A server's `ready` never rejects: it settles connected or failed.
    await settledOrLate(Promise.all(readies), ms);
  }

  private create(spec: McpServerSpec): McpServerConnection {
    const connection: McpServerConnection = new McpServerConnection(spec, {
      expand: this.options.expand ?? identityExpand,
      logger: this.options.logger ?? silentLogger,
      clientName: this.options.clientName ?? 'arbor',
      clientVersion: this.options.clientVersion ?? '0.0.0',
      roots: this.options.roots ?? [],
      // A replaced connection's late changes are not news.
      onChange: () => {
        if (this.servers.get(spec.name) === connection) this.fire();
      },
    });
    return connection;
  }

  private fire(): void {
    this.changed.fire(this.statuses());
  }
}
