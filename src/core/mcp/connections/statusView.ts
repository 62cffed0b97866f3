/**
 * How the MCP servers list (the editor's "Arbor: MCP Servers", like pi's `/mcp`) says each server:
 * its state, where it is defined, how many tools it offers and how they reach the model, and why it
 * failed with the last lines of its stderr. Plain text: a server's error and stderr are someone
 * else's words, shown, never linked or rendered.
 */
import type { McpServerState, McpServerStatus } from './serverConnection';

export interface McpServerLine {
  name: string;
  /** State, tool count, exposure. */
  description: string;
  /** Which file, and the last error with the tail of stderr. */
  detail: string;
}

const STATE_WORDS: Readonly<Record<McpServerState, string>> = {
  starting: 'starting',
  connected: 'connected',
  disconnected: 'disconnected (reconnects on the next call)',
  failed: 'failed',
  disabled: 'disabled',
  stopped: 'stopped',
};

/** Lines of stderr shown beside a failure (the log has them all). */
export const SHOWN_STDERR_LINES = 5;

export function serverLine(status: McpServerStatus, waiting = false): McpServerLine {
  const { spec } = status;
  const state = waiting ? 'waiting for your permission' : STATE_WORDS[status.state];
  const tools = status.state === 'connected' ? `${status.tools.length} ${status.tools.length === 1 ? 'tool' : 'tools'}` : undefined;
  const description = [state, tools, `exposure ${spec.exposure}`, spec.source === 'project' ? 'project' : 'user'].filter((part) => part !== undefined).join(' · ');
  const file = spec.overrides === undefined ? spec.file : `${spec.overrides} (changed by ${spec.file})`;
  const failure = status.error === undefined ? [] : [`Error: ${status.error}`, ...status.stderrTail.slice(-SHOWN_STDERR_LINES).map((line) => `stderr: ${line}`)];
  return { name: status.name, description, detail: [file, ...failure].join('\n') };
}

/**
 * Which servers are newly failed: each failure is told once, not once per request or per change
 * of another server; a server that recovers and fails again is told again.
 */
export class FailureNotices {
  private readonly failed = new Set<string>();

  /** The names to tell about now, given every server's status. */
  update(statuses: readonly McpServerStatus[]): string[] {
    const now = new Set(statuses.filter((status) => status.state === 'failed').map((status) => status.name));
    const fresh = [...now].filter((name) => !this.failed.has(name));
    this.failed.clear();
    for (const name of now) this.failed.add(name);
    return fresh;
  }
}
