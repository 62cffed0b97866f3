/**
 * Tools that come and go while a session lives (an MCP server's, once it connects; one `tool_search`
 * declared a moment ago), beside Arbor's own fixed ones. The agent asks the source for them at every
 * request and every call, so a tool that appears is declared in the next request and one that is
 * withdrawn is no longer declared and its call fails cleanly ("Tool X not found").
 */
import type { SessionEntry } from '../../session';
import type { PromptSection } from '../systemPrompt';
import { MCP_PREFIX, mcpServerRule, parseRule, ruleNames, type ApprovalRule } from './approvalPatterns';
import type { Tool } from './tool';

export interface ToolSource {
  /**
   * The tools to declare in the next request on `branch` (root → position), in a stable order (a
   * changed order changes the request's cached prefix). Asked before every request: cheap, no I/O.
   */
  toolsFor(branch: readonly SessionEntry[]): readonly Tool[];
  /** The tool a call names, also one not declared now (a deferred tool loaded earlier on the branch); undefined: none. */
  find(name: string): Tool | undefined;
  /**
   * Resolves when the tools the first request must declare are there (servers with direct tools
   * connected), or when the source gives up waiting: the source bounds the wait itself. The agent
   * awaits it before each prompt's first request; the signal is the run's (Stop ends the wait).
   */
  ready?(signal: AbortSignal): Promise<void>;
  /**
   * A section of the system prompt about these tools (the MCP servers whose tools `tool_search`
   * loads), or undefined for none. Asked before every request: cheap, no I/O, and the same text
   * while nothing changed (a changed prompt misses the provider's cache). `keepServer`: only the
   * MCP servers it keeps are named (an allow-list narrowed the source).
   */
  promptSection?(keepServer?: (server: string) => boolean): PromptSection | undefined;
}

/** Whether an allow-list entry (`arbor run --tools`) is about MCP tools: it starts with `mcp__`. */
export function isMcpEntry(entry: string): boolean {
  return entry.startsWith(MCP_PREFIX);
}

/** Whether an `mcp__` entry names a tool or a server: `mcp__<server>__<tool>`, `mcp__<server>`, `mcp__<server>__*` (`mcp__`, `mcp__a b` do not). */
export function validMcpEntry(entry: string): boolean {
  const rule = parseRule(entry);
  return rule !== undefined && rule.tool.length > MCP_PREFIX.length && (rule.kind === 'tool' || rule.kind === 'server');
}

/**
 * The source narrowed to the MCP tools `allow` names (as the approval rules name them: a tool's
 * whole name, or its server by the origin the tool declares); an empty list narrows nothing. Only
 * MCP tools (an `mcp__` name or an MCP origin) are narrowed: the source's other tools (tool search,
 * resource reading) stay. A tool left out is neither declared nor found, and a server none of
 * whose tools the list can name is left out of the source's prompt section.
 */
export function narrowedToolSource(source: ToolSource, allow: readonly string[]): ToolSource {
  if (allow.length === 0) return source;
  const rules = allow.flatMap((entry) => parseRule(entry) ?? []);
  const kept = (tool: Tool): boolean => {
    const call = { toolName: tool.spec.name, ...(tool.origin ? { origin: tool.origin } : {}) };
    const mcp = tool.origin?.kind === 'mcp' || tool.spec.name.startsWith(MCP_PREFIX);
    return !mcp || rules.some((rule) => ruleNames(rule, call));
  };
  return {
    toolsFor: (branch) => source.toolsFor(branch).filter(kept),
    find: (name) => {
      const tool = source.find(name);
      return tool && kept(tool) ? tool : undefined;
    },
    ...(source.ready ? { ready: (signal: AbortSignal) => source.ready!(signal) } : {}),
    ...(source.promptSection
      ? { promptSection: (keepServer?: (server: string) => boolean) => source.promptSection!((server) => namesServer(rules, server) && (!keepServer || keepServer(server))) }
      : {}),
  };
}

/** Whether a rule names the server or one of its tools (`mcp__<server>`, `mcp__<server>__*`, `mcp__<server>__<tool>`). */
function namesServer(rules: readonly ApprovalRule[], server: string): boolean {
  const key = mcpServerRule(server);
  return rules.some((rule) => (rule.kind === 'server' || rule.kind === 'tool') && (rule.tool === key || rule.tool.startsWith(`${key}__`)));
}
