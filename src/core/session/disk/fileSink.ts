/**
 * Appends entries to a session file that other programs (pi, another Arbor window) may append to
 * at the same time, and never cuts or overwrites a byte they wrote.
 *
 * The sink remembers how far it has read the file (`end`, always just after a newline) and the
 * bytes just before that point (`anchor`), so it can tell later whether the file only grew.
 * Before each append it reads what was added since: complete lines from other writers go into the
 * session's tree first (through `connect`), lines it wrote itself are recognised by their ids. Each
 * entry is then one O_APPEND write of one whole line, so two writers' lines never mix.
 *
 * A torn last line seen at open (a crash mid-write) is repaired at the first append, and only if
 * it is still exactly what was seen: it is copied to `<name>.torn-<time>`, then overwritten in
 * place by spaces and a newline. It is not cut off: a truncate could remove a line another program
 * appended a moment before, an overwrite of bytes already seen cannot, and the file never shrinks.
 * If another program has meanwhile glued its line onto the torn bytes, the same overwrite frees
 * that line; if a writer has completed the line, it is read like any other line. (A torn tail that
 * is whole JSON lacking only its newline is never blanked: a line glued onto it stays glued.)
 *
 * A last line another writer has not finished is given a few milliseconds (it is usually being
 * written right now); if it is still unfinished, our line is written after a newline of its own,
 * so the unfinished bytes stay in the file as one malformed line and ours parses. Nothing is cut.
 *
 * Our own line that could not be written whole (a full disk, an I/O error) is taken back: the file
 * is cut back to where it ended before, when nobody wrote after our bytes, else our bytes are
 * overwritten by a blank line (neither needs free space). Only what we wrote is ever cut, and the
 * entry stays in memory for the next attempt. The file is recognised by the bytes before the point
 * read: a file that was deleted, renamed away, replaced by another or cut shorter is never written
 * to; the append fails with reason `replaced` or `not-found`, so nothing lands in another file or
 * in one created anew under the name.
 */
import type { FileHandle } from 'node:fs/promises';
import { parseSessionText, serializeLine } from '../jsonl';
import type { SessionSink } from '../session';
import type { SessionEntry } from '../types';
import { normalizeEntry } from '../normalize';
import { entryProblem } from '../validate';
import { writeBackupFile } from './backupFile';
import { readFailure, SessionFileError } from './fileErrors';
import { openRegularFile, readRange, type OpenRegularOptions } from '../../util/safeFiles';
import { rewriteMigrated, type PendingMigration } from './migrationRewrite';
import type { TornTail } from '../jsonl';
import type { DiskFaults } from './diskFaults';
import { noStopPoints, type StopPoints } from '../../util/stopPoints';

export type { PendingMigration } from './migrationRewrite';
export type PendingRepair = { kind: 'torn-tail'; tornTail: TornTail } | PendingMigration;

/** What the file held when it was read: its size and its last bytes (an anchor before the last newline, and any torn tail after it). */
export interface SeenFile {
  size: number;
  lastBytes: Buffer;
}

const NEWLINE = 0x0a;
/** How many bytes before the read point are compared to recognise the file. */
const ANCHOR_BYTES = 64;
/** A line another writer is in the middle of writing usually ends within milliseconds. */
const SETTLE_ATTEMPTS = 3;
const SETTLE_MS = 5;

export function seenFile(bytes: Uint8Array): SeenFile {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lineEnd = buffer.lastIndexOf(NEWLINE) + 1;
  return { size: buffer.length, lastBytes: Buffer.from(buffer.subarray(Math.max(0, lineEnd - ANCHOR_BYTES))) };
}

export interface FileSinkOptions {
  seen: SeenFile;
  /** A v1/v2 file to rewrite in the current format before the first append. */
  migration?: PendingMigration | undefined;
  clock: () => Date;
  /** Test seams: disk faults to inject, and where a kill test freezes the process mid-append. */
  faults?: DiskFaults | undefined;
  stopPoints?: StopPoints | undefined;
}

export class FileSink implements SessionSink {
  private end: number;
  private anchor: Buffer;
  /** Bytes after `end` that were seen without a newline. */
  private unterminated: Buffer;
  /** True while `unterminated` is the torn tail seen at open, not yet repaired. */
  private tornAtOpen: boolean;
  /** The torn tail is the start of a line of ours that could not be taken back: blanked without a copy. */
  private tornIsOurs = false;
  private migration: PendingMigration | undefined;
  private receiver: ((entries: SessionEntry[]) => void) | undefined;
  private replacedListener: (() => void) | undefined;
  private readonly clock: () => Date;
  private readonly faults: DiskFaults | undefined;
  private readonly stopPoints: StopPoints;

  constructor(
    readonly path: string,
    options: FileSinkOptions,
  ) {
    const { size, lastBytes } = options.seen;
    const lineEnd = lastBytes.lastIndexOf(NEWLINE) + 1;
    this.end = size - (lastBytes.length - lineEnd);
    this.anchor = lastBytes.subarray(Math.max(0, lineEnd - ANCHOR_BYTES), lineEnd);
    this.unterminated = lastBytes.subarray(lineEnd);
    this.tornAtOpen = this.unterminated.length > 0;
    this.migration = options.migration;
    this.clock = options.clock;
    this.faults = options.faults;
    this.stopPoints = options.stopPoints ?? noStopPoints;
  }

