/**
 * An MCP result as Arbor's tool result, recorded as pi records it: the model gets text and images
 * (`toLlmContent`), text over pi's limit is cut in the middle with the whole saved to a file named in
 * the result (`limitMcpContent`, the file made as bash makes its full-output file), and `details` is
 * `{ server, tool, fullOutputPath? }`. The whole result (structured content included, `_meta` left
 * out) rides along as `structuredContent` for callers that read it; it is not stored in the session.
 */
import type { CallToolResult, ContentBlock, LlmContent } from '@earendil-works/pi-mcp';
import * as os from 'node:os';
import { saveFullOutput } from '../../agent/tools/outputTail';
import type { ToolResult } from '../../agent/tools/tool';
import type { Json } from '../../session';
import { formatSize } from '../../util/byteSize';
import { errorMessage } from '../../util/errors';
import type { PiMcp } from '../connections/piMcp';

/** The tool that reads what a resource link names. */
export const READ_MCP_RESOURCE_TOOL = 'read_mcp_resource';

export interface McpToolResult extends ToolResult {
  /** The server's whole result without `_meta` (resource tools: their JSON payload); never sent to the model. */
  structuredContent?: Json;
}

/** Saves data the model gets only part of; returns the file's path. */
export type OutputSaver = (data: string | Uint8Array, extension: string) => Promise<string>;

/** Full outputs in `directory` (default: the system's temporary folder), named `arbor-mcp-…`. */
export function outputSaver(directory: string = os.tmpdir()): OutputSaver {
  return (data, extension) => saveFullOutput(directory, 'arbor-mcp', data, extension);
}

export interface ConvertOptions {
  save: OutputSaver;
  /** Whether the server's resources can be read (a resource link then says with which tool). */
  readableResources: boolean;
}

/** Blob types that are text: shown as text, not saved. */
function isTextType(mimeType: string | undefined): boolean {
  const type = (mimeType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type.startsWith('text/') || type === 'application/json' || type.endsWith('+json') || type.endsWith('+xml');
}

/** The extension a saved blob gets: its URI's, when it has a short one. */
function extensionOf(uri: string): string {
  const path = URL.canParse(uri) ? new URL(uri).pathname : uri;
  return /\.[A-Za-z0-9]{1,8}$/.exec(path)?.[0] ?? '.bin';
}

async function blockContent(lib: PiMcp, server: string, block: ContentBlock, options: ConvertOptions): Promise<LlmContent[]> {
  if (block.type === 'resource_link') {
    const facts = [block.mimeType, block.size === undefined ? undefined : formatSize(block.size)].filter((fact) => fact !== undefined);
    const about = block.description ? ` - ${block.description}` : '';
    const how = options.readableResources ? ` (read it with ${READ_MCP_RESOURCE_TOOL}, server "${server}")` : '';
    return [{ type: 'text', text: `[Resource ${block.uri} "${block.title ?? block.name}"${facts.length > 0 ? ` (${facts.join(', ')})` : ''}${about}${how}]` }];
  }
  if (block.type === 'resource' && 'blob' in block.resource && !block.resource.mimeType?.startsWith('image/')) {
    const { uri, mimeType, blob } = block.resource;
    const data = Buffer.from(blob, 'base64');
    if (isTextType(mimeType)) return [{ type: 'text', text: data.toString('utf8') }];
    const kind = `${mimeType ?? 'unknown type'}, ${formatSize(data.length)}`;
    try {
      return [{ type: 'text', text: `[Binary resource ${uri} (${kind}) saved to ${await options.save(data, extensionOf(uri))}]` }];
    } catch (error) {
      return [{ type: 'text', text: `[Binary resource ${uri} (${kind}) could not be saved: ${errorMessage(error)}]` }];
    }
  }
  return lib.toLlmContent({ content: [block] });
}

/** Content blocks (a tool's, or a read resource's) as text and images, before the size limit. */
export async function modelContent(lib: PiMcp, server: string, blocks: readonly ContentBlock[], options: ConvertOptions): Promise<LlmContent[]> {
  return (await Promise.all(blocks.map((block) => blockContent(lib, server, block, options)))).flat();
}

/** Content within pi's size limit, and where the whole text went when it was cut. */
export async function limitedContent(lib: PiMcp, content: LlmContent[], save: OutputSaver): Promise<{ content: ToolResult['content']; fullOutputPath?: string }> {
  const limited = await lib.limitMcpContent(content, save);
  return { content: limited.content, ...(limited.fullOutputPath === undefined ? {} : { fullOutputPath: limited.fullOutputPath }) };
}

export async function convertResult(lib: PiMcp, server: string, tool: string, result: CallToolResult, options: ConvertOptions): Promise<McpToolResult> {
  // Without content blocks, `toLlmContent` shows the structured content as JSON.
  const converted = result.content.length > 0 ? await modelContent(lib, server, result.content, options) : lib.toLlmContent(result);
  if (result.isError && !converted.some((block) => block.type === 'text' && block.text !== '')) {
    converted.push({ type: 'text', text: `MCP tool ${server}/${tool} returned an error` });
  }
  const { content, fullOutputPath } = await limitedContent(lib, converted, options.save);
  const { _meta: _dropped, ...whole } = result;
  return {
    content,
    details: { server, tool, ...(fullOutputPath === undefined ? {} : { fullOutputPath }) },
    isError: result.isError === true,
    structuredContent: JSON.parse(JSON.stringify(whole)) as Json,
  };
}
