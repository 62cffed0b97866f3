/**
 * The tools the editor offers extensions (VS Code's `vscode.lm.tools`: its own MCP servers' tools
 * once started, and tools other extensions register) as Arbor's tools. They are deferred: only
 * `tool_search` finds them, and a found one is declared on the branch from then on, so two dozen of
 * them do not weigh on every request. Each is named `vscode__<name>` (other characters made `_`, at
 * most 64 characters, a hash suffix when too long or taken), asked about before each call, and run
 * by the editor; what it returns becomes text (an image stays an image, anything else a short note).
 */
import { createHash } from 'node:crypto';
import type { Tool, ToolResult } from '../../agent/tools/tool';
import { errorResult } from '../../agent/tools/define';
import type { Json } from '../../session';
import { errorMessage } from '../../util/errors';
import { loadPiMcp } from '../connections/piMcp';
import { limitedContent, type OutputSaver } from './results';
import type { SearchCandidate } from './toolSearch';

export const HOST_TOOL_PREFIX = 'vscode__';
/** Where these tools come from, as the approval card and the meter name it. */
export const HOST_TOOLS_SOURCE = 'VS Code';
const MAX_NAME = 64;

/** A tool as the editor describes it (the fields of `vscode.LanguageModelToolInformation` Arbor reads). */
export interface HostToolInfo {
  name: string;
  description: string;
  inputSchema?: object;
  tags?: readonly string[];
}

/** The editor's side: its tools now, and running one (the result's parts as the editor gives them). */
export interface ToolHost {
  tools(): readonly HostToolInfo[];
  invoke(name: string, input: { [key: string]: Json }, signal: AbortSignal): Promise<{ content: readonly unknown[] }>;
}

export interface HostToolEntry {
  name: string;
  info: HostToolInfo;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}

/**
 * Names for the editor's tools. A name once given stays with its tool for the life of the window
 * (the list may change under it), and tools whose names come out the same once sanitized all get
 * the hash suffix, whatever their order.
 */
export class HostToolNames {
  private readonly given = new Map<string, string>();
  private readonly owners = new Map<string, string>();

  constructor(private readonly reserved: ReadonlySet<string> = new Set()) {}

  assign(tools: readonly string[]): Map<string, string> {
    const unique = [...new Set(tools)];
    const plain = unique.map(plainName);
    const clashes = new Set(plain.filter((name, index) => plain.indexOf(name) !== index));
    const names = new Map<string, string>();
    for (const [index, tool] of unique.entries()) {
      let name = this.given.get(tool);
      if (name === undefined) {
        const base = plain[index]!;
        const taken = (candidate: string): boolean => this.owners.has(candidate) || this.reserved.has(candidate) || clashes.has(candidate);
        name = base.length <= MAX_NAME && !taken(base) ? base : hashed(base, tool, taken);
        this.given.set(tool, name);
        this.owners.set(name, tool);
      }
      names.set(tool, name);
    }
    return names;
  }
}

/** `vscode__` and the name with characters other than letters, digits and `_` made `_` (not yet cut to length). */
function plainName(tool: string): string {
  return HOST_TOOL_PREFIX + tool.replace(/[^A-Za-z0-9_]/g, '_');
}

function hashed(base: string, tool: string, taken: (name: string) => boolean): string {
  for (let attempt = 0; ; attempt++) {
    const suffix = `_${shortHash(attempt === 0 ? tool : `${tool}\n${attempt}`)}`;
    const name = base.slice(0, MAX_NAME - suffix.length) + suffix;
    if (!taken(name)) return name;
  }
}

