/**
 * Tool names as pi gives them (`createMcpToolName`: `mcp__<server>__<tool>`, other characters made
 * `_`, a hash suffix when too long or taken), so a session's calls keep their names between Arbor
 * and pi. A name once given stays with its tool for the life of the window: a server that lists
 * its tools again, or reconnects, gets the same names, and a withdrawn tool's name is not reused.
 */
import type { PiMcp } from '../connections/piMcp';

/** Which server's tool a name was given to. */
export interface NameOwner {
  server: string;
  tool: string;
}

export class McpToolNames {
  private readonly owners = new Map<string, NameOwner>();

  /** `reserved`: names an MCP tool must never take (Arbor's own tools). */
  constructor(private readonly reserved: ReadonlySet<string> = new Set()) {}

  /**
   * Names for one server's tools, in their order. Tools whose names come out the same once
   * sanitized (`a-b`, `a_b`) all get the hash suffix, whatever their order in the list.
   */
  assign(lib: Pick<PiMcp, 'createMcpToolName'>, server: string, tools: readonly string[]): Map<string, string> {
    const unique = [...new Set(tools)];
    const plain = unique.map((tool) => lib.createMcpToolName(server, tool));
    const clashes = new Set(plain.filter((name, index) => plain.indexOf(name) !== index));
    const given = new Set<string>();
    const names = new Map<string, string>();
    for (const tool of unique) {
      const isTaken = (candidate: string): boolean => {
        const owner = this.owners.get(candidate);
        return (owner !== undefined && (owner.server !== server || owner.tool !== tool)) || given.has(candidate) || clashes.has(candidate) || this.reserved.has(candidate);
      };
      const name = lib.createMcpToolName(server, tool, isTaken);
      this.owners.set(name, { server, tool });
      given.add(name);
      names.set(tool, name);
    }
    return names;
  }

  /** The server and tool a name was given to, while this window lives. */
  owner(name: string): NameOwner | undefined {
    return this.owners.get(name);
  }
}
