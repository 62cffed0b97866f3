/**
 * A linked git worktree nested inside its main checkout (`git worktree add feature` run in the
 * checkout) holds the same project as the checkout around it, so pi 1.6.0 reads the worktree's
 * context file and not the checkout's file of the same name: the same instructions are not given
 * twice. This finds such a pair as pi does. From the workspace folder up to the first `.git`: a
 * `.git` folder is a main checkout (nothing to find); a `.git` file saying `gitdir: <dir>`, whose
 * `<dir>/HEAD` exists, is a linked worktree, and its repository's common git folder is the one
 * `<dir>/commondir` names (else `<dir>` itself). The main checkout is the folder holding that
 * common folder, when its own `.git` is that very folder (a bare layout or a submodule has no main
 * checkout) and it lies strictly above the worktree.
 *
 * A workspace's `.git` may be anything, so nothing here trusts it: the files are read through the
 * context port (regular files only, a few KB, never waiting on a FIFO), their text is only used as
 * paths to look at, and whatever fails means "no pair" (both files are then read). A `.git` file
 * and `commondir` are read again only when they changed.
 */
import * as path from 'node:path';
import { isInside } from '../agent/tools/paths';
import { sameVersion, type ContextFs, type FileVersion } from './contextFs';

/** A `.git` file or `commondir` holds one path. */
const MAX_GIT_FILE_BYTES = 4096;

export interface NestedWorktree {
  /** The worktree's folder, links resolved. */
  worktree: string;
  /** The main checkout's folder around it, links resolved. */
  main: string;
}

interface ReadText {
  version: FileVersion;
  text: string;
}

export class WorktreeFinder {
  private cache = new Map<string, ReadText>();

  constructor(private readonly fs: ContextFs) {}

  /** The nested worktree the workspace is in; `folders` are real folders from the workspace up (no further up than Arbor reads). */
  async find(folders: readonly string[]): Promise<NestedWorktree | undefined> {
    const kept = new Map<string, ReadText>();
    try {
      for (const dir of folders) {
        const dotGit = path.join(dir, '.git');
        const version = await this.fs.stat(dotGit);
        if (!version) continue;
        // A checkout's own `.git` folder: this is no linked worktree.
        if (!version.regular) return undefined;
        const text = await this.text(dotGit, version, kept);
        // pi goes on up past a `.git` file that names no git folder.
        if (!text.startsWith('gitdir: ')) continue;
        return await this.mainAround(dir, path.resolve(dir, text.slice('gitdir: '.length).trim()), kept);
      }
      return undefined;
    } catch {
      return undefined;
    } finally {
      this.cache = kept;
    }
  }

  private async mainAround(worktree: string, gitDir: string, kept: Map<string, ReadText>): Promise<NestedWorktree | undefined> {
    if (!(await this.fs.stat(path.join(gitDir, 'HEAD')))) return undefined;
    const commonFile = path.join(gitDir, 'commondir');
    const commonVersion = await this.fs.stat(commonFile);
    const common = commonVersion ? path.resolve(gitDir, await this.text(commonFile, commonVersion, kept)) : gitDir;
    const realCommon = await this.real(common);
    const main = path.dirname(realCommon);
    if (main === worktree || !isInside(main, worktree)) return undefined;
    if ((await this.real(path.join(main, '.git'))) !== realCommon) return undefined;
    return { worktree, main };
  }

  /** The file's text, trimmed; read only when its version is not the one read before. */
  private async text(file: string, version: FileVersion, kept: Map<string, ReadText>): Promise<string> {
    const cached = this.cache.get(file);
    if (cached && sameVersion(cached.version, version)) {
      kept.set(file, cached);
      return cached.text;
    }
    const read = await this.fs.read(await this.fs.realpath(file), MAX_GIT_FILE_BYTES);
    const fresh = { version: read.version, text: Buffer.from(read.bytes).toString('utf8').trim() };
    kept.set(file, fresh);
    return fresh.text;
  }

  /** As pi canonicalizes: the real path, or the path itself when it cannot be resolved. */
  private real(file: string): Promise<string> {
    return this.fs.realpath(file).catch(() => file);
  }
}
