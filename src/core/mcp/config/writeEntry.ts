/**
 * A change the user makes from the MCP servers list (enable, disable, exposure) written back into
 * the file that defines the server: the one entry's field set, everything else kept (other servers,
 * other keys, their order). pi's `mcp.json` is plain JSON, so the text is parsed and written again
 * with the indentation it had; a file that is not JSON is left alone (the caller opens it instead).
 */
import { stripBom } from '../../util/bom';

export type McpEntryField = 'enabled' | 'exposure';

export class McpEntryWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpEntryWriteError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file's text with `mcpServers[server][field]` set to `value`; throws McpEntryWriteError when it cannot be. */
export function withEntryField(text: string, server: string, field: McpEntryField, value: boolean | string): string {
  const body = stripBom(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new McpEntryWriteError('the file is not valid JSON');
  }
  const servers = isRecord(parsed) ? parsed['mcpServers'] : undefined;
  const entry = isRecord(servers) && Object.hasOwn(servers, server) ? servers[server] : undefined;
  if (!isRecord(entry)) throw new McpEntryWriteError(`the file has no entry for server "${server}"`);
  entry[field] = value;
  const written = JSON.stringify(parsed, null, indentOf(body));
  return `${text.slice(0, text.length - body.length)}${written}${/\r?\n$/.test(body) ? (body.endsWith('\r\n') ? '\r\n' : '\n') : ''}`;
}

/** The indentation of the first indented line (a tab or spaces), two spaces when none. */
function indentOf(text: string): string | number {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  if (indent === undefined) return 2;
  return indent.startsWith('\t') ? '\t' : indent.length;
}