/** The editor's result parts as a tool result: text parts as text, images as images, other parts a short note. */
export async function hostResult(parts: readonly unknown[], save: OutputSaver): Promise<ToolResult> {
  const content: ToolResult['content'] = [];
  for (const part of parts) {
    const value = part !== null && typeof part === 'object' ? (part as { value?: unknown; mimeType?: unknown; data?: unknown }) : {};
    if (typeof value.value === 'string') content.push({ type: 'text', text: value.value });
    else if (typeof value.mimeType === 'string' && value.mimeType.startsWith('image/') && value.data instanceof Uint8Array) content.push({ type: 'image', mimeType: value.mimeType, data: Buffer.from(value.data).toString('base64') });
    else content.push({ type: 'text', text: '[a part of the result Arbor cannot show]' });
  }
  if (content.length === 0) content.push({ type: 'text', text: '(no output)' });
  const limited = await limitedContent(await loadPiMcp(), content, save);
  return { content: limited.content, ...(limited.fullOutputPath === undefined ? {} : { details: { fullOutputPath: limited.fullOutputPath } }), isError: false };
}

export class HostTools {
  private readonly names: HostToolNames;

  constructor(
    private readonly host: ToolHost,
    private readonly save: OutputSaver,
    reservedNames: Iterable<string> = [],
  ) {
    this.names = new HostToolNames(new Set(reservedNames));
  }

  /** The editor's tools now, named, in its order. */
  entries(): HostToolEntry[] {
    const tools = this.host.tools();
    const names = this.names.assign(tools.map((tool) => tool.name));
    return tools.map((info) => ({ name: names.get(info.name)!, info }));
  }

  /** Every tool the editor offers now. */
  tools(): Tool[] {
    return this.entries().map((entry) => this.toolOf(entry));
  }

  /** The tool a name is given to, while the editor offers it. */
  toolFor(name: string): Tool | undefined {
    const entry = this.entries().find((each) => each.name === name);
    return entry && this.toolOf(entry);
  }

  /** What `tool_search` may load: the tools not loaded on the branch yet. */
  candidates(loaded: ReadonlySet<string>): SearchCandidate[] {
    return this.entries()
      .filter((entry) => !loaded.has(entry.name))
      .map((entry) => ({ name: entry.name, description: describe(entry.info), parameterText: parameterText(entry.info.inputSchema), server: HOST_TOOLS_SOURCE, serverDescription: (entry.info.tags ?? []).join(' ') }));
  }

  private toolOf(entry: HostToolEntry): Tool {
    const { info } = entry;
    return {
      spec: { name: entry.name, description: describe(info), inputSchema: objectSchema(info.inputSchema) },
      needsApproval: true,
      origin: { kind: 'vscode', server: HOST_TOOLS_SOURCE, tool: info.name },
      execute: async (args, context) => {
        if (!this.host.tools().some((tool) => tool.name === info.name)) return errorResult(`The VS Code tool "${info.name}" is no longer available.`);
        try {
          return await hostResult((await this.host.invoke(info.name, args, context.signal)).content, this.save);
        } catch (error) {
          if (context.signal.aborted) return errorResult('The tool call was aborted.');
          return errorResult(`The VS Code tool "${info.name}" failed: ${errorMessage(error)}`);
        }
      },
    };
  }
}

function describe(info: HostToolInfo): string {
  return info.description.trim() || `VS Code tool ${info.name}`;
}

/** The tool's schema when it is an object schema; otherwise one that takes no arguments. */
function objectSchema(schema: object | undefined): { [key: string]: Json } {
  if (schema !== undefined && (schema as { type?: unknown }).type === 'object') return JSON.parse(JSON.stringify(schema)) as { [key: string]: Json };
  return { type: 'object', properties: {} };
}

/** The names and descriptions of a schema's top-level properties, for the search. */
export function parameterText(schema: object | undefined): string {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  if (properties === null || typeof properties !== 'object') return '';
  return Object.entries(properties as Record<string, unknown>)
    .map(([name, property]) => {
      const description = property !== null && typeof property === 'object' ? (property as { description?: unknown }).description : undefined;
      return typeof description === 'string' ? `${name} ${description}` : name;
    })
    .join(' ');
}
