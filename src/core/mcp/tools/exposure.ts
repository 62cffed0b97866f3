/**
 * How each tool of a server reaches the model. `toolExposure` entries are exact tool names or
 * patterns where `*` stands for any characters: an exact name wins, then the first pattern that
 * matches, then the server's `exposure`. Arbor has no codemode, so a `codemode` tool is reached as a
 * `deferred` one is: through `tool_search`.
 */
import type { McpExposure, McpServerSpec } from '../types';

/** What Arbor does with a tool: declares it, lets `tool_search` load it, or never offers it. */
export type McpReach = 'direct' | 'deferred' | 'hidden';

export function toolExposure(spec: Pick<McpServerSpec, 'exposure' | 'toolExposure'>, tool: string): McpExposure {
  const exact = spec.toolExposure.find(([pattern]) => pattern === tool);
  if (exact) return exact[1];
  const pattern = spec.toolExposure.find(([key]) => key.includes('*') && matchesPattern(key, tool));
  return pattern ? pattern[1] : spec.exposure;
}

export function reachOf(exposure: McpExposure): McpReach {
  return exposure === 'codemode' ? 'deferred' : exposure;
}

/** Whether `name` matches `pattern`, where `*` is any run of characters (no regular expression: a pattern from a file stays linear). */
export function matchesPattern(pattern: string, name: string): boolean {
  const parts = pattern.split('*');
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (parts.length === 1) return pattern === name;
  if (!name.startsWith(first) || name.length < first.length + last.length || !name.endsWith(last)) return false;
  let at = first.length;
  const end = name.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = name.indexOf(middle, at);
    if (found === -1 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}
