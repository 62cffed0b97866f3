/**
 * A server's `exposure` and its per-tool `toolExposure`, checked as pi checks them and looked up as
 * pi looks them up. pi's MCP library leaves both fields to the application, so they are read here.
 */
import type { McpExposure, McpServerSpec } from '../types';

export const MCP_EXPOSURES: readonly McpExposure[] = ['codemode', 'deferred', 'direct', 'hidden'];

/** pi's default: a server's tools are reached from scripts (for Arbor: through `tool_search`). */
export const DEFAULT_MCP_EXPOSURE: McpExposure = 'codemode';

/** An older name pi still accepts and reads as the current one. */
const EXPOSURE_ALIASES: ReadonlyMap<string, McpExposure> = new Map([['codemode-deferred', 'codemode']]);

function exposureOf(value: unknown): McpExposure | undefined {
  if (typeof value !== 'string') return undefined;
  const name = EXPOSURE_ALIASES.get(value) ?? value;
  return (MCP_EXPOSURES as readonly string[]).includes(name) ? (name as McpExposure) : undefined;
}

export interface ReadExposures {
  exposure: McpExposure;
  toolExposure: (readonly [pattern: string, exposure: McpExposure])[];
}

const CHOICES = MCP_EXPOSURES.map((value) => `"${value}"`).join(', ');

/**
 * The entry's `exposure` (default `codemode`) and `toolExposure` in the file's order, aliases
 * replaced; or why they cannot be used, in pi's words for the same mistakes.
 */
export function readExposures(entry: Readonly<Record<string, unknown>>): ReadExposures | { error: string } {
  const { exposure, toolExposure } = entry;
  const server = exposure === undefined ? DEFAULT_MCP_EXPOSURE : exposureOf(exposure);
  if (server === undefined) return { error: `exposure must be one of ${CHOICES}` };
  if (toolExposure === undefined) return { exposure: server, toolExposure: [] };
  if (typeof toolExposure !== 'object' || toolExposure === null || Array.isArray(toolExposure)) {
    return { error: 'toolExposure must map tool names to exposures' };
  }
  const tools: (readonly [string, McpExposure])[] = [];
  // Own keys only, in the order the file wrote them (`__proto__` is an ordinary key of parsed JSON).
  for (const [tool, value] of Object.entries(toolExposure)) {
    const read = exposureOf(value);
    if (read === undefined) return { error: `toolExposure "${tool}" must be one of ${CHOICES}` };
    tools.push([tool, read]);
  }
  return { exposure: server, toolExposure: tools };
}

/**
 * How one of the server's tools reaches the model: a `toolExposure` key equal to the tool's name
 * (as the server names it) wins, then the first key with `*` that matches, else the server's.
 */
export function toolExposureOf(spec: Pick<McpServerSpec, 'exposure' | 'toolExposure'>, serverToolName: string): McpExposure {
  const exact = spec.toolExposure.find(([pattern]) => pattern === serverToolName);
  if (exact) return exact[1];
  const matched = spec.toolExposure.find(([pattern]) => pattern.includes('*') && wildcardMatches(pattern, serverToolName));
  return matched ? matched[1] : spec.exposure;
}

/**
 * Whether `text` matches `pattern`, where `*` stands for any characters (none included) and every
 * other character for itself. No regular expression: a pattern such as `*a*a*a*a*b` would make a
 * backtracking engine take time exponential in the stars; this walk retries only from the last star,
 * so it takes at most pattern length times text length steps.
 */
export function wildcardMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
