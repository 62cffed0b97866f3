/**
 * One server tool as an Arbor tool: declared with the server's description and its input schema
 * made an object schema (`normalizeMcpInputSchema`), asked about before each call, and run through
 * the server's connection with its timeout (progress resets it) and the call's Stop. Every failure
 * is a result the model reads, naming the server and saying why; nothing of the server's stderr.
 */
import type { McpToolInfo } from '../connections/serverConnection';
import type { Tool, ToolContext, ToolResult } from '../../agent/tools/tool';
import type { Json } from '../../session';
import { errorMessage } from '../../util/errors';
import type { McpConnections } from '../connections/connections';
import { piMcpLoaded, loadPiMcp } from '../connections/piMcp';
import { convertResult, type OutputSaver } from './results';
import { errorResult } from '../../agent/tools/define';

export interface ServerToolOptions {
  server: string;
  tool: McpToolInfo;
  name: string;
  connections: McpConnections;
  save: OutputSaver;
  /** Whether the tool is still offered: the server lists it and its exposure is not hidden. */
  isOffered(): boolean;
  /** Whether the server's resources can be read (resource links then name the tool to read them). */
  readableResources(): boolean;
}

export function describeTool(server: string, tool: McpToolInfo): string {
  return tool.description?.trim() || tool.title || tool.annotations?.title || `MCP tool ${tool.name} from server ${server}`;
}

export function createServerTool(options: ServerToolOptions): Tool {
  const { server, tool } = options;
  return {
    spec: {
      name: options.name,
      description: describeTool(server, tool),
      inputSchema: piMcpLoaded().normalizeMcpInputSchema(tool.inputSchema) as { [key: string]: Json },
    },
    needsApproval: true,
    // The card names the server and its tool; approval rules allow a whole server by it.
    origin: { kind: 'mcp', server, tool: tool.name },
    async execute(args, context) {
      if (!options.isOffered()) return errorResult(`MCP tool "${server}/${tool.name}" is no longer available.`);
      const connection = options.connections.server(server);
      if (!connection) return errorResult(`MCP server "${server}" is not configured.`);
      try {
        const result = await connection.callTool(tool.name, args, { signal: context.signal, onProgress: (progress) => reportProgress(context, server, tool.name, progress) });
        return await convertResult(await loadPiMcp(), server, tool.name, result, { save: options.save, readableResources: options.readableResources() });
      } catch (error) {
        return callFailure(server, tool.name, error, context.signal, (text) => connection.redacted(text));
      }
    },
  };
}

function reportProgress(context: ToolContext, server: string, tool: string, progress: { progress: number; total?: number; message?: string }): void {
  const text = progress.message ?? `Progress ${progress.progress}${progress.total === undefined ? '' : `/${progress.total}`}`;
  context.onUpdate?.({ content: [{ type: 'text', text }], details: { server, tool }, isError: false });
}

/** A call that did not get a result, in plain words (secrets taken out). */
export function callFailure(server: string, tool: string, error: unknown, signal: AbortSignal, redacted: (text: string) => string): ToolResult {
  if (signal.aborted) return errorResult('The tool call was aborted.');
  const name = error instanceof Error ? error.name : '';
  if (name === 'McpServerUnavailableError') return errorResult(redacted(errorMessage(error)));
  if (name === 'McpTimeoutError') {
    const ms = (error as { timeoutMs?: number }).timeoutMs ?? 0;
    return errorResult(`MCP tool ${server}/${tool} timed out: no answer or progress for ${ms / 1000} s.`);
  }
  if (name === 'McpConnectionClosedError') return errorResult(`MCP server "${server}" closed the connection during the call to ${tool}; the next call reconnects.`);
  return errorResult(`MCP tool ${server}/${tool} failed: ${redacted(errorMessage(error))}`);
}