  connect(receiver: (entries: SessionEntry[]) => void): void {
    this.receiver = receiver;
  }

  onReplaced(listener: () => void): void {
    this.replacedListener = listener;
  }

  /**
   * Reads what others appended since the last look: only the bytes after the point already read
   * (plus the few anchor bytes that prove the file only grew). Complete lines go to the session;
   * an unfinished last line stays unread until its newline arrives. Unlike an append it never
   * waits for that line and never blanks a torn tail; the one write it can make is the one an
   * append would make first anyway: freeing another writer's line glued onto the torn tail seen
   * at open. Run through the session's write queue, so it never overlaps an append.
   */
  async refresh(): Promise<void> {
    if (this.migration) return; // a v1/v2 file is rewritten at the first append; until then nobody else is expected
    await this.takeAdded();
  }

  async append(entry: SessionEntry): Promise<void> {
    if (this.migration) await this.migrate(this.migration);
    const endsMidLine = await this.catchUp();
    // A line left unfinished by another writer stays, as one malformed line; ours starts on a fresh one.
    const line = Buffer.from(`${endsMidLine ? '\n' : ''}${serializeLine(entry)}`);
    const before = this.end + this.unterminated.length;
    const handle = await this.open('append');
    let written = 0;
    try {
      const torn = this.stopPoints.tornAppend();
      if (torn !== undefined) {
        written += await this.put(handle, line.subarray(0, Math.min(torn, line.length - 1)));
        this.stopPoints.halt();
      }
      while (written < line.length) written += await this.put(handle, line.subarray(written));
      // Nobody else wrote in between: everything up to our newline is known.
      if ((await handle.stat()).size === before + line.length) this.advance(Buffer.concat([this.unterminated, line]));
    } catch (error) {
      if (written > 0) await this.takeBack(handle, before, line.subarray(0, written));
      throw error;
    } finally {
      await handle.close();
    }
  }

