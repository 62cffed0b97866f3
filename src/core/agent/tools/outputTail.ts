/**
 * Command output as it streams, in bounded memory: only the last bytes stay in memory (twice the
 * byte limit), and once the output passes the limits the whole of it goes to a file on disk, so a
 * command printing gigabytes costs the same memory as one printing a page.
 *
 * Bytes are kept raw and decoded only when a snapshot is taken, so a character split across two
 * chunks is never mangled.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, truncateTail, type Truncation } from '../../workspace/truncate';

export interface OutputTailOptions {
  /** Folder for the full-output file. */
  directory: string;
  maxLines?: number;
  maxBytes?: number;
  /** File name prefix, e.g. 'arbor-bash'. */
  prefix?: string;
}

export interface OutputSnapshot {
  truncation: Truncation;
  /** Where the full output is, once it outgrew the limits. */
  fullOutputPath?: string;
}

const NEWLINE = 0x0a;

export class OutputTail {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private readonly keepBytes: number;
  private chunks: Buffer[] = [];
  private keptBytes = 0;
  /** The kept bytes start at a line boundary (nothing dropped, or a newline right before). */
  private startsAtLine = true;
  private totalBytes = 0;
  private totalLines = 1;
  private file?: { path: string; stream: WriteStream; error?: Error };

  constructor(private readonly options: OutputTailOptions) {
    this.maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.keepBytes = this.maxBytes * 2;
  }

  /** The bytes held in memory now (bounded by about twice the byte limit plus one chunk). */
  get bytesInMemory(): number {
    return this.keptBytes;
  }

  /**
   * Adds a chunk. Returns false when the full-output file is busy: the caller should pause its
   * source until `drained()` resolves, so the file's write queue stays bounded too.
   */
  append(chunk: Buffer): boolean {
    this.totalBytes += chunk.length;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) this.totalLines++;
    // The file opens before anything is dropped from memory, so it receives every byte.
    if (!this.file && (this.totalBytes > this.maxBytes || this.totalLines > this.maxLines)) this.openFile();
    const writable = this.file ? this.file.stream.write(chunk) : true;
    this.chunks.push(chunk);
    this.keptBytes += chunk.length;
    this.dropOverflow();
    return writable;
  }

  drained(): Promise<void> {
    const stream = this.file?.stream;
    if (!stream || !stream.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('error', done);
        resolve();
      };
      stream.once('drain', done);
      stream.once('error', done);
    });
  }

  /** The tail as text with pi's truncation shape (totals count the whole output). */
  snapshot(): OutputSnapshot {
    let text = Buffer.concat(this.chunks).toString('utf8');
    if (!this.startsAtLine) {
      // Drop the partial first line, unless it is the only (overlong) line.
      const newline = text.indexOf('\n');
      if (newline !== -1) text = text.slice(newline + 1);
    }
    // A final newline ends the last line; it does not start another one.
    const endsWithNewline = text.endsWith('\n');
    if (endsWithNewline) text = text.slice(0, -1);
    const totalLines = this.totalLines - (endsWithNewline ? 1 : 0);
    const tail = truncateTail(text, { maxLines: this.maxLines, maxBytes: this.maxBytes });
    const truncated = totalLines > this.maxLines || this.totalBytes > this.maxBytes;
    const truncation: Truncation = {
      ...tail,
      truncated,
      truncatedBy: truncated ? (tail.truncatedBy ?? (this.totalBytes > this.maxBytes ? 'bytes' : 'lines')) : null,
      totalLines,
      totalBytes: this.totalBytes,
    };
    return this.file ? { truncation, fullOutputPath: this.file.path } : { truncation };
  }

  /** Flushes and closes the full-output file; its write error, if any, is reported. */
  async close(): Promise<Error | undefined> {
    const file = this.file;
    if (!file) return undefined;
    await new Promise<void>((resolve) => {
      if (file.stream.closed || file.stream.destroyed) resolve();
      else file.stream.end(() => resolve());
      file.stream.once('error', () => resolve());
    });
    return file.error;
  }

  private openFile(): void {
    // New and private, as `saveFullOutput`'s file is: command output may hold anything the command printed.
    const filePath = fullOutputPath(this.options.directory, this.options.prefix ?? 'arbor-output', '.log');
    const stream = createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
    const file: { path: string; stream: WriteStream; error?: Error } = { path: filePath, stream };
    stream.on('error', (error) => {
      file.error = error;
    });
    for (const chunk of this.chunks) stream.write(chunk);
    this.file = file;
  }

  private dropOverflow(): void {
    while (this.keptBytes - this.chunks[0]!.length >= this.keepBytes) {
      const dropped = this.chunks.shift()!;
      this.keptBytes -= dropped.length;
      this.startsAtLine = dropped[dropped.length - 1] === NEWLINE;
    }
    if (this.keptBytes > this.keepBytes * 2) {
      // One huge chunk: keep only its end.
      const only = Buffer.concat(this.chunks);
      const cut = only.length - this.keepBytes;
      this.startsAtLine = only[cut - 1] === NEWLINE;
      this.chunks = [Buffer.from(only.subarray(cut))];
      this.keptBytes = this.keepBytes;
    }
  }
}

/** A fresh name for a full-output file: `<prefix>-<random><extension>` in `directory`. */
function fullOutputPath(directory: string, prefix: string, extension: string): string {
  return path.join(directory, `${prefix}-${randomBytes(8).toString('hex')}${extension}`);
}

/**
 * Saves output the model got only part of (an MCP tool's long result) as bash saves a long command
 * output: a new file (never one that exists, nor a link planted at the name) that only the user can
 * read, since output may hold anything. Returns its path.
 */
export async function saveFullOutput(directory: string, prefix: string, data: string | Uint8Array, extension: string): Promise<string> {
  const filePath = fullOutputPath(directory, prefix, extension);
  await writeFile(filePath, data, { flag: 'wx', mode: 0o600 });
  return filePath;
}
