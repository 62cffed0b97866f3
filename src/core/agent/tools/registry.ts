/**
 * The agent's tool set, in the order the model sees it (pi's: read, bash, edit, write, grep, find,
 * ls), optionally narrowed to a list of names (`arbor run --tools`).
 */
import type { ToolSpec } from '../../llm/provider';
import { createBashTool, type BashToolOptions } from './bash';
import { createEditTool } from './edit';
import { createFindTool } from './find';
import { createGrepTool } from './grep';
import { createLsTool } from './ls';
import { createReadTool } from './read';
import type { Tool } from './tool';
import { createWriteTool } from './write';

export const TOOL_NAMES = ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls'] as const;
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
  };
  return TOOL_NAMES.filter((name) => wanted.has(name)).map((name) => factories[name]());
}

/** What the model is told about the tools. */
export function toolSpecs(tools: readonly Tool[]): ToolSpec[] {
  return tools.map((tool) => tool.spec);
}
