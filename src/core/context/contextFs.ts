/**
 * The file access project context needs, as a port: `stat` to see whether a file changed, `read`
 * to read it. Tests inject their own to count the stats; `nodeContextFs` is the real one.
 *
 * These files sit in folders anyone may have prepared (a cloned repository, its parent folders).
 * Links are followed, as pi follows them (a CLAUDE.md linked to a shared file is common), but
 * only a regular file is read, never more than the size limit, and the open never waits on a
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
    try {
      const { bytes, stat } = await readRegularFileStart(file, maxBytes, { followLinks: true });
      return { version: versionOf(stat), bytes };
    } catch (error) {
      if (error instanceof UnsafeFileError && error.reason === 'not-a-file') throw new NotRegularFileError(file);
      throw error;
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