  async sync(): Promise<void> {
    const handle = await this.open('update');
    try {
      this.faults?.sync();
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** One write of (a part of) `bytes` at the end of the file; how many bytes it put down. */
  private async put(handle: FileHandle, bytes: Buffer): Promise<number> {
    const allowed = this.faults ? this.faults.write(bytes.length) : bytes.length;
    const { bytesWritten } = await handle.write(bytes, 0, allowed);
    // A write that puts nothing down would be tried for ever.
    if (bytesWritten === 0) throw Object.assign(new Error(`EIO: nothing could be written to ${this.path}`), { code: 'EIO' });
    return bytesWritten;
  }

  /**
   * Our line was written only in part (`ours`, starting at `before`): cut the file back to
   * `before` when nothing follows our bytes, else overwrite them with a blank line, once they are
   * checked to be still ours. If even that fails, the bytes are left as a torn tail of our own,
   * blanked before the next append (no copy is kept: the entry is still in memory).
   */
  private async takeBack(handle: FileHandle, before: number, ours: Buffer): Promise<void> {
    try {
      if ((await handle.stat()).size === before + ours.length) {
        await handle.truncate(before);
        return;
      }
      const update = await this.open('update');
      try {
        if ((await readRange(update, before, before + ours.length)).equals(ours)) await update.write(blankLine(ours.length), 0, ours.length, before);
      } finally {
        await update.close();
      }
    } catch {
      if (this.unterminated.length > 0) return; // behind another writer's unfinished line: repaired like it
      this.unterminated = Buffer.from(ours);
      this.tornAtOpen = true;
      this.tornIsOurs = true;
    }
  }

  /** Reads what others appended since the last look; true when the file now ends in the middle of a line. */
  private async catchUp(): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      const rest = await this.takeAdded();
      if (rest.length === 0) return false;
      if (this.tornAtOpen) {
        // Still exactly as seen at open: nobody is writing it.
        if (isObjectLine(rest)) return true; // whole, only its newline is missing: ours supplies it
        // Without room for the copy (a full disk) this fails, and nothing is written until there is.
        if (await this.blankTornTail()) {
          this.advance(blankLine(rest.length));
          return false;
        }
        continue;
      }
      if (attempt >= SETTLE_ATTEMPTS) return true;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
  }

  /** Takes the complete lines added since the last look; returns the unfinished rest (kept as `unterminated`). */
  private async takeAdded(): Promise<Buffer> {
    const added = await this.readAdded();
    const lineEnd = added.lastIndexOf(NEWLINE) + 1;
    if (lineEnd > 0) await this.takeLines(Buffer.from(added.subarray(0, lineEnd)));
    const rest = Buffer.from(added.subarray(lineEnd));
    if (this.tornAtOpen && !rest.equals(this.unterminated)) this.tornAtOpen = false;
    this.unterminated = rest;
    return rest;
  }

  /**
   * The bytes after `end`, once the file is known to hold what was read and to have only grown: the
   * bytes before that point are still there. A file saved anew by another program (a new inode with
   * the same content and more, as an editor saving through a rename does) is followed like one that
   * grew. A file replaced by another, shortened, or rewritten before that point is another file
   * now: nothing is read from it or written to it (the session in memory keeps everything).
   */
  private async readAdded(): Promise<Buffer> {
    const handle = await this.open('read');
    try {
      const { size } = await handle.stat();
      if (size >= this.end) {
        const bytes = await readRange(handle, this.end - this.anchor.length, size);
        if (bytes.subarray(0, this.anchor.length).equals(this.anchor)) return bytes.subarray(this.anchor.length);
      }
      this.replacedListener?.();
      throw new SessionFileError('replaced', this.path, `${this.path} was replaced, shortened or rewritten by another program; nothing was written to it`);
    } finally {
      await handle.close();
    }
  }

  /** Complete lines starting at `end`: entries other writers added go to the session. */
  private async takeLines(lines: Buffer): Promise<void> {
    if (this.tornAtOpen) await this.freeGluedLine(lines);
    this.tornAtOpen = false;
    const entries = parseSessionText(lines.toString('utf8'))
      .entries.filter((entry) => entryProblem(entry as unknown as Record<string, unknown>) === undefined)
      .map(normalizeEntry);
    this.advance(lines);
    if (entries.length > 0) this.receiver?.(entries);
  }

  /**
   * The torn tail seen at open is now followed by other bytes and a newline. If the whole line is
   * one JSON object, its writer finished it: keep it. If only what follows the torn bytes is one,
   * another writer glued its line on; if only a newline follows them, another writer ended the
   * line as it was (pi 1.6 does when it opens a file with a torn tail). Either way nobody can finish
   * the torn bytes any more: blank them (in the file and in `lines`), saved beside the file first.
   */
  private async freeGluedLine(lines: Buffer): Promise<void> {
    const torn = this.unterminated;
    const firstLine = lines.subarray(0, lines.indexOf(NEWLINE));
    if (!firstLine.subarray(0, torn.length).equals(torn) || isObjectLine(firstLine) || isObjectLine(torn)) return;
    const rest = firstLine.subarray(torn.length);
    if (rest.length > 0 && !isObjectLine(rest)) return;
    if (await this.blankTornTail()) blankLine(torn.length).copy(lines);
  }

  /**
   * Saves the torn tail beside the file, then overwrites it with a blank line if it is still there
   * (false if not). A torn tail of our own is the start of an entry still in memory: no copy.
   */
  private async blankTornTail(): Promise<boolean> {
    const torn = this.unterminated;
    if (!this.tornIsOurs) await writeBackupFile(this.tornPath(), torn);
    const handle = await this.open('update');
    try {
      if (!(await readRange(handle, this.end, this.end + torn.length)).equals(torn)) {
        this.tornAtOpen = false;
        return false;
      }
      const blank = blankLine(torn.length);
      await handle.write(blank, 0, blank.length, this.end);
      return true;
    } finally {
      await handle.close();
    }
  }

  private async migrate(pending: PendingMigration): Promise<void> {
    const content = await rewriteMigrated(this.path, pending, this.tornPath());
    this.migration = undefined;
    this.end = 0;
    this.anchor = Buffer.alloc(0);
    this.unterminated = Buffer.alloc(0);
    this.tornAtOpen = false;
    this.advance(content);
  }

  /** Marks `bytes`, which end with a newline and start at `end`, as read. */
  private advance(bytes: Buffer): void {
    this.end += bytes.length;
    // Only the last bytes are kept (a slice of a big line would keep all of it alive).
    this.anchor = Buffer.concat([this.anchor, bytes.subarray(-ANCHOR_BYTES)]).subarray(-ANCHOR_BYTES);
    this.unterminated = Buffer.alloc(0);
    this.tornAtOpen = false;
    this.tornIsOurs = false;
  }

  /**
   * The session file, opened without waiting and only if it is still a regular file: another
   * program may have put a FIFO or a device (or a link to one) at its name since it was opened.
   * A link to a regular file is followed, as it was when the session was opened. Never created:
   * a file that vanished is reported, not made again without its header.
   */
  private async open(access: NonNullable<OpenRegularOptions['access']>): Promise<FileHandle> {
    try {
      return await openRegularFile(this.path, { access, followLinks: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw readFailure(this.path, error);
      throw new SessionFileError('not-found', this.path, `${this.path} no longer exists; nothing was written`, { cause: error });
    }
  }

  /** `<name>.torn-<time>` (numbered by writeBackupFile if several repairs share a millisecond). */
  private tornPath(): string {
    return `${this.path}.torn-${this.clock().toISOString().replace(/[:.]/g, '-')}`;
  }
}

/** Spaces ending in a newline: a line every reader skips, of the given length. */
function blankLine(length: number): Buffer {
  const blank = Buffer.alloc(length, 0x20);
  blank[length - 1] = NEWLINE;
  return blank;
}

function isObjectLine(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  return text.trim() !== '' && parseSessionText(text).malformed.length === 0;
}
