/**
 * A call to an MCP tool no server offers now: a tool a pi session used whose server is missing
 * here, a server that is disabled, failed or still starting, a tool the server withdrew. Its result
 * tells the model which server and why; it runs nothing, so it asks nothing.
 */
import { errorResult } from '../../agent/tools/define';
import type { Tool } from '../../agent/tools/tool';
import type { McpServerStatus } from '../connections/serverConnection';
import type { NameOwner } from './naming';

/** pi's tool name: `mcp__<server>__<tool>`, sanitized. */
const MCP_NAME = /^mcp__(.+?)__(.+)$/;

function sanitized(server: string): string {
  return server.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Why the tool cannot be called, in the model's words. */
export function unavailableReason(name: string, owner: NameOwner | undefined, statuses: readonly McpServerStatus[]): string {
  const status = owner
    ? statuses.find((candidate) => candidate.name === owner.server)
    : // The longest server name the tool name starts with, as pi's names are made.
      statuses.filter((candidate) => name.startsWith(`mcp__${sanitized(candidate.name)}__`)).sort((a, b) => b.name.length - a.name.length)[0];
  const serverName = owner?.server ?? status?.name ?? MCP_NAME.exec(name)?.[1] ?? name;
  if (!status) return `MCP server "${serverName}" is not configured, so its tool ${name} cannot be called.`;
  switch (status.state) {
    case 'disabled':
      return `MCP server "${status.name}" is disabled.`;
    case 'stopped':
      return `MCP server "${status.name}" is stopped.`;
    case 'failed':
      return `MCP server "${status.name}" failed to start: ${status.error ?? 'unknown error'}`;
    case 'starting':
      return `MCP server "${status.name}" is still starting.`;
    default:
      return owner ? `MCP tool "${owner.server}/${owner.tool}" is no longer available.` : `MCP server "${status.name}" has no tool named ${name}.`;
  }
}

export function unavailableTool(name: string, owner: NameOwner | undefined, statuses: readonly McpServerStatus[]): Tool {
  return {
    spec: { name, description: `An MCP tool that is not available now.`, inputSchema: { type: 'object', properties: {} } },
    needsApproval: false,
    unavailable: true,
    async execute() {
      return errorResult(unavailableReason(name, owner, statuses));
    },
  };
}
