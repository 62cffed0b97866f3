/**
 * Server resources through the three tools pi (and Codex) offer: `list_mcp_resources`,
 * `list_mcp_resource_templates` and `read_mcp_resource`, each taking a `server`. Listings are JSON,
 * `{ server?, resources: [{ server, uri, name, … }], nextCursor?, errors? }` as pi's: with a server,
 * one page (`cursor` continues it); without, every page of every server with resources. MCP App
 * resources (`ui://`, `profile=mcp-app`) and icons are left out. A read resource reaches the model
 * as text and images; other binary contents are saved to a file named in the result.
 */
import type { McpRequestOptions, Resource, ResourceTemplate } from '@earendil-works/pi-mcp';
import { errorResult } from '../../agent/tools/define';
import type { Tool, ToolResult } from '../../agent/tools/tool';
import type { Json } from '../../session';
import { errorMessage } from '../../util/errors';
import { loadPiMcp } from '../connections/piMcp';
import type { McpServerConnection } from '../connections/serverConnection';
import { limitedContent, modelContent, READ_MCP_RESOURCE_TOOL, type McpToolResult, type OutputSaver } from './results';

export const LIST_MCP_RESOURCES_TOOL = 'list_mcp_resources';
export const LIST_MCP_RESOURCE_TEMPLATES_TOOL = 'list_mcp_resource_templates';
export const RESOURCE_TOOL_NAMES: readonly string[] = [LIST_MCP_RESOURCES_TOOL, LIST_MCP_RESOURCE_TEMPLATES_TOOL, READ_MCP_RESOURCE_TOOL];

export interface ResourceToolOptions {
  /** The servers the tools reach now: connected, enabled, not hidden, offering resources. */
  servers(): readonly McpServerConnection[];
  save: OutputSaver;
}

type Listed = Resource | ResourceTemplate;
type Page = { items: Listed[]; nextCursor?: string };

function isAppResource(item: Listed): boolean {
  const uri = 'uri' in item ? item.uri : item.uriTemplate;
  return uri.startsWith('ui://') || /;\s*profile\s*=\s*"?mcp-app"?/i.test(item.mimeType ?? '');
}

function listed(server: string, item: Listed): Json {
  const { _meta: _dropped, icons: _icons, ...rest } = item as Listed & { _meta?: unknown; icons?: unknown };
  return JSON.parse(JSON.stringify({ server, ...rest })) as Json;
}

function stringArg(args: { [key: string]: Json }, key: string): string | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Error(`${key} must be a string`);
  return value.trim() || undefined;
}

async function jsonResult(tool: string, server: string | undefined, payload: Json, save: OutputSaver): Promise<McpToolResult> {
  const { content, fullOutputPath } = await limitedContent(await loadPiMcp(), [{ type: 'text', text: JSON.stringify(payload) }], save);
  return { content, details: { server: server ?? '', tool, ...(fullOutputPath === undefined ? {} : { fullOutputPath }) }, isError: false, structuredContent: payload };
}

const SERVER = { type: 'string', description: 'The MCP server, as named in the configuration. Leave out to list every server with resources.' };
const CURSOR = { type: 'string', description: 'The nextCursor of an earlier listing of the same server, for the next page.' };

