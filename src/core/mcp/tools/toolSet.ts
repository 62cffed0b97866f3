/**
 * The MCP tools a request declares and a call finds. Each server tool gets pi's name and its
 * effective exposure: `direct` tools are declared in every request; `deferred` (and `codemode`)
 * ones once `tool_search` loaded them on the branch; `hidden` ones never. `tool_search` itself is
 * declared while any enabled server has such tools, and the resource tools while a server offers
 * resources, with the widest exposure of those servers, as pi does.
 */
import type { Tool } from '../../agent/tools/tool';
import type { SessionEntry } from '../../session';
import { configuredExposures, type McpConnections } from '../connections/connections';
import { piMcpLoaded } from '../connections/piMcp';
import type { McpServerConnection, McpServerStatus, McpToolInfo } from '../connections/serverConnection';
import type { McpExposure } from '../types';
import { toolExposureOf } from '../config/exposure';
import { reachOf, type McpReach } from './exposure';
import { loadedToolNames, TOOL_SEARCH_TOOL } from './loaded';
import { McpToolNames } from './naming';
import { createResourceTools, RESOURCE_TOOL_NAMES } from './resources';
import { outputSaver, type OutputSaver } from './results';
import { createServerTool, describeTool } from './serverTool';
import { unavailableTool } from './unavailable';
import { createToolSearchTool, type SearchCandidate } from './toolSearch';
import { HostTools, parameterText, type ToolHost } from './hostTools';

export interface McpToolsOptions {
  /** Names MCP tools never take: Arbor's own tools. */
  reservedNames?: Iterable<string>;
  /** Where cut results are saved whole (default: the system's temporary folder). */
  outputDirectory?: string;
  /** How long `tool_search` waits for servers still connecting (default 10 s), as pi's does. */
  searchWaitMs?: number;
  /** The editor's own tools (VS Code's language-model tools), offered deferred beside the servers'. */
  toolHost?: ToolHost;
}

/** One server tool as the model knows it. */
export interface McpToolEntry {
  name: string;
  server: string;
  tool: McpToolInfo;
  exposure: McpExposure;
  reach: McpReach;
}

/** States whose tool list still stands: a call reaches the server or says why it cannot. */
const OFFERING = new Set(['starting', 'connected', 'disconnected', 'failed']);

export class McpTools {
  private readonly names: McpToolNames;
  private readonly save: OutputSaver;
  private readonly searchTool: Tool;
  private readonly resourceTools: Tool[];
  private readonly hostTools: HostTools | undefined;

  constructor(
    private readonly connections: McpConnections,
    private readonly options: McpToolsOptions = {},
  ) {
    const reserved = [...(options.reservedNames ?? []), TOOL_SEARCH_TOOL, ...RESOURCE_TOOL_NAMES];
    this.names = new McpToolNames(new Set(reserved));
    this.save = outputSaver(options.outputDirectory);
    this.hostTools = options.toolHost && new HostTools(options.toolHost, this.save, reserved);
    this.searchTool = createToolSearchTool({ candidates: (branch) => this.searchCandidates(branch) });
    this.resourceTools = createResourceTools({ servers: () => this.resourceServers(), save: this.save });
  }

  /** Every tool the servers offer now, in the configuration's order, then each server's. */
  entries(): McpToolEntry[] {
    return this.connections.statuses().flatMap((status) => this.entriesOf(status));
  }

  /** The tools to declare in the next request on this branch (root → position). */
  toolsForRequest(branch: readonly SessionEntry[]): Tool[] {
    const entries = this.entries();
    const resourceReach = this.resourceReach();
    const direct = [...entries.filter((entry) => entry.reach === 'direct').map((entry) => this.toolOf(entry)), ...(resourceReach === 'direct' ? this.resourceTools : [])];
    const hostTools = this.hostTools?.tools() ?? [];
    if (!this.hasSearchable() && hostTools.length === 0) return direct;
    const deferred = new Map<string, Tool>(entries.filter((entry) => entry.reach === 'deferred').map((entry) => [entry.name, this.toolOf(entry)]));
    // The editor's tools are deferred: declared once `tool_search` loaded them on the branch.
    for (const tool of hostTools) deferred.set(tool.spec.name, tool);
    if (resourceReach === 'deferred') for (const tool of this.resourceTools) deferred.set(tool.spec.name, tool);
    const loaded = loadedToolNames(branch).flatMap((name) => deferred.get(name) ?? []);
    return [...direct, this.searchTool, ...loaded];
  }

