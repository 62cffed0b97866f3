/**
 * What Arbor knows of one configured MCP server once pi's configuration files are read and merged
 * (`config/`), and what the connections (`connections/`) start from. Values in `env` and `headers`
 * are kept as written (`${VAR}`, `!command`): they are expanded only when the server starts, so a
 * secret never sits in a structure that is logged or shown.
 */
import type { McpOAuthConfig } from '@earendil-works/pi-mcp';

/**
 * How a server's tools reach the model, as pi names it. Arbor has no codemode: a `codemode` tool is
 * reached through `tool_search`, as pi lets it be, so it behaves as `deferred` here.
 */
export type McpExposure = 'direct' | 'deferred' | 'codemode' | 'hidden';

/** Which file defined the server: the user's (pi's agent folder) or the project's `.pi/mcp.json`. */
export type McpSource = 'user' | 'project';

export interface McpStdioTransportSpec {
  kind: 'stdio';
  /** One executable (never a shell string); a leading `~/` already expanded. */
  command: string;
  args: readonly string[];
  /** Added to the environment; values as written in the file. */
  env: Readonly<Record<string, string>>;
  /** Absolute; a relative `cwd` resolved against the session's folder. */
  cwd?: string;
}

export interface McpHttpTransportSpec {
  kind: 'http';
  url: string;
  /** Values as written in the file. */
  headers: Readonly<Record<string, string>>;
  /** pi's `oauth` settings as written (checked by pi's MCP library), for a server that needs sign-in. */
  oauth?: Readonly<McpOAuthConfig>;
}

export type McpTransportSpec = McpStdioTransportSpec | McpHttpTransportSpec;

export interface McpServerSpec {
  /** Letters, digits, `_` and `-`, as pi allows. */
  name: string;
  source: McpSource;
  /** The file whose entry defines the server (a project override of a user entry: the project file). */
  file: string;
  /**
   * Set when a project entry changed only `enabled`, `exposure` or `toolExposure` of a user server:
   * the user's file, where the command line or URL (and `source: 'user'`) come from.
   */
  overrides?: string;
  transport: McpTransportSpec;
  enabled: boolean;
  exposure: McpExposure;
  /** `toolExposure` in the file's order: exact names win over patterns, then the first pattern that matches. */
  toolExposure: readonly (readonly [pattern: string, exposure: McpExposure])[];
  /** Per request; progress notifications reset it. */
  timeoutMs: number;
  description?: string;
}

/** An entry that could not be used: named, with its file, and skipped without stopping the others. */
export interface McpConfigProblem {
  file: string;
  /** Absent when the whole file could not be read or parsed. */
  server?: string;
  message: string;
}
