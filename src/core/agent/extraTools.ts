/**
 * The agent's tools at one moment: its own (built-in, fixed between configurations) followed by
 * what a `ToolSource` offers now. The request declares both; a call finds a built-in first, then
 * asks the source (a tool declared by an earlier `tool_search` may no longer be listed but still
 * be callable). A source's tool named like a built-in is left out (the built-in wins) and logged
 * once. The source's tools go through the same approval gate as the built-ins, wrapped at call
 * time because they change.
 */
import { holdsCompaction } from '../recall';
import type { SessionEntry } from '../session';
import { errorMessage } from '../util/errors';
import type { Logger } from '../util/logger';
import type { ApprovalGate } from './tools/approval';
import { offeredTools } from './tools/registry';
import type { Tool } from './tools/tool';
import type { ToolSpec } from '../llm/provider';
import type { PromptSection } from './systemPrompt';
import type { ToolSource } from './tools/toolSource';

export class ExtraTools {
  /** Names already logged (a clash, a source that failed), so each is said once. */
  private readonly logged = new Set<string>();

  constructor(
    private readonly source: ToolSource | undefined,
    private readonly gate: ApprovalGate,
    private readonly logger: Logger,
  ) {}

  /**
   * What the next request on `branch` declares: the built-ins offered, then the source's tools
   * (only their specs are read: a call goes through `named`).
   */
  declared(builtins: readonly Tool[], branch: readonly SessionEntry[], compacted = holdsCompaction(branch)): readonly Tool[] {
    const offered = offeredTools(builtins, compacted);
    if (!this.source) return offered;
    const taken = new Set(builtins.map((tool) => tool.spec.name));
    const extra: Tool[] = [];
    for (const tool of this.listed(branch)) {
      const name = tool.spec.name;
      if (taken.has(name)) {
        this.once(`clash:${name}`, () => this.logger.warn(`A tool named ${name} was left out: ${builtins.some((own) => own.spec.name === name) ? "one of Arbor's own tools has that name" : 'another tool has that name'}`));
        continue;
      }
      taken.add(name);
      extra.push(tool);
    }
    return extra.length === 0 ? offered : [...offered, ...extra];
  }

  /** The tool a call names, gated as it needs; undefined when neither the built-ins nor the source have it. */
  named(builtins: readonly Tool[], name: string): Tool | undefined {
    const builtin = builtins.find((tool) => tool.spec.name === name);
    if (builtin) return builtin;
    const extra = this.found(name);
    return extra && this.gate.wrap([extra])[0];
  }

  /** Whether a call to `name` would find a tool (a built-in's name, or one the source has now, not a stand-in saying why it cannot run). */
  provides(builtins: readonly Tool[], name: string): boolean {
    if (builtins.some((tool) => tool.spec.name === name)) return true;
    const found = this.found(name);
    return found !== undefined && found.unavailable !== true;
  }

  /** Waits until the source is ready for a prompt's first request (the source bounds the wait); a stop ends it at once. */
  async ready(signal: AbortSignal): Promise<void> {
    if (!this.source?.ready || signal.aborted) return;
    let stop = (): void => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    signal.addEventListener('abort', stop, { once: true });
    try {
      await Promise.race([this.source.ready(signal), stopped]);
    } catch (error) {
      this.logger.warn(`The extra tools were not ready for the request: ${errorMessage(error)}`);
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  /** The source's section of the system prompt (undefined: none, or the source failed, which is logged once). */
  promptSection(): PromptSection | undefined {
    try {
      return this.source?.promptSection?.();
    } catch (error) {
      this.once('failed:section', () => this.logger.error(`Could not write the extra tools' part of the system prompt: ${errorMessage(error)}`));
      return undefined;
    }
  }

  private listed(branch: readonly SessionEntry[]): readonly Tool[] {
    try {
      return this.source?.toolsFor(branch) ?? [];
    } catch (error) {
      this.once('failed:list', () => this.logger.error(`Could not list the extra tools: ${errorMessage(error)}`));
      return [];
    }
  }

  /** The source's tool of that name (a tool answering for another name is not taken). */
  private found(name: string): Tool | undefined {
    try {
      const tool = this.source?.find(name);
      return tool?.spec.name === name ? tool : undefined;
    } catch (error) {
      this.once('failed:find', () => this.logger.error(`Could not look up an extra tool: ${errorMessage(error)}`));
      return undefined;
    }
  }

  private once(key: string, log: () => void): void {
    if (this.logged.has(key)) return;
    this.logged.add(key);
    log();
  }
}

/** The declared tools as the meter's breakdown takes them: their definitions, and the MCP server of each (its own part). */
export function toolsOfRequest(tools: readonly Tool[]): { tools: ToolSpec[]; toolServers: (string | undefined)[] } {
  return { tools: tools.map((tool) => tool.spec), toolServers: tools.map((tool) => (tool.origin?.kind === 'mcp' ? tool.origin.server : undefined)) };
}
