/**
 * Moving a file to the desktop trash as the freedesktop.org Trash specification (1.0) says, for
 * Linux where the editor's own trash is not available (a remote or browser-served VS Code such as
 * code-server has none). The file goes to the home trash, `$XDG_DATA_HOME/Trash`: `files/<name>`
 * holds it, `info/<name>.trashinfo` says where it came from and when, so a file manager can
 * restore it. The info file is created first with O_EXCL: that reserves the name (the spec's rule
 * against two programs trashing to the same name).
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { localDate, localTimeOfDay } from './localTime';
import { writeNewFile } from './safeFiles';
import { xdgHome } from './xdg';

export interface TrashOptions {
  /** `$XDG_DATA_HOME`, or `~/.local/share` when that is unset or empty (see `dataHome`). */
  dataHome: string;
  /** The deletion time written into the info file. */
  now: () => Date;
}

export interface TrashedFile {
  /** Where the file now is: `<trash>/files/<name>`. */
  trashedFile: string;
  /** `<trash>/info/<name>.trashinfo`. */
  infoFile: string;
}

export class TrashError extends Error {
  constructor(
    readonly reason: 'not-a-file' | 'move-failed',
    message: string,
  ) {
    super(message);
    this.name = 'TrashError';
  }
}

/** The spec's `$XDG_DATA_HOME` with its fallback. */
export function dataHome(env: NodeJS.ProcessEnv, home: string): string {
  return xdgHome(env, 'XDG_DATA_HOME', home);
}

/** The name tried at attempt `n` (1: the file's own name; then `name.2.ext`, `name.3.ext`, …). */
export function trashName(base: string, n: number): string {
  if (n === 1) return base;
  const ext = path.extname(base);
  return `${base.slice(0, base.length - ext.length)}.${n}${ext}`;
}

/** The info file's text: the original path URL-escaped (slashes kept), the local time without zone. */
export function trashInfo(originalPath: string, deletedAt: Date): string {
  const escaped = originalPath.split('/').map(encodeURIComponent).join('/');
  return `[Trash Info]\nPath=${escaped}\nDeletionDate=${localDate(deletedAt)}T${localTimeOfDay(deletedAt, true)}\n`;
}

export async function moveToTrash(file: string, options: TrashOptions): Promise<TrashedFile> {
  const original = path.resolve(file);
  const stat = await fs.lstat(original);
  if (!stat.isFile()) throw new TrashError('not-a-file', `${original} is not a file`);
  const trash = path.join(options.dataHome, 'Trash');
  const filesDir = path.join(trash, 'files');
  const infoDir = path.join(trash, 'info');
  await fs.mkdir(trash, { recursive: true, mode: 0o700 });
  await fs.mkdir(filesDir, { recursive: true, mode: 0o700 });
  await fs.mkdir(infoDir, { recursive: true, mode: 0o700 });
  const { name, infoFile } = await reserveName(path.basename(original), filesDir, infoDir, trashInfo(original, options.now()));
  const trashedFile = path.join(filesDir, name);
  try {
    await moveFile(original, trashedFile);
  } catch (error) {
    await fs.rm(infoFile, { force: true });
    throw new TrashError('move-failed', `Could not move ${original} to the trash: ${(error as Error).message}`);
  }
  return { trashedFile, infoFile };
}

async function reserveName(base: string, filesDir: string, infoDir: string, info: string): Promise<{ name: string; infoFile: string }> {
  for (let n = 1; ; n++) {
    const name = trashName(base, n);
    const infoFile = path.join(infoDir, `${name}.trashinfo`);
    try {
      await writeNewFile(infoFile, info);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    // A file left in files/ without its info (another program's crash) keeps its name too.
    if (await fs.lstat(path.join(filesDir, name)).then(() => true, () => false)) {
      await fs.rm(infoFile, { force: true });
      continue;
    }
    return { name, infoFile };
  }
}

/** A rename; across file systems (EXDEV) a copy that is removed at the source only once complete. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    await fs.unlink(from);
  }
}
