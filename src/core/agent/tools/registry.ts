/**
 * The agent's tool set, in the order the model sees it (pi's: read, bash, edit, write, grep, find,
 * ls, then Arbor's recall), optionally narrowed to a list of names (`arbor run --tools`). By
 * default recall is offered only while the branch holds a compaction (before that it has nothing
 * to find); named in the list, it is always offered.
 */
import type { ToolSpec } from '../../llm/provider';
import { createBashTool, type BashToolOptions } from './bash';
import { createEditTool } from './edit';
import { createFindTool } from './find';
import { createGrepTool } from './grep';
import { createLsTool } from './ls';
import { createReadTool } from './read';
import { createRecallTool } from './recall';
import type { Tool } from './tool';
import { createWriteTool } from './write';

export const TOOL_NAMES = ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls', 'recall'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export interface CreateToolsOptions {
  /** Only these tools (any order; the result keeps the fixed order). Default: all. */
  only?: readonly string[];
  bash?: BashToolOptions;
}

export class UnknownToolError extends Error {
  readonly reason = 'unknown-tool';
  constructor(readonly names: string[]) {
    super(`Unknown tool${names.length > 1 ? 's' : ''}: ${names.join(', ')}. Known tools: ${TOOL_NAMES.join(', ')}.`);
    this.name = 'UnknownToolError';
  }
}

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

export function createTools(options: CreateToolsOptions = {}): Tool[] {
  const unknown = (options.only ?? []).filter((name) => !isToolName(name));
  if (unknown.length > 0) throw new UnknownToolError(unknown);
  const wanted = new Set(options.only ?? TOOL_NAMES);
  const factories: Record<ToolName, () => Tool> = {
    read: createReadTool,
    bash: () => createBashTool(options.bash),
    edit: createEditTool,
    write: createWriteTool,
    grep: createGrepTool,
    find: createFindTool,
    ls: createLsTool,
    recall: () => (options.only === undefined ? { ...createRecallTool(), onlyAfterCompaction: true } : createRecallTool()),
  };
  return TOOL_NAMES.filter((name) => wanted.has(name)).map((name) => factories[name]());
}

/** The tools offered for a request on a branch that does or does not hold a compaction. */
export function offeredTools(tools: readonly Tool[], compacted: boolean): readonly Tool[] {
  return compacted || !tools.some((tool) => tool.onlyAfterCompaction) ? tools : tools.filter((tool) => !tool.onlyAfterCompaction);
}

/** What the model is told about the tools. */
export function toolSpecs(tools: readonly Tool[]): ToolSpec[] {
  return tools.map((tool) => tool.spec);
}