export function createResourceTools(options: ResourceToolOptions): Tool[] {
  const find = (name: string): McpServerConnection => {
    const servers = options.servers();
    const server = servers.find((candidate) => candidate.name === name);
    if (server) return server;
    const names = servers.map((candidate) => candidate.name).join(', ');
    throw new Error(`MCP server "${name}" has no resources${names ? `. Servers with resources: ${names}` : ''}`);
  };
  const list = async (args: { [key: string]: Json }, signal: AbortSignal, key: string, page: (server: McpServerConnection, cursor: string | undefined, request: McpRequestOptions) => Promise<Page>): Promise<Json> => {
    const name = stringArg(args, 'server');
    const cursor = stringArg(args, 'cursor');
    if (name) {
      const server = find(name);
      const result = await page(server, cursor, { signal });
      return { server: server.name, [key]: result.items.filter((item) => !isAppResource(item)).map((item) => listed(server.name, item)), ...(result.nextCursor === undefined ? {} : { nextCursor: result.nextCursor }) };
    }
    if (cursor) throw new Error('cursor can only be used with a server');
    const servers = [...options.servers()].sort((a, b) => a.name.localeCompare(b.name));
    const items: Json[] = [];
    const errors: Json[] = [];
    for (const server of servers) {
      try {
        let next: string | undefined;
        do {
          const result = await page(server, next, { signal });
          items.push(...result.items.filter((item) => !isAppResource(item)).map((item) => listed(server.name, item)));
          next = result.nextCursor;
        } while (next !== undefined);
      } catch (error) {
        errors.push({ server: server.name, error: server.redacted(errorMessage(error)) });
      }
    }
    return { [key]: items, ...(errors.length > 0 ? { errors } : {}) };
  };
  const guarded = (run: (args: { [key: string]: Json }, signal: AbortSignal) => Promise<ToolResult>): Tool['execute'] => async (args, context) => {
    try {
      return await run(args, context.signal);
    } catch (error) {
      return errorResult(context.signal.aborted ? 'The tool call was aborted.' : errorMessage(error));
    }
  };
  const listParameters = { type: 'object', properties: { server: SERVER, cursor: CURSOR }, additionalProperties: false };
  /** A listing tool: its payload's key, and one page of one server. */
  const listTool = (name: string, description: string, key: string, page: (server: McpServerConnection, cursor: string | undefined, request: McpRequestOptions) => Promise<Page>): Tool => ({
    spec: { name, description, inputSchema: listParameters },
    needsApproval: true,
    execute: guarded(async (args, signal) => jsonResult(name, stringArg(args, 'server'), await list(args, signal, key, page), options.save)),
  });
  const cursorOf = (nextCursor: string | undefined): { nextCursor?: string } => (nextCursor === undefined ? {} : { nextCursor });
  return [
    listTool(LIST_MCP_RESOURCES_TOOL, 'List the resources MCP servers share: files, schemas, documents and other data to read as context. Prefer them to a web search.', 'resources', async (server, cursor, request) => {
      const result = await server.resourcesPage(cursor, request);
      return { items: result.resources, ...cursorOf(result.nextCursor) };
    }),
    listTool(LIST_MCP_RESOURCE_TEMPLATES_TOOL, 'List the resource templates MCP servers share: URI templates for resources that take parameters and are not listed one by one.', 'resourceTemplates', async (server, cursor, request) => {
      const result = await server.templatesPage(cursor, request);
      return { items: result.resourceTemplates, ...cursorOf(result.nextCursor) };
    }),
    {
      spec: {
        name: READ_MCP_RESOURCE_TOOL,
        description: 'Read one resource of an MCP server by the server name and the resource URI.',
        inputSchema: {
          type: 'object',
          properties: { server: { type: 'string', description: 'The server, as list_mcp_resources names it.' }, uri: { type: 'string', description: 'The resource URI, as list_mcp_resources gives it.' } },
          required: ['server', 'uri'],
          additionalProperties: false,
        },
      },
      needsApproval: true,
      execute: guarded(async (args, signal) => {
        const name = stringArg(args, 'server');
        const uri = stringArg(args, 'uri');
        if (!name) throw new Error('server must be given');
        if (!uri) throw new Error('uri must be given');
        const server = find(name);
        const result = await server.readResource(uri, { signal });
        const lib = await loadPiMcp();
        // Several contents (a folder, say) are each headed by their URI.
        const blocks = result.contents.flatMap((contents) => [...(result.contents.length > 1 ? [{ type: 'text' as const, text: `${contents.uri}:` }] : []), { type: 'resource' as const, resource: contents }]);
        const converted = await modelContent(lib, server.name, blocks, { save: options.save, readableResources: true });
        const { content, fullOutputPath } = await limitedContent(lib, converted.length > 0 ? converted : [{ type: 'text', text: `Resource ${uri} is empty.` }], options.save);
        const contents = result.contents.map(({ _meta: _dropped, ...rest }) => rest);
        return {
          content,
          details: { server: server.name, tool: READ_MCP_RESOURCE_TOOL, ...(fullOutputPath === undefined ? {} : { fullOutputPath }) },
          isError: false,
          structuredContent: JSON.parse(JSON.stringify({ server: server.name, uri, contents })) as Json,
        } satisfies McpToolResult;
      }),
    },
  ];
}
