/**
 * pi's MCP configuration, read and merged as pi 1.6.0 reads it: the user's `mcp.json` in pi's agent
 * folder, then, only in a trusted workspace, the project's `.pi/mcp.json`. Both hold an
 * `mcpServers` object, the shape other MCP clients share.
 *
 * - A project entry replaces the user entry of the same name. An invalid one is reported and the
 *   user entry stays.
 * - A project entry without `command`, `url` or `type` only overrides `enabled`, `exposure` and
 *   `toolExposure` of the user entry of that name, which keeps the rest (its `env`, its `headers`):
 *   a project can turn a personal server off without seeing its credentials.
 * - Names that differ only in `-` and `_` would share one tool namespace: the second is refused.
 * - Every entry is checked by pi's MCP library; an invalid one is reported with its name and file and
 *   skipped, the others are kept. A missing file is no problem; one that is not JSON is one problem.
 *
 * The files are someone else's text (a cloned repository's, for the project file): parsed entries
 * are only walked to a fixed depth, and server names live in a Map, so a name like `__proto__` is
 * just a name.
 */
// Types only: the package is ESM-only (no `require` export), so its code is loaded with import() below.
import type * as PiMcp from '@earendil-works/pi-mcp';
import * as path from 'node:path';
import { stripBom } from '../../util/bom';
import { errorMessage } from '../../util/errors';
import { readRegularFile } from '../../util/safeFiles';
import type { McpConfigProblem, McpServerSpec, McpSource } from '../types';
import { readExposures, type ReadExposures } from './exposure';
import { serverSpec, type SpecPaths, type ValidEntry } from './spec';

export const MCP_CONFIG_FILE = 'mcp.json';
/** The largest configuration file read; a bigger one is reported instead of read into memory. */
export const MAX_MCP_CONFIG_BYTES = 1024 * 1024;

/** What a project entry without a transport may set on the user server it overrides. */
const OVERRIDE_KEYS: readonly string[] = ['enabled', 'exposure', 'toolExposure'];

/** A file's text, or undefined when there is no such file; any other failure is thrown. */
export type ReadConfigFile = (file: string) => Promise<string | undefined>;

export interface McpConfigFiles {
  /** `<pi agent folder>/mcp.json`. */
  userFile: string;
  /** `<workspace>/.pi/mcp.json`; undefined in an untrusted workspace (or without one): never read. */
  projectFile: string | undefined;
}

export interface ReadMcpConfigOptions extends McpConfigFiles, SpecPaths {
  readFile: ReadConfigFile;
}

export interface McpConfig {
  servers: McpServerSpec[];
  problems: McpConfigProblem[];
}

/**
 * Where the configuration lives. `agentDir` is pi's agent folder as `piEnvironment` finds it
 * (`$PI_CODING_AGENT_DIR` or `~/.pi/agent`); the project file only for a trusted workspace.
 */
export function mcpConfigFiles(options: { agentDir: string; workspaceFolder: string | undefined; trusted: boolean }): McpConfigFiles {
  const { agentDir, workspaceFolder, trusted } = options;
  return {
    userFile: path.join(agentDir, MCP_CONFIG_FILE),
    projectFile: trusted && workspaceFolder !== undefined ? path.join(workspaceFolder, '.pi', MCP_CONFIG_FILE) : undefined,
  };
}

/** The files whose changes should re-read the configuration: the project file only when it is read. */
export function watchedFiles(files: McpConfigFiles): string[] {
  return files.projectFile === undefined ? [files.userFile] : [files.userFile, files.projectFile];
}

/**
 * The text of a configuration file as the extension and the CLI read it: a link is followed (a
 * dotfiles manager links `mcp.json` in), a FIFO, a device or a file over 1 MiB is refused.
 */
