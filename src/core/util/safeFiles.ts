/**
 * Files in folders someone else may have prepared: a session folder from a zip, a tarball or a
 * clone can hold a symbolic link at any name Arbor is known to use beside a session, pointing at
 * a file of the user's (`~/.bashrc`). Writing "to" that name with a plain open would write through
 * the link. So every file Arbor writes is created new with O_EXCL (which refuses any existing
 * name, a link included, dangling or not) and, when it replaces a file, renamed over the old name
 * afterwards (a rename replaces a link; it never writes into what the link points at). Files read
 * back from such a folder are opened without following a link and without waiting on a FIFO, and
 * only a regular file of bounded size is read.
 */
import { randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';

export interface NewFileOptions {
  /** Fsync before closing: the file must outlive a crash that a later change survives. */
  durable?: boolean;
}

/**
 * Creates `file`, readable and writable by its owner only (what Arbor writes holds conversation
 * text), writes `bytes` and closes it. Fails with EEXIST when the name is taken, by a file or by a
 * link (followed nowhere); a file left half-written by a failed write is removed.
 */
export async function writeNewFile(file: string, bytes: Uint8Array | string, options: NewFileOptions = {}): Promise<void> {
  const handle = await fs.open(file, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    if (options.durable) await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(file, { force: true });
    throw error;
  }
  await handle.close();
}

export interface ReplaceOptions extends NewFileOptions {
  /** Runs once the new content is written, before it takes the name: a throw leaves the old file as it was. */
  beforeRename?: () => Promise<void>;
}

/**
 * Puts `bytes` at `target`: written to a new file of a random name beside it, then renamed over
 * it. Readers see the old content or the new, never a part; a link at `target` is replaced by the
 * file, and what it pointed at is not touched.
 */
export async function replaceFile(target: string, bytes: Uint8Array | string, options: ReplaceOptions = {}): Promise<void> {
  const temp = path.join(path.dirname(target), `${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  await writeNewFile(temp, bytes, options);
  try {
    await options.beforeRename?.();
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

export type UnsafeFileReason = 'link' | 'not-a-file' | 'too-large';

export class UnsafeFileError extends Error {
  constructor(
    readonly reason: UnsafeFileReason,
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'UnsafeFileError';
  }
}

// Not defined on Windows, where neither a FIFO nor this kind of link can be planted by an unzip.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCK = constants.O_NONBLOCK ?? 0;

/**
 * The bytes of `file` if it is a regular file of at most `maxBytes`. A link (O_NOFOLLOW), a FIFO
 * or a device (opened without blocking, then refused by fstat) and a larger file are refused with
 * an UnsafeFileError at once, before anything is read.
 */
export async function readRegularFile(file: string, maxBytes: number): Promise<Buffer> {
  const handle = await openRegular(file, false);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notAFile(file);
    if (stat.size > maxBytes) throw tooLarge(file, maxBytes);
    // At most one byte more than allowed: a file that grew since fstat is still caught.
    const bytes = await readStart(handle, Math.min(stat.size, maxBytes) + 1);
    if (bytes.length > maxBytes) throw tooLarge(file, maxBytes);
    return bytes;
  } finally {
    await handle.close();
  }
}

export interface FileStart {
  /** At most the number of bytes asked for, from the start. */
  bytes: Buffer;
  /** The open file's own stat (the version that was read). */
  stat: Stats;
}

/**
 * The first `maxBytes` bytes of `file` if it is a regular file, with its stat: a larger file is
 * cut, not refused. For files a user links on purpose (a CLAUDE.md linked to a shared one),
 * `followLinks` follows a link to a regular file; a FIFO or a device is refused either way
 * (opened without blocking, then refused by fstat), so a read never hangs nor runs on forever.
 */
export async function readRegularFileStart(file: string, maxBytes: number, options: { followLinks?: boolean } = {}): Promise<FileStart> {
  const handle = await openRegular(file, options.followLinks ?? false);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notAFile(file);
    return { bytes: await readStart(handle, Math.min(stat.size, maxBytes)), stat };
  } finally {
    await handle.close();
  }
}

/** Opens `file` for reading without waiting on a FIFO; a link is refused unless `followLinks`. */
async function openRegular(file: string, followLinks: boolean): Promise<fs.FileHandle> {
  try {
    return await fs.open(file, constants.O_RDONLY | NON_BLOCK | (followLinks ? 0 : NO_FOLLOW));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP on Linux and macOS, EMLINK on FreeBSD: the name is a symbolic link.
    if (!followLinks && (code === 'ELOOP' || code === 'EMLINK')) throw new UnsafeFileError('link', file, `${file} is a symbolic link`);
    // ENXIO: a FIFO with no writer; EISDIR: a folder, on some systems.
    if (code === 'ENXIO' || code === 'EISDIR') throw notAFile(file);
    throw error;
  }
}

/** Up to `length` bytes from the start of the open file (fewer when it ends first). */
async function readStart(handle: fs.FileHandle, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
}

function notAFile(file: string): UnsafeFileError {
  return new UnsafeFileError('not-a-file', file, `${file} is not a regular file`);
}

function tooLarge(file: string, maxBytes: number): UnsafeFileError {
  return new UnsafeFileError('too-large', file, `${file} is larger than ${maxBytes} bytes`);
}
