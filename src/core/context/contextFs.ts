/**
 * The file access project context needs, as a port: `stat` to see whether a file changed,
 * `realpath` to see where it leads, `read` to read it. Tests inject their own to count the calls;
 * `nodeContextFs` is the real one.
 *
 * These files sit in folders anyone may have prepared (a cloned repository, its parent folders).
 * A link is judged by where it leads (contextAccess.ts) and then the resolved path is read, not
 * the link: only a regular file, never more than the size limit, and the open never waits on a
 * FIFO or a device (safeFiles' `readRegularFileStart`).
 */
import { promises as fs } from 'node:fs';
import { readRegularFileStart, UnsafeFileError } from '../util/safeFiles';

/** What identifies one version of a file: a different value means it changed. */
export interface FileVersion {
  /** False for a folder, a FIFO, a device or a socket. */
  regular: boolean;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  dev: number;
  /** The owner's user id (0 on Windows, where it is not checked). */
  uid: number;
}

export interface FileRead {
  /** The version that was read (from the open file itself). */
  version: FileVersion;
  /** At most `maxBytes` bytes from the start. */
  bytes: Uint8Array;
}

export interface ContextFs {
  /** The file's version, links followed; undefined when nothing is there. Other failures reject. */
  stat(file: string): Promise<FileVersion | undefined>;
  /** The path with every link followed (the file must exist). */
  realpath(file: string): Promise<string>;
  /**
   * The first `maxBytes` bytes of a regular file, its version from the open file itself; rejects
   * with `NotRegularFileError` for anything else, and for a link (the caller reads the resolved path).
   */
  read(file: string, maxBytes: number): Promise<FileRead>;
}

export class NotRegularFileError extends Error {
  readonly reason = 'not-a-file';
  constructor(readonly file: string) {
    super(`${file} is not a regular file`);
    this.name = 'NotRegularFileError';
  }
}

export const nodeContextFs: ContextFs = {
  async stat(file) {
    try {
      return versionOf(await fs.stat(file));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },
  realpath(file) {
    return fs.realpath(file);
  },
  async read(file, maxBytes) {
    try {
      const { bytes, stat } = await readRegularFileStart(file, maxBytes);
      return { version: versionOf(stat), bytes };
    } catch (error) {
      if (error instanceof UnsafeFileError && error.reason === 'not-a-file') throw new NotRegularFileError(file);
      throw error;
    }
  },
};

function versionOf(stat: import('node:fs').Stats): FileVersion {
  return { regular: stat.isFile(), size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino, dev: stat.dev, uid: stat.uid };
}

/** Nothing at that name, or a path through something that is not a folder. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function sameVersion(a: FileVersion, b: FileVersion): boolean {
  return a.regular === b.regular && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.dev === b.dev && a.uid === b.uid;
}