export async function readMcpConfigFile(file: string): Promise<string | undefined> {
  try {
    return (await readRegularFile(file, MAX_MCP_CONFIG_BYTES, { followLinks: true })).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

type PiMcpModule = typeof PiMcp;

let piMcpLoad: Promise<PiMcpModule> | undefined;
/** pi's MCP library, loaded on the first read: nothing of it is parsed at activation. */
function loadPiMcp(): Promise<PiMcpModule> {
  piMcpLoad ??= import('@earendil-works/pi-mcp');
  return piMcpLoad;
}

interface Checked {
  entry: ValidEntry;
  exposures: ReadExposures;
}

interface Merged extends Checked {
  source: McpSource;
  file: string;
  overrides?: string;
}

/** The servers taken so far, by name, and which name holds each tool namespace (a lookup, not a scan per entry). */
interface Taken {
  servers: Map<string, Merged>;
  namespaces: Map<string, string>;
}

export async function readMcpConfig(options: ReadMcpConfigOptions): Promise<McpConfig> {
  const pi = await loadPiMcp();
  const taken: Taken = { servers: new Map(), namespaces: new Map() };
  const problems: McpConfigProblem[] = [];
  await readOneFile(pi, options.userFile, 'user', options.readFile, taken, problems);
  if (options.projectFile !== undefined) await readOneFile(pi, options.projectFile, 'project', options.readFile, taken, problems);
  const servers: McpServerSpec[] = [];
  for (const [name, { entry, exposures, source, file, overrides }] of taken.servers) {
    servers.push(serverSpec({ name, source, file, ...(overrides === undefined ? {} : { overrides }) }, entry, exposures, options));
  }
  return { servers, problems };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readOneFile(pi: PiMcpModule, file: string, source: McpSource, readFile: ReadConfigFile, taken: Taken, problems: McpConfigProblem[]): Promise<void> {
  let text: string | undefined;
  try {
    text = await readFile(file);
  } catch (error) {
    problems.push({ file, message: errorMessage(error) });
    return;
  }
  if (text === undefined) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripBom(text));
  } catch (error) {
    problems.push({ file, message: notJson(error, stripBom(text)) });
    return;
  }
  if (!isRecord(parsed) || (parsed.mcpServers !== undefined && !isRecord(parsed.mcpServers))) {
    problems.push({ file, message: 'expected an object with an "mcpServers" object' });
    return;
  }
  const report = (server: string, message: string) => problems.push({ file, server, message });
  for (const [name, value] of Object.entries(parsed.mcpServers ?? {})) {
    if (source === 'project' && isRecord(value) && pi.isMcpServerOverride(value)) {
      const error = applyOverride(pi, name, value, file, taken.servers);
      if (error !== undefined) report(name, error);
      continue;
    }
    const checked = checkedEntry(pi, name, value);
    if (typeof checked === 'string') {
      report(name, checked);
      continue;
    }
    const { entry } = checked;
    const namespace = pi.mcpNamespace(name);
    const clash = taken.namespaces.get(namespace);
    if (clash !== undefined && clash !== name) {
      report(name, `server "${name}" is the same server as "${clash}": names that differ only in "-" and "_" share their tools' names`);
      continue;
    }
    if (entry.kind === 'http' && entry.config.auth !== undefined) {
      report(name, source === 'project' ? `server "${name}": auth is only allowed in the user's mcp.json` : `server "${name}": auth (a pi /login provider's credential) is not supported by Arbor`);
      continue;
    }
    taken.servers.set(name, { ...checked, source, file });
    taken.namespaces.set(namespace, name);
  }
}

/**
 * Why the text is not JSON, without the parser's own message: that quotes the text around the
 * mistake, which may be a token written in the file, and the message goes to the log.
 */
function notJson(error: unknown, text: string): string {
  const position = /at position (\d+)/.exec(errorMessage(error))?.[1];
  if (position !== undefined) {
    const before = text.slice(0, Number(position)).split('\n');
    return `not valid JSON (line ${before.length}, column ${before.at(-1)!.length + 1})`;
  }
  return /end of JSON input/.test(errorMessage(error)) ? 'not valid JSON (it ends too early)' : 'not valid JSON';
}

/** A project entry that only changes `enabled`, `exposure` and `toolExposure` of a user server. */
function applyOverride(pi: PiMcpModule, name: string, value: Record<string, unknown>, file: string, merged: Map<string, Merged>): string | undefined {
  const base = merged.get(name);
  if (base === undefined) return `server "${name}" needs "command" or "url", or a server of that name in the user's mcp.json to override`;
  const extra = Object.keys(value).filter((key) => !OVERRIDE_KEYS.includes(key));
  if (extra.length > 0) return `server "${name}": an entry overriding the user's server can only set ${OVERRIDE_KEYS.join(', ')}`;
  const checked = checkedEntry(pi, name, { ...base.entry.config, ...value });
  if (typeof checked === 'string') return checked;
  merged.set(name, { ...checked, source: base.source, file, overrides: base.file });
  return undefined;
}

/** The entry checked by pi's MCP library and for its exposures, or why it cannot be used. */
function checkedEntry(pi: PiMcpModule, name: string, value: unknown): Checked | string {
  const result = pi.validateMcpServerConfig(name, value);
  if (result.kind === 'invalid') {
    return isRecord(value) && value.type === 'sse'
      ? `server "${name}": the SSE transport is not supported. A server that offers SSE usually offers streamable HTTP too, often at /mcp instead of /sse: set "url" to that address and remove "type"`
      : result.error;
  }
  const exposures = readExposures(result.config);
  return 'error' in exposures ? `server "${name}": ${exposures.error}` : { entry: result, exposures };
}
