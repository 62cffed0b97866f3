/**
 * Reading a window of a file's lines without holding the file in memory: the file streams through,
 * the window's first lines are kept until one past the line or byte budget (enough for head
 * truncation to decide as it would on the whole window), the rest are only counted.
 */
import { createReadStream } from 'node:fs';

export interface LineWindowRequest {
  /** 0-based first line. */
  start: number;
  /** At most this many lines of the window (the caller's limit). */
  count: number;
  /** Budgets of what may be shown: lines are kept until one past either. */
  maxLines: number;
  maxBytes: number;
  signal: AbortSignal;
}

export interface LineWindow {
  /** The window's first lines; a line over the byte budget is held cut short. */
  lines: string[];
  /** The real bytes of each kept line. */
  sizes: number[];
  /** Lines in the whole file, split at '\n' (a final newline leaves an empty last line), as pi's read counts them. */
  totalLines: number;
  /** The window's lines as truncation counts them (its final newline starts no line) and its bytes. */
  windowLines: number;
  windowBytes: number;
}

const NEWLINE = 0x0a;

export async function readLineWindow(file: string, request: LineWindowRequest): Promise<LineWindow> {
  const { start, count, maxLines, maxBytes } = request;
  const end = start + count;
  const window: LineWindow = { lines: [], sizes: [], totalLines: 0, windowLines: 0, windowBytes: 0 };
  let selected = 0;
  let lastSelectedEmpty = false;
  let line = 0;
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  let keptBytes = 0;
  const keeping = () => window.lines.length <= maxLines && keptBytes <= maxBytes;

  const endLine = () => {
    if (line >= start && line < end) {
      selected++;
      window.windowBytes += pieceBytes + (selected > 1 ? 1 : 0);
      lastSelectedEmpty = pieceBytes === 0;
      if (keeping()) {
        keptBytes += pieceBytes + (window.lines.length > 0 ? 1 : 0);
        window.lines.push(Buffer.concat(pieces).toString('utf8'));
        window.sizes.push(pieceBytes);
      }
    }
    pieces = [];
    pieceBytes = 0;
    line++;
  };

  for await (const chunk of createReadStream(file, { signal: request.signal }) as AsyncIterable<Buffer>) {
    let position = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, position);
      const piece = chunk.subarray(position, newline === -1 ? chunk.length : newline);
      pieceBytes += piece.length;
      // Only lines that may be kept hold their bytes; an overlong one stops being held.
      if (line >= start && line < end && keeping() && pieceBytes <= maxBytes) pieces.push(piece);
      if (newline === -1) break;
      endLine();
      position = newline + 1;
    }
  }
  endLine();
  window.totalLines = line;
  window.windowLines = window.windowBytes === 0 ? 0 : selected - (lastSelectedEmpty ? 1 : 0);
  return window;
}
