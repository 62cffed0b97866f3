/**
 * Keeping tool output small enough for the model: a line limit and a byte limit, whichever is hit
 * first (pi's defaults, so sessions read the same in both). `truncateHead` keeps the start (files,
 * listings), `truncateTail` the end (command output, where errors are). Only whole lines are kept,
 * except a last line longer than the byte limit, whose end is kept.
 *
 * The result is pi's `details.truncation` shape, so a UI that renders pi's notices renders ours.
 */
import type { Json } from '../session';

export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;

export interface TruncationLimits {
  maxLines?: number;
  maxBytes?: number;
}

export type Truncation = {
  content: string;
  truncated: boolean;
  truncatedBy: 'lines' | 'bytes' | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  /** The kept text starts inside a line (tail truncation of one overlong line). */
  lastLinePartial: boolean;
  /** Head truncation: the first line alone is over the byte limit, so nothing is kept. */
  firstLineExceedsLimit: boolean;
  maxLines: number;
  maxBytes: number;
};

/** The truncation as `details` (without the kept text, which is in the result's content). */
export function truncationDetails(truncation: Truncation): Json {
  const { content: _content, ...rest } = truncation;
  return rest;
}

export function truncateHead(text: string, limits: TruncationLimits = {}): Truncation {
  const { maxLines, maxBytes } = resolved(limits);
  const lines = text.split('\n');
  const totalBytes = Buffer.byteLength(text, 'utf8');
  const base = { totalLines: lines.length, totalBytes, maxLines, maxBytes, lastLinePartial: false };
  if (lines.length <= maxLines && totalBytes <= maxBytes) return untruncated(text, base);
  const kept: string[] = [];
  let bytes = 0;
  let truncatedBy: 'lines' | 'bytes' = 'lines';
  for (const line of lines.slice(0, maxLines)) {
    const cost = Buffer.byteLength(line, 'utf8') + (kept.length > 0 ? 1 : 0);
    if (bytes + cost > maxBytes) {
      truncatedBy = 'bytes';
      break;
    }
    kept.push(line);
    bytes += cost;
  }
  const content = kept.join('\n');
  return {
    ...base,
    content,
    truncated: true,
    truncatedBy,
    outputLines: kept.length,
    outputBytes: Buffer.byteLength(content, 'utf8'),
    firstLineExceedsLimit: kept.length === 0 && lines.length > 0,
  };
}

export function truncateTail(text: string, limits: TruncationLimits = {}): Truncation {
  const { maxLines, maxBytes } = resolved(limits);
  const lines = text.split('\n');
  const totalBytes = Buffer.byteLength(text, 'utf8');
  const base = { totalLines: lines.length, totalBytes, maxLines, maxBytes, firstLineExceedsLimit: false };
  if (lines.length <= maxLines && totalBytes <= maxBytes) return { ...untruncated(text, base), lastLinePartial: false };
  const kept: string[] = [];
  let bytes = 0;
  let truncatedBy: 'lines' | 'bytes' = 'lines';
  let lastLinePartial = false;
  for (let index = lines.length - 1; index >= 0 && kept.length < maxLines; index--) {
    const line = lines[index]!;
    const cost = Buffer.byteLength(line, 'utf8') + (kept.length > 0 ? 1 : 0);
    if (bytes + cost > maxBytes) {
      truncatedBy = 'bytes';
      if (kept.length === 0) {
        kept.push(endOfLine(line, maxBytes));
        lastLinePartial = true;
      }
      break;
    }
    kept.unshift(line);
    bytes += cost;
  }
  const content = kept.join('\n');
  return { ...base, content, truncated: true, truncatedBy, outputLines: kept.length, outputBytes: Buffer.byteLength(content, 'utf8'), lastLinePartial };
}

/** The last `maxBytes` bytes of a line, starting on a character boundary. */
function endOfLine(line: string, maxBytes: number): string {
  const bytes = Buffer.from(line, 'utf8');
  let start = bytes.length - maxBytes;
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start).toString('utf8');
}

function resolved(limits: TruncationLimits): { maxLines: number; maxBytes: number } {
  return { maxLines: limits.maxLines ?? DEFAULT_MAX_LINES, maxBytes: limits.maxBytes ?? DEFAULT_MAX_BYTES };
}

function untruncated<T extends { totalLines: number; totalBytes: number }>(text: string, base: T) {
  return {
    ...base,
    content: text,
    truncated: false,
    truncatedBy: null,
    outputLines: base.totalLines,
    outputBytes: base.totalBytes,
    lastLinePartial: false,
    firstLineExceedsLimit: false,
  };
}
