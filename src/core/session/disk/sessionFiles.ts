/**
 * The session files of a folder, newest first, from a directory listing and `stat` alone (no file
 * is read): search starts on the newest sessions at once instead of waiting for every summary.
 *
 * A stranger's folder may hold a FIFO, a device or a link to one under a `.jsonl` name: `stat`
 * (which never waits, and follows a link to what it names) tells, and such a name is left out and
 * reported, never opened. A link to a regular file is listed like the file it names.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { sessionFilesIn } from './catalog';
import { plainText } from '../../util/plainText';
import { describeNotAFile, notAFileKind, type NotAFileKind } from '../../util/safeFiles';

export interface SessionFileStat {
  file: string;
  modified: Date;
  size: number;
}

/** A `.jsonl` name left out of a listing because it is not a regular file. */
export interface SkippedSessionFile {
  file: string;
  kind: NotAFileKind;
}

/**
 * `*.jsonl` files in `dir` (not recursive), newest modification first; [] when the folder is
 * missing. Names that are not regular files go to `onSkipped`; names that vanish meanwhile or
 * are links to nothing are left out silently.
 */
export async function sessionFilesNewestFirst(dir: string, onSkipped?: (skipped: SkippedSessionFile[]) => void): Promise<SessionFileStat[]> {
  const skipped: SkippedSessionFile[] = [];
  const stats = await Promise.all(
    (await sessionFilesIn(dir)).map(async (file): Promise<SessionFileStat | undefined> => {
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat?.isFile()) return { file, modified: stat.mtime, size: stat.size };
      if (stat) skipped.push({ file, kind: notAFileKind(stat) });
      return undefined;
    }),
  );
  if (skipped.length > 0) onSkipped?.(skipped.sort((a, b) => a.file.localeCompare(b.file)));
  return stats.filter((s): s is SessionFileStat => s !== undefined).sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

/** One log line for names a listing left out: how many, and what each is (names from a stranger's folder as plain text). */
export function skippedFilesText(skipped: readonly SkippedSessionFile[]): string {
  const each = skipped.map(({ file, kind }) => `${plainText(path.basename(file), 200)} (${describeNotAFile(kind)})`);
  return `Left out ${skipped.length} name(s) in ${plainText(path.dirname(skipped[0]?.file ?? ''))} that are not regular files, without opening them: ${each.join(', ')}`;
}
