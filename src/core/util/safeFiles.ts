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

/** Makes a name created, renamed or removed in `folder` durable. Some platforms cannot fsync a folder: then the name stands anyway. */
export async function syncFolder(folder: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(folder, 'r');
    await handle.sync();
  } catch {
    // EISDIR/EPERM/EINVAL on Windows and some file systems: nothing more can be done.
  } finally {
    await handle?.close();
  }
}

export type UnsafeFileReason = 'link' | 'not-a-file' | 'too-large';

/** What a name that is not a regular file turned out to be (for the message; `other` when the system did not say). */
export type NotAFileKind = 'folder' | 'pipe' | 'device' | 'socket' | 'other';

export class UnsafeFileError extends Error {
  constructor(
    readonly reason: UnsafeFileReason,
    readonly file: string,
    message: string,
    /** Set when `reason` is 'not-a-file'. */
    readonly kind?: NotAFileKind,
  ) {
    super(message);
    this.name = 'UnsafeFileError';
  }
}

/** "a named pipe (FIFO)", "a device", … as a message names it. */
export function describeNotAFile(kind: NotAFileKind): string {
  return NOT_A_FILE_WORDS[kind];
}

const NOT_A_FILE_WORDS: Record<NotAFileKind, string> = {
  folder: 'a folder',
  pipe: 'a named pipe (FIFO)',
  device: 'a device',
  socket: 'a socket',
  other: 'a special file',
};

/** The kind of a name that stat says is not a regular file. */
export function notAFileKind(stat: Pick<Stats, 'isDirectory' | 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isSocket'>): NotAFileKind {
  if (stat.isDirectory()) return 'folder';
  if (stat.isFIFO()) return 'pipe';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'device';
  if (stat.isSocket()) return 'socket';
  return 'other';
}

// Not defined on Windows, where neither a FIFO nor this kind of link can be planted by an unzip.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCK = constants.O_NONBLOCK ?? 0;

/** Never O_CREAT: a name that vanished is reported (ENOENT), not made again without its header. */
const ACCESS_FLAGS = {
  read: constants.O_RDONLY,
  append: constants.O_WRONLY | constants.O_APPEND,
  update: constants.O_RDWR,
} as const;

export interface OpenRegularOptions {
  /** What the handle is for (default 'read'). */
  access?: keyof typeof ACCESS_FLAGS;
  /**
   * Follow a symbolic link at the name to a regular file: for a file the user chose (a session
   * opened by name, which may be a link to one kept elsewhere). By default a link is refused.
   */
  followLinks?: boolean;
  /** Refuse a file larger than this when it is opened. */
  maxBytes?: number;
}

/**
 * A handle on `file` once it is known to be a regular file. The open never waits: a FIFO opened
 * for reading would wait for a writer, one opened for writing for a reader, and a device such as
 * /dev/tty for input; O_NONBLOCK returns at once (it changes nothing for a regular file), then
 * fstat on the handle itself, not a second look at the name, decides. A link (unless followed), a
 * FIFO, a device, a socket, a folder and a file over `maxBytes` are refused with an
 * UnsafeFileError; the caller closes the handle.
 */
export async function openRegularFile(file: string, options: OpenRegularOptions = {}): Promise<fs.FileHandle> {
  const flags = ACCESS_FLAGS[options.access ?? 'read'] | NON_BLOCK | (options.followLinks ? 0 : NO_FOLLOW);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, flags);
  } catch (error) {
    throw await refusalOf(file, error, options.followLinks === true);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notAFile(file, notAFileKind(stat));
    if (options.maxBytes !== undefined && stat.size > options.maxBytes) throw tooLarge(file, options.maxBytes);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The UnsafeFileError an open failed with, or the error itself when it is not a refusal. */
async function refusalOf(file: string, error: unknown, followLinks: boolean): Promise<unknown> {
  const code = (error as NodeJS.ErrnoException).code;
  // ELOOP on Linux and macOS, EMLINK on FreeBSD: the name is a symbolic link.
  if (!followLinks && (code === 'ELOOP' || code === 'EMLINK')) return new UnsafeFileError('link', file, `${file} is a symbolic link`);
  // A socket, a FIFO opened to write with no reader, a device without its driver; a folder opened to write.
  if (code === 'ENXIO' || code === 'EISDIR') {
    const stat = await fs.stat(file).catch(() => undefined);
    return notAFile(file, stat ? notAFileKind(stat) : 'other');
  }
  return error;
}

/**
 * The bytes of `file` if it is a regular file of at most `maxBytes`. A link (unless followed), a
 * FIFO or a device and a larger file are refused with an UnsafeFileError at once, before anything
 * is read.
 */
export async function readRegularFile(file: string, maxBytes: number, options: Pick<OpenRegularOptions, 'followLinks'> = {}): Promise<Buffer> {
  const handle = await openRegularFile(file, { ...options, maxBytes });
  try {
    // At most one byte more than allowed: a file that grew since fstat is still caught.
    const bytes = await readRange(handle, 0, Math.min((await handle.stat()).size, maxBytes) + 1);
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
 * `followLinks` follows a link to a regular file; a FIFO or a device is refused either way, so a
 * read never hangs nor runs on forever.
 */
export async function readRegularFileStart(file: string, maxBytes: number, options: Pick<OpenRegularOptions, 'followLinks'> = {}): Promise<FileStart> {
  const handle = await openRegularFile(file, options);
  try {
    const stat = await handle.stat();
    return { bytes: await readRange(handle, 0, Math.min(stat.size, maxBytes)), stat };
  } finally {
    await handle.close();
  }
}

/** The bytes from `from` up to `to` (fewer when the file ends first). */
export async function readRange(handle: fs.FileHandle, from: number, to: number): Promise<Buffer> {
  const bytes = Buffer.alloc(Math.max(0, to - from));
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, from + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
}

function notAFile(file: string, kind: NotAFileKind): UnsafeFileError {
  return new UnsafeFileError('not-a-file', file, `${file} is not a regular file: it is ${describeNotAFile(kind)}`, kind);
}

function tooLarge(file: string, maxBytes: number): UnsafeFileError {
  return new UnsafeFileError('too-large', file, `${file} is larger than ${maxBytes} bytes`);
}
