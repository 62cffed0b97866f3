/**
 * One checked `mcpServers` entry turned into the McpServerSpec the connections start from: paths
 * resolved as pi resolves them when it starts the server, defaults filled in, and every map copied
 * into a fresh object so nothing of the parsed file (its keys, its prototype) is shared.
 */
import * as path from 'node:path';
import type { McpOAuthConfig, McpServerConfigResult } from '@earendil-works/pi-mcp';
import { expandHome } from '../../session/layout';
import type { McpServerSpec, McpSource, McpTransportSpec } from '../types';
import type { ReadExposures } from './exposure';

/** pi's default per-request timeout, in seconds. */
export const DEFAULT_MCP_TIMEOUT_SECONDS = 60;
/** The longest wait a timer can hold; a larger `timeout` (even `1e400`, read as Infinity) is capped to it. */
export const MAX_MCP_TIMEOUT_MS = 2_147_483_647;

export type ValidEntry = Exclude<McpServerConfigResult, { kind: 'invalid' }>;

export interface SpecPlace {
  name: string;
  source: McpSource;
  file: string;
  overrides?: string;
}

export interface SpecPaths {
  /** The folder the session works in: a relative `cwd` resolves against it, and no `cwd` means it. */
  sessionDir: string;
  home: string;
}

export function serverSpec(place: SpecPlace, entry: ValidEntry, exposures: ReadExposures, paths: SpecPaths): McpServerSpec {
  const { config } = entry;
  const seconds = config.timeout ?? DEFAULT_MCP_TIMEOUT_SECONDS;
  return {
    name: place.name,
    source: place.source,
    file: place.file,
    ...(place.overrides === undefined ? {} : { overrides: place.overrides }),
    transport: transportOf(entry, paths),
    enabled: config.enabled !== false,
    exposure: exposures.exposure,
    toolExposure: exposures.toolExposure,
    timeoutMs: Math.min(MAX_MCP_TIMEOUT_MS, Math.max(1, Math.ceil(seconds * 1000))),
    ...(config.description === undefined ? {} : { description: config.description }),
  };
}

function transportOf(entry: ValidEntry, paths: SpecPaths): McpTransportSpec {
  if (entry.kind === 'http') {
    const { url, headers, oauth } = entry.config;
    return { kind: 'http', url, headers: copyStrings(headers), ...(oauth === undefined ? {} : { oauth: copyOAuth(oauth) }) };
  }
  const { command, args, env, cwd } = entry.config;
  const home = (value: string) => expandHome(value, paths.home);
  return {
    kind: 'stdio',
    command: home(command),
    args: (args ?? []).map(home),
    env: copyStrings(env),
    cwd: path.resolve(paths.sessionDir, home(cwd ?? '.')),
  };
}

/** A fresh object with the entry's own string values (`Object.fromEntries` defines `__proto__` as a plain key). */
function copyStrings(values: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(values ?? {}));
}

function copyOAuth(oauth: McpOAuthConfig): McpOAuthConfig {
  return { ...oauth };
}
