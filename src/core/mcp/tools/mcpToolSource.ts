/**
 * The MCP tools as the agent's `ToolSource`: what a request declares and what a call finds come from
 * the tool set as the servers stand at that moment; before a prompt's first request the agent waits,
 * for a bounded time, only for servers with `direct` tools (they must be declared in that request),
 * as pi does; servers with only deferred tools are waited for when `tool_search` needs them. The
 * system prompt lists those servers (`mcp_servers`), so the model knows what `tool_search` can load.
 */
import type { ToolSource } from '../../agent/tools/toolSource';
import type { McpConnections } from '../connections/connections';
import { MCP_SERVERS_SECTION, mcpServersSection } from './serversSection';
import type { McpTools } from './toolSet';

/** pi's bound on the first prompt's wait for servers with direct tools. */
export const DIRECT_WAIT_MS = 10_000;

export function mcpToolSource(connections: McpConnections, tools: McpTools, directWaitMs = DIRECT_WAIT_MS): ToolSource {
  return {
    toolsFor: (branch) => tools.toolsForRequest(branch),
    find: (name) => tools.toolFor(name),
    // The agent ends this wait itself on Stop.
    ready: () => connections.waitForDirect(directWaitMs),
    promptSection: (keepServer) => {
      const text = mcpServersSection(connections.statuses().filter((status) => !keepServer || keepServer(status.name)));
      return text === undefined ? undefined : { name: MCP_SERVERS_SECTION, text };
    },
  };
}
