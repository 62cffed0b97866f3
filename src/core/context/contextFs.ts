/**
 * The file access project context needs, as a port: `stat` to see whether a file changed, `read`
 * to read it. Tests inject their own to count the stats; `nodeContextFs` is the real one.
 *
 * These files sit in folders anyone may have prepared (a cloned repository, its parent folders).
 * Links are followed, as pi follows them (a CLAUDE.md linked to a shared file is common), but
 * only a regular file is read, never more than the size limit, and the open never waits on a
 * FIFO or a device: it is opened without blocking and refused by its own fstat.
 */
import { constants, promises as fs } from 'node:fs';

/** What identifies one version of a file: a different value means it changed. */
export interface FileVersion {
  /** False for a folder, a FIFO, a device or a socket. */
  regular: boolean;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  dev: number;
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
  /** The first `maxBytes` bytes of a regular file; rejects with `NotRegularFileError` for anything else. */
  read(file: string, maxBytes: number): Promise<FileRead>;
}

export class NotRegularFileError extends Error {
  readonly reason = 'not-a-file';
  constructor(readonly file: string) {
    super(`${file} is not a regular file`);
    this.name = 'NotRegularFileError';
  }
}

// Not defined on Windows, where a FIFO cannot be planted under a file name.
const NON_BLOCK = constants.O_NONBLOCK ?? 0;

export const nodeContextFs: ContextFs = {
  async stat(file) {
    try {
      return versionOf(await fs.stat(file));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },
  async read(file, maxBytes) {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, constants.O_RDONLY | NON_BLOCK);
    } catch (error) {
      // A FIFO with no writer (ENXIO) or a folder on some systems (EISDIR).
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENXIO' || code === 'EISDIR') throw new NotRegularFileError(file);
      throw error;
    }
    try {
      const version = versionOf(await handle.stat());
      if (!version.regular) throw new NotRegularFileError(file);
      const bytes = Buffer.alloc(Math.min(version.size, maxBytes));
      let filled = 0;
      while (filled < bytes.length) {
        const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return { version, bytes: bytes.subarray(0, filled) };
    } finally {
      await handle.close();
    }
  },
};

function versionOf(stat: import('node:fs').Stats): FileVersion {
  return { regular: stat.isFile(), size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino, dev: stat.dev };
}

/** Nothing at that name, or a path through something that is not a folder. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function sameVersion(a: FileVersion, b: FileVersion): boolean {
  return a.regular === b.regular && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.dev === b.dev;
}
