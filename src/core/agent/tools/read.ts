/**
 * `read`: a text file's lines (1-based `offset`, `limit`), cut at pi's line and byte limits with a
 * notice saying how to continue; PNG, JPEG, GIF and WebP files come back as image blocks.
 */
import { promises as fs } from 'node:fs';
import { optionalInteger, requiredString } from './args';
import { argumentsSchema, contentResult, defineTool, param, textResult, type ToolArgs, ToolFailure } from './define';
import { sniffImageType } from '../../workspace/images';
import { MAX_IMAGE_BYTES } from '../../util/imageType';
import { readLineWindow, type LineWindow } from '../../workspace/lineWindow';
import { resolveFile } from '../../workspace/paths';
import type { Tool, ToolContext, ToolResult } from './tool';
import { formatSize } from '../../util/byteSize';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, truncateHeadOf, truncationDetails } from '../../workspace/truncate';


export function createReadTool(): Tool {
  return defineTool({
    spec: {
      name: 'read',
      description:
        `Read a file in the workspace. Text comes back as lines; PNG, JPEG, GIF and WebP images come back as images. ` +
        `Text is cut at ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB, whichever comes first; ` +
        `use offset and limit to read a long file in parts.`,
      inputSchema: argumentsSchema(
        {
          path: param('string', 'File to read, relative to the workspace folder'),
          offset: param('number', 'First line to read, counting from 1'),
          limit: param('number', 'How many lines to read at most'),
        },
        ['path'],
      ),
    },
    needsApproval: false,
    run: readFile,
  });
}

async function readFile(args: ToolArgs, context: ToolContext): Promise<ToolResult> {
  const given = requiredString(args, 'path');
  const offset = optionalInteger(args, 'offset', 1);
  const limit = optionalInteger(args, 'limit', 1);
  const target = await resolveFile(context.root, given);
  const stat = target.stat;
  const mimeType = await sniffImageType(target.real);
  if (mimeType) return readImage(target.real, mimeType, stat.size);
  const start = (offset ?? 1) - 1;
  const window = await readLineWindow(target.real, {
    start,
    count: limit ?? Number.MAX_SAFE_INTEGER,
    maxLines: DEFAULT_MAX_LINES,
    maxBytes: DEFAULT_MAX_BYTES,
    signal: context.signal,
  });
  if (start >= window.totalLines) {
    throw new ToolFailure(`offset ${offset} is past the end of ${given}, which has ${window.totalLines} lines.`);
  }
  return textWindow(given, window, start, limit);
}

async function readImage(file: string, mimeType: string, size: number): Promise<ToolResult> {
  if (size > MAX_IMAGE_BYTES) {
    return textResult(`Image (${mimeType}, ${formatSize(size)}) is larger than the ${formatSize(MAX_IMAGE_BYTES)} an image may have; it was not attached.`);
  }
  const data = (await fs.readFile(file)).toString('base64');
  return contentResult([
    { type: 'text', text: `Image file (${mimeType}, ${formatSize(size)})` },
    { type: 'image', data, mimeType },
  ]);
}

function textWindow(given: string, window: LineWindow, start: number, limit: number | undefined): ToolResult {
  const cut = truncateHeadOf(
    { lines: window.lines, sizes: window.sizes, totalLines: window.windowLines, totalBytes: window.windowBytes, whole: () => window.lines.join('\n') },
    { maxLines: DEFAULT_MAX_LINES, maxBytes: DEFAULT_MAX_BYTES },
  );
  const first = start + 1;
  if (cut.firstLineExceedsLimit) {
    const notice = `[Line ${first} is ${formatSize(window.sizes[0]!)}, over the ${formatSize(DEFAULT_MAX_BYTES)} limit. Read part of it with bash, e.g. sed -n '${first}p' ${given} | head -c ${DEFAULT_MAX_BYTES}]`;
    return textResult(notice, { truncation: truncationDetails(cut) });
  }
  if (cut.truncated) {
    const last = start + cut.outputLines;
    const limitWords = cut.truncatedBy === 'bytes' ? ` (${formatSize(DEFAULT_MAX_BYTES)} limit)` : '';
    const notice = `[Lines ${first}-${last} of ${window.totalLines} shown${limitWords}. Continue with offset=${last + 1}.]`;
    return textResult(`${cut.content}\n\n${notice}`, { truncation: truncationDetails(cut) });
  }
  const last = start + window.lines.length;
  if (limit !== undefined && last < window.totalLines) {
    return textResult(`${cut.content}\n\n[${window.totalLines - last} more lines in the file. Continue with offset=${last + 1}.]`);
  }
  return textResult(cut.content);
}
