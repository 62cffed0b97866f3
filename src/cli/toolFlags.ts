/**
 * `arbor run`'s tool flags: `--tools LIST` (Arbor's own tools by name, checked now, and MCP tools
 * as `mcp__<server>__<tool>`, `mcp__<server>` or `mcp__<server>__*`, which cannot be checked
 * before the servers connect), `--no-mcp` (no MCP server starts) and `--trust-project` (the
 * project's `.pi/mcp.json` is read too). As in pi, a list with no `mcp__` entry leaves every MCP
 * tool in; one with some keeps only the MCP tools they name.
 */
import type { Tool } from '../core/agent/tools/tool';
import { createTools, UnknownToolError } from '../core/agent/tools/registry';
import { isMcpEntry, validMcpEntry } from '../core/agent/tools/toolSource';
import { stringFlag, type FlagSpec, type ParsedArgs } from './args';
import { UsageError } from './io';

export const TOOL_FLAGS: readonly FlagSpec[] = [
  { name: 'tools', kind: 'string', value: 'LIST' },
  { name: 'no-mcp', kind: 'boolean' },
  { name: 'trust-project', kind: 'boolean' },
];

/** What the run's MCP servers may do, as the flags say. */
export interface CliMcpOptions {
  /** False with `--no-mcp`: no server starts, no MCP tool is offered. */
  enabled: boolean;
  /** `--trust-project`: the project's `.pi/mcp.json` servers are read too (else the user's only). */
  trustProject: boolean;
  /** The `mcp__` entries of `--tools`, as given; empty: every MCP tool. */
  allow: string[];
}

export interface CliToolChoice {
  /** Arbor's own tools the run offers. */
  tools: Tool[];
  mcp: CliMcpOptions;
  /** What `--yes` allows without asking: the own tools offered and the MCP tools `--tools` names. */
  approvable: string[];
}

export function cliToolChoice(args: ParsedArgs): CliToolChoice {
  const list = stringFlag(args, 'tools');
  const entries = list === undefined ? undefined : list.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const allow = (entries ?? []).filter(isMcpEntry);
  const invalid = allow.filter((entry) => !validMcpEntry(entry));
  if (invalid.length > 0) throw new UsageError(`--tools: ${invalid.join(', ')} names no MCP tool or server (write mcp__<server>__<tool>, mcp__<server> or mcp__<server>__*)`);
  const enabled = !args.flags.has('no-mcp');
  if (!enabled && allow.length > 0) throw new UsageError(`--tools names MCP tools (${allow.join(', ')}) but --no-mcp turns MCP off`);
  const tools = ownTools(entries?.filter((entry) => !isMcpEntry(entry)));
  return {
    tools,
    mcp: { enabled, trustProject: args.flags.has('trust-project'), allow },
    approvable: [...tools.map((tool) => tool.spec.name), ...allow],
  };
}

function ownTools(names: string[] | undefined): Tool[] {
  try {
    return createTools(names ? { only: names } : {});
  } catch (error) {
    if (error instanceof UnknownToolError) throw new UsageError(`--tools: ${error.message}`);
    throw error;
  }
}
