/**
 * The part that talks to servers, through pi's MCP client (`@earendil-works/pi-mcp`, loaded by
 * `loadPiMcp`): a client and its transport for one server.
 */
import type { McpClient, McpTransport } from '@earendil-works/pi-mcp';
import { withoutCredentials } from '../../llm/credentials';
import type { McpServerSpec } from '../types';
import type { ExpandedValues } from './expand';
import type { PiMcp } from './piMcp';

export interface ClientOptions {
  clientName: string;
  clientVersion: string;
  /** The folders the server may treat as the user's (MCP roots), as file URLs. */
  roots: readonly { uri: string; name: string }[];
  /** Each stderr chunk of a stdio server. */
  onStderr(chunk: string): void;
}

export interface OpenedClient {
  client: McpClient;
  transport: McpTransport;
}

/** A client not yet connected, and the transport to connect it with. */
export function createClient(lib: PiMcp, spec: McpServerSpec, values: ExpandedValues, options: ClientOptions): OpenedClient {
  const client = new lib.McpClient({
    name: options.clientName,
    version: options.clientVersion,
    requestTimeoutMs: spec.timeoutMs,
    ...(options.roots.length > 0 ? { roots: options.roots } : {}),
  });
  const { transport } = spec;
  if (transport.kind === 'http') {
    return { client, transport: new lib.StreamableHttpTransport({ url: transport.url, headers: { ...values.headers } }) };
  }
  // The transport starts the server in a process group of its own and, when closed, ends its stdin,
  // then signals the whole group: a launcher such as `npx` does not leave the server behind.
  const stdio = new lib.StdioTransport({
    command: transport.command,
    args: transport.args,
    env: serverEnvironment(values.env),
    inheritEnv: false,
    ...(transport.cwd === undefined ? {} : { cwd: transport.cwd }),
    stderr: 'pipe',
    onStderr: options.onStderr,
  });
  return { client, transport: stdio };
}

/**
 * A failure worth another attempt: an HTTP server that is busy, rate-limiting or restarting (408,
 * 429, a 5xx other than 501 "not implemented"), or a network failure (fetch rejects with a
 * TypeError). An answer such as 401, 403 or 404 would come again.
 */
export function isTransient(lib: PiMcp, error: unknown): boolean {
  if (error instanceof lib.McpHttpError) return error.status === 408 || error.status === 429 || (error.status >= 500 && error.status !== 501);
  return error instanceof TypeError;
}

/** The HTTP server no longer knows the session (it restarted): it did not run the request. */
export function isSessionExpired(lib: PiMcp, error: unknown): boolean {
  return error instanceof lib.McpSessionExpiredError;
}

/**
 * Arbor's environment without the model credentials, as bash's commands get it, plus the server's
 * own `env` (which may name a credential on purpose: `"ANTHROPIC_API_KEY": "${ANTHROPIC_API_KEY}"`).
 */
function serverEnvironment(own: Readonly<Record<string, string>>): Record<string, string> {
  const inherited = Object.entries(withoutCredentials(process.env)).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const]));
  return { ...Object.fromEntries(inherited), ...own };
}
