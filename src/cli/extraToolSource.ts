/**
 * The hook through which `arbor run` gets tools beside Arbor's own: the MCP servers of pi's
 * configuration (`~/.pi/agent/mcp.json`, and `.pi/mcp.json` with `--trust-project`). `main.ts`
 * passes `createExtraToolSource` in the process's `CliIo`; tests pass their own. It is not called
 * with `--no-mcp`. The source it returns is narrowed to the MCP tools `--tools` names, and closed
 * when the run ends.
 */
import type { ToolSource } from '../core/agent/tools/toolSource';
import { narrowedToolSource } from '../core/agent/tools/toolSource';
import type { CliIo } from './io';
import { cliMcpToolSource, closedOnSignals } from './mcpSource';
import type { CliMcpOptions } from './toolFlags';

export interface ExtraToolSourceOptions {
  mcp: CliMcpOptions;
  /** The folder the tools work in (where `.pi/mcp.json` is looked for). */
  root: string;
  /** For what the user should read on stderr (a server that failed to start). */
  io: CliIo;
}

/** A tool source the run closes when it ends (stops the servers it started). */
export interface CliToolSource extends ToolSource {
  close?(): Promise<void>;
}

export type CreateExtraToolSource = (options: ExtraToolSourceOptions) => Promise<CliToolSource | undefined>;

/** The process's hook: the MCP servers of pi's configuration (mcpSource.ts), stopped also on Ctrl-C. */
export const createExtraToolSource: CreateExtraToolSource = async (options) => {
  const source = await cliMcpToolSource(options);
  return source && closedOnSignals(source);
};

/** The run's extra tools: none with `--no-mcp` or without a hook, else the hook's, narrowed to `--tools`. */
export async function openExtraToolSource(io: CliIo, options: ExtraToolSourceOptions): Promise<CliToolSource | undefined> {
  if (!options.mcp.enabled || !io.createExtraToolSource) return undefined;
  const source = await io.createExtraToolSource(options);
  if (!source) return undefined;
  const narrowed = narrowedToolSource(source, options.mcp.allow);
  return source.close ? { ...narrowed, close: () => source.close!() } : narrowed;
}
