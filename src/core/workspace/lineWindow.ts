/**
 * Reading a window of a file's lines without holding the file in memory: the file streams through,
 * lines inside the window are kept until the line or byte budget is spent, the rest are only
 * counted. Lines are split at '\n' (a final newline leaves an empty last line), as pi counts them.
 */
import { createReadStream } from 'node:fs';

export interface LineWindowRequest {
  /** 0-based first line. */
  start: number;
  /** At most this many lines of the window (the caller's limit). */
  count: number;
  /** Budgets for what is kept: whole lines only. */
  maxLines: number;
  maxBytes: number;
  signal: AbortSignal;
}

export interface LineWindow {
  lines: string[];
  /** Lines in the whole file. */
  totalLines: number;
  /** Lines and bytes of the requested window (start .. start+count, within the file). */
  windowLines: number;
  windowBytes: number;
  /** Why fewer lines than the window were kept. */
  cutBy: 'lines' | 'bytes' | null;
  /** Bytes of the window's first line, when it alone is over the byte budget (nothing kept). */
  firstLineBytes?: number;
}

const NEWLINE = 0x0a;

export async function readLineWindow(file: string, request: LineWindowRequest): Promise<LineWindow> {
  const { start, count, maxLines, maxBytes } = request;
  const end = start + count;
  const window: LineWindow = { lines: [], totalLines: 0, windowLines: 0, windowBytes: 0, cutBy: null };
  let line = 0;
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  let keptBytes = 0;
  let collecting = start < end;

  const endLine = () => {
    if (line >= start && line < end) {
      window.windowLines++;
      window.windowBytes += pieceBytes + (window.windowLines > 1 ? 1 : 0);
      if (collecting) keep();
    }
    pieces = [];
    pieceBytes = 0;
    line++;
  };
  const keep = () => {
    const cost = pieceBytes + (window.lines.length > 0 ? 1 : 0);
    if (window.lines.length >= maxLines) {
      collecting = false;
      window.cutBy = 'lines';
    } else if (keptBytes + cost > maxBytes) {
      collecting = false;
      window.cutBy = 'bytes';
      if (window.lines.length === 0) window.firstLineBytes = pieceBytes;
    } else {
      window.lines.push(Buffer.concat(pieces).toString('utf8'));
      keptBytes += cost;
    }
  };

  for await (const chunk of createReadStream(file, { signal: request.signal }) as AsyncIterable<Buffer>) {
    let position = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, position);
      const piece = chunk.subarray(position, newline === -1 ? chunk.length : newline);
      pieceBytes += piece.length;
      // Only lines that may be kept hold their bytes; an overlong one stops being held.
      if (collecting && line >= start && line < end && pieceBytes <= maxBytes) pieces.push(piece);
      if (newline === -1) break;
      endLine();
      position = newline + 1;
    }
  }
  endLine();
  window.totalLines = line;
  return window;
}
