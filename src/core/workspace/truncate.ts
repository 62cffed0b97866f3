/**
 * Keeping tool output small enough for the model: a line limit and a byte limit, whichever is hit
 * first (pi's defaults, so sessions read the same in both). `truncateHead` keeps the start (files,
 * listings), `truncateTail` the end (command output, where errors are). Only whole lines are kept,
 * except a last line longer than the byte limit, whose end is kept. Lines are counted as pi 1.6
 * counts them (`countedLines`): the newline that ends a text starts no line of its own.
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

/**
 * A text's lines as pi 1.6 counts them: a final newline ends the last line rather than starting
 * another one, and an empty text has no lines.
 */
export function countedLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

export function truncateHead(text: string, limits: TruncationLimits = {}): Truncation {
  const lines = countedLines(text);
  return truncateHeadOf({ lines, totalLines: lines.length, totalBytes: Buffer.byteLength(text, 'utf8'), whole: () => text }, limits);
}

/** A text given by its first lines, for head truncation without holding all of it (a file being read). */
export interface HeadLines {
  /**
   * The text's first lines: all of them, or at least one more than the limits can keep. A line
   * over the byte limit may be held cut short, its real size in `sizes`.
   */
  lines: readonly string[];
  /** Bytes of each line (computed from `lines` when absent). */
  sizes?: readonly number[];
  /** The text's lines as `countedLines` counts them, and its bytes. */
  totalLines: number;
  totalBytes: number;
  /** The whole text, kept when nothing is cut. */
  whole: () => string;
}

/** `truncateHead` of a text given by its first lines. */
export function truncateHeadOf(text: HeadLines, limits: TruncationLimits = {}): Truncation {
  const totals = { totalLines: text.totalLines, totalBytes: text.totalBytes, ...resolved(limits) };
  if (fits(totals)) return shaped(totals, text.whole(), { truncatedBy: null, outputLines: totals.totalLines });
  const { lines } = text;
  const kept: string[] = [];
  let bytes = 0;
  let truncatedBy: 'lines' | 'bytes' = 'lines';
  for (let index = 0; index < Math.min(lines.length, totals.totalLines, totals.maxLines); index++) {
    const cost = (text.sizes?.[index] ?? Buffer.byteLength(lines[index]!, 'utf8')) + (index > 0 ? 1 : 0);
    if (bytes + cost > totals.maxBytes) {
      truncatedBy = 'bytes';
      break;
    }
    kept.push(lines[index]!);
    bytes += cost;
  }
  return shaped(totals, kept.join('\n'), { truncatedBy, outputLines: kept.length, firstLineExceedsLimit: kept.length === 0 && totals.totalLines > 0 });
}

export function truncateTail(text: string, limits: TruncationLimits = {}): Truncation {
  const lines = countedLines(text);
  const totals = { totalLines: lines.length, totalBytes: Buffer.byteLength(text, 'utf8'), ...resolved(limits) };
  if (fits(totals)) return shaped(totals, text, { truncatedBy: null, outputLines: totals.totalLines });
  const kept: string[] = [];
  let bytes = 0;
  let truncatedBy: 'lines' | 'bytes' = 'lines';
  let lastLinePartial = false;
  for (let index = lines.length - 1; index >= 0 && kept.length < totals.maxLines; index--) {
    const line = lines[index]!;
    const cost = Buffer.byteLength(line, 'utf8') + (kept.length > 0 ? 1 : 0);
    if (bytes + cost > totals.maxBytes) {
      truncatedBy = 'bytes';
      if (kept.length === 0) {
        kept.push(endOfLine(line, totals.maxBytes));
        lastLinePartial = true;
      }
      break;
    }
    kept.unshift(line);
    bytes += cost;
  }
  return shaped(totals, kept.join('\n'), { truncatedBy, outputLines: kept.length, lastLinePartial });
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

interface Totals {
  totalLines: number;
  totalBytes: number;
  maxLines: number;
  maxBytes: number;
}

function fits(totals: Totals): boolean {
  return totals.totalLines <= totals.maxLines && totals.totalBytes <= totals.maxBytes;
}

/** The result, its fields in pi's order (the order a session file records them in). */
function shaped(totals: Totals, content: string, cut: { truncatedBy: 'lines' | 'bytes' | null; outputLines: number; lastLinePartial?: boolean; firstLineExceedsLimit?: boolean }): Truncation {
  return {
    content,
    truncated: cut.truncatedBy !== null,
    truncatedBy: cut.truncatedBy,
    totalLines: totals.totalLines,
    totalBytes: totals.totalBytes,
    outputLines: cut.outputLines,
    outputBytes: cut.truncatedBy === null ? totals.totalBytes : Buffer.byteLength(content, 'utf8'),
    lastLinePartial: cut.lastLinePartial ?? false,
    firstLineExceedsLimit: cut.firstLineExceedsLimit ?? false,
    maxLines: totals.maxLines,
    maxBytes: totals.maxBytes,
  };
}
