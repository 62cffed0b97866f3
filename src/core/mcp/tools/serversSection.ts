/**
 * The `mcp_servers` section of the system prompt, as pi 1.6 writes it: the model is told which
 * enabled servers have tools it is not declared (exposure `deferred`, or `codemode`, which Arbor
 * reaches through `tool_search` too), since `tool_search` itself names no server. One line per
 * server, sorted by name: its namespace, how its tools are reached, and a one-line summary (the
 * configured `description`, else the first line of what the server said about itself once it
 * connected). A summary is cut to 250 characters and the whole section to 4096: summaries shrink to
 * fit, and when the server lines alone do not fit, the last servers are counted in a closing line.
 *
 * It is computed from the servers' statuses at every request and depends on nothing else (no
 * time, no order of connection), so it stays the same text while nothing changed and the
 * provider's prompt cache keeps hitting.
 */
import { configuredExposures } from '../connections/connections';
import { ellipsized } from '../../util/plainText';
import type { McpServerStatus } from '../connections/serverConnection';

/** The section's name: its tag in the prompt. */
export const MCP_SERVERS_SECTION = 'mcp_servers';
/** Characters of one server's summary (pi's bound, as Codex allows for a deferred namespace). */
export const MAX_SERVER_SUMMARY_CHARS = 250;
/** Characters of the whole section. */
export const MAX_SERVERS_SECTION_CHARS = 4096;

/** How the listed servers' tools reach the model: Arbor has no codemode, so always `tool_search`. */
const REACH = 'tool_search';
const INTRO = 'These MCP servers have tools that are not declared to you yet: load the ones you need with `tool_search` before calling them.';

/** What the section reads of a server. */
export type ListedServer = Pick<McpServerStatus, 'name' | 'instructions'> & { spec: Pick<McpServerStatus['spec'], 'enabled' | 'exposure' | 'toolExposure' | 'description'> };

/** The section's text, or undefined when no enabled server has tools reached through `tool_search`. */
export function mcpServersSection(servers: readonly ListedServer[]): string | undefined {
  const listed = servers.filter(reachedBySearch).sort((a, b) => a.name.localeCompare(b.name));
  if (listed.length === 0) return undefined;
  const heads = listed.map((server) => `- ${namespaceOf(server.name)} (${REACH})`);
  const closing = (left: number): string[] => (left > 0 ? [`- … ${left} more server${left === 1 ? '' : 's'}; ${REACH} finds their tools too`] : []);
  // The length of the intro, the first `kept` server lines without summaries and the closing line.
  const bare = (kept: number): number => [INTRO, ...heads.slice(0, kept), ...closing(listed.length - kept)].join('\n').length;
  let kept = listed.length;
  while (kept > 0 && bare(kept) > MAX_SERVERS_SECTION_CHARS) kept--;
  // What is left is shared evenly; each summary also takes its ": ".
  const room = kept === 0 ? 0 : Math.min(MAX_SERVER_SUMMARY_CHARS, Math.floor((MAX_SERVERS_SECTION_CHARS - bare(kept)) / kept) - 2);
  const lines = listed.slice(0, kept).map((server, index) => {
    const summary = room > 0 ? shortened(summaryOf(server), room) : '';
    return summary ? `${heads[index]}: ${summary}` : heads[index]!;
  });
  return [INTRO, ...lines, ...closing(listed.length - kept)].join('\n');
}

function reachedBySearch(server: ListedServer): boolean {
  const exposures = configuredExposures(server.spec);
  return server.spec.enabled && (exposures.has('deferred') || exposures.has('codemode'));
}

/** How pi names a server's tools as a group (`mcp__<server>`, a `-` written `_`). */
function namespaceOf(server: string): string {
  return `mcp__${server.replace(/-/g, '_')}`;
}

/** The first line of the description, else of the server's instructions; empty without either. */
function summaryOf(server: ListedServer): string {
  const text = server.spec.description?.trim() || server.instructions?.trim() || '';
  return (text.split('\n', 1)[0] ?? '').trim();
}

/** At most `max` characters, an ellipsis marking a cut (no blanks before it), never half a surrogate pair. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  return max <= 1 ? '' : `${ellipsized(text, max).slice(0, -1).trimEnd()}…`;
}
