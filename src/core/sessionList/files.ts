/**
 * The session files of a folder, newest first, from a directory listing and `stat` alone (no file
 * is read): search starts on the newest sessions at once instead of waiting for every summary.
 */
import { promises as fs } from 'node:fs';
import { sessionFilesIn } from '../session/disk/catalog';

export interface SessionFileStat {
  file: string;
  modified: Date;
  size: number;
}

/** `*.jsonl` files in `dir` (not recursive), newest modification first; [] when the folder is missing. */
export async function sessionFilesNewestFirst(dir: string): Promise<SessionFileStat[]> {
  const stats = await Promise.all(
    (await sessionFilesIn(dir)).map(async (file): Promise<SessionFileStat | undefined> => {
      try {
        const stat = await fs.stat(file);
        return stat.isFile() ? { file, modified: stat.mtime, size: stat.size } : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return stats.filter((s): s is SessionFileStat => s !== undefined).sort((a, b) => b.modified.getTime() - a.modified.getTime());
}