  /**
   * The tool a call names, whether or not the request declared it: an offered tool, `tool_search`,
   * a resource tool, or, for an `mcp__` name no server offers now, a tool whose result says which
   * server and why (missing, disabled, failed, the tool withdrawn). Undefined for other names.
   */
  toolFor(name: string): Tool | undefined {
    const entry = this.entries().find((candidate) => candidate.name === name && candidate.reach !== 'hidden');
    if (entry) return this.toolOf(entry);
    const hostTool = this.hostTools?.toolFor(name);
    if (hostTool) return hostTool;
    if (name === TOOL_SEARCH_TOOL) return this.hasSearchable() || (this.hostTools?.entries().length ?? 0) > 0 ? this.searchTool : undefined;
    if (RESOURCE_TOOL_NAMES.includes(name)) return this.resourceReach() === 'hidden' ? undefined : this.resourceTools.find((tool) => tool.spec.name === name);
    if (!name.startsWith('mcp__')) return undefined;
    return unavailableTool(name, this.names.owner(name), this.connections.statuses());
  }

  private entriesOf(status: McpServerStatus): McpToolEntry[] {
    if (!status.spec.enabled || !OFFERING.has(status.state) || status.tools.length === 0) return [];
    const names = this.names.assign(piMcpLoaded(), status.name, status.tools.map((tool) => tool.name));
    return status.tools.map((tool) => {
      const exposure = toolExposureOf(status.spec, tool.name);
      return { name: names.get(tool.name)!, server: status.name, tool, exposure, reach: reachOf(exposure) };
    });
  }

  private toolOf(entry: McpToolEntry): Tool {
    return createServerTool({
      server: entry.server,
      tool: entry.tool,
      name: entry.name,
      connections: this.connections,
      save: this.save,
      isOffered: () => this.entries().some((current) => current.name === entry.name && current.reach !== 'hidden'),
      readableResources: () => this.resourceServers().some((server) => server.name === entry.server),
    });
  }

  /** Whether `tool_search` is declared: an enabled server has deferred (or codemode) tools, known from its configuration. */
  private hasSearchable(): boolean {
    return this.connections.statuses().some((status) => {
      if (!status.spec.enabled) return false;
      const exposures = configuredExposures(status.spec);
      return exposures.has('deferred') || exposures.has('codemode');
    });
  }

  private resourceServers(): McpServerConnection[] {
    return this.connections.statuses().flatMap((status) => {
      const server = this.connections.server(status.name);
      return status.hasResources && status.spec.enabled && status.spec.exposure !== 'hidden' && OFFERING.has(status.state) && server ? [server] : [];
    });
  }

  /** The resource tools' reach: the widest exposure of the servers with resources. */
  private resourceReach(): McpReach {
    const reaches = new Set(this.resourceServers().map((server) => reachOf(server.spec.exposure)));
    return reaches.has('direct') ? 'direct' : reaches.has('deferred') ? 'deferred' : 'hidden';
  }

  private async searchCandidates(branch: readonly SessionEntry[]): Promise<SearchCandidate[]> {
    await this.connections.waitForAll(this.options.searchWaitMs ?? 10_000);
    const loaded = new Set(loadedToolNames(branch));
    const descriptions = new Map(this.connections.statuses().map((status) => [status.name, status.spec.description ?? status.instructions ?? '']));
    const tools = this.entries()
      .filter((entry) => entry.reach === 'deferred' && !loaded.has(entry.name))
      .map((entry) => ({ name: entry.name, description: describeTool(entry.server, entry.tool), parameterText: parameterText(entry.tool.inputSchema), server: entry.server, serverDescription: descriptions.get(entry.server) ?? '' }));
    const resources = this.resourceReach() === 'deferred' ? this.resourceTools.filter((tool) => !loaded.has(tool.spec.name)).map((tool) => ({ name: tool.spec.name, description: tool.spec.description, parameterText: 'server uri cursor', server: '', serverDescription: '' })) : [];
    return [...tools, ...resources, ...(this.hostTools?.candidates(loaded) ?? [])];
  }
}
