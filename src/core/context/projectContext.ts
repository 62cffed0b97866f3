/**
 * Project instructions found as pi 1.6.0 finds them, within what the user chose
 * (contextAccess.ts), re-checked before every request.
 *
 * - Context files: the first of AGENTS.override.md, AGENTS.md, AGENTS.MD, CLAUDE.md, CLAUDE.MD in
 *   pi's agent folder (global), then in every folder from the home folder down to the workspace
 *   folder, the highest first; a file already listed is not listed again. (pi starts at the
 *   filesystem root: Arbor never reads above the home folder, nor a file there that another user
 *   owns.) In a linked git worktree nested inside its main checkout, the checkout's file of the
 *   same name as the worktree's is not read (worktree.ts).
 * - SYSTEM.md replaces the default prompt and APPEND_SYSTEM.md is appended to it: the workspace's
 *   `.pi/` copy when there is one, else the agent folder's.
 * - A leading byte order mark is dropped from every file, as pi drops it.
 * - A project's file that leads outside the folder it was found in is skipped, as is one that
 *   is not a regular file: the next candidate is tried, and the snapshot lists what was skipped
 *   and why.
 *
 * In an untrusted workspace nothing of the project is read (the workspace and the folders above
 * it may have come with it), only the agent folder's files. `contextFiles: false` turns the
 * AGENTS.md / CLAUDE.md files off, as pi's `--no-context-files` does; SYSTEM.md still applies.
 *
 * `load()` stats every candidate path at most once and reads only a file whose version changed,
 * so a request with nothing changed costs one stat and one realpath per file found (one stat per
 * name not there) and no read, and gets the very same snapshot object back (the prompt stays
 * byte-identical; the provider's prompt cache keeps hitting). Only when two folders hold files of
 * the same name is the worktree looked for: one stat of `.git` per folder up to the first one
 * (and, in a linked worktree, a few more stats and realpaths; its two small files are read again
 * only when they changed).
 */
import * as path from 'node:path';
import { stripBom } from '../util/bom';
import { Emitter, type Event } from '../util/event';
import { errorMessage } from '../util/errors';
import { foldersAbove, leadsWhereAllowed, skipWarning, type AccessBounds, type ContextAccess, type SkipReason } from './contextAccess';
import { nodeContextFs, NotRegularFileError, sameVersion, type ContextFs, type FileVersion } from './contextFs';
import { PI_PROJECT_DIR } from './piEnvironment';
import { WorktreeFinder } from './worktree';

/** pi's candidates, in its order: the first one found in a folder is the folder's file. */
export const CONTEXT_FILE_NAMES = ['AGENTS.override.md', 'AGENTS.md', 'AGENTS.MD', 'CLAUDE.md', 'CLAUDE.MD'] as const;
export const SYSTEM_PROMPT_FILE = 'SYSTEM.md';
export const APPEND_SYSTEM_PROMPT_FILE = 'APPEND_SYSTEM.md';

/** A hostile or mistaken giant file must not be read whole into every request. */
export const DEFAULT_MAX_CONTEXT_FILE_BYTES = 256 * 1024;

export type ContextScope = 'global' | 'project';

export interface ContextFile {
  path: string;
  /** The text as sent (with a note at the end when the file was cut). */
  content: string;
  /** 'global': pi's agent folder; 'project': the workspace folder or a folder above it. */
  scope: ContextScope;
  /** Where the file really is, when not where its name says (a link at the name, or a linked folder on the way). */
  target?: string;
  /** The file's size in bytes when only its first part was read. */
  cutFromBytes?: number;
}

/** A file that was there but not read. */
export interface SkippedContextFile {
  path: string;
  scope: ContextScope;
  reason: SkipReason;
  /** Where it leads, when not where its name says (always set for 'outside'). */
  target?: string;
  /** In plain words, naming the file. */
  warning: string;
}

export interface ProjectContextSnapshot {
  contextFiles: readonly ContextFile[];
  /** SYSTEM.md: replaces Arbor's default prompt when not empty. */
  systemPrompt: ContextFile | undefined;
  /** APPEND_SYSTEM.md: appended to the prompt. */
  appendSystemPrompt: ContextFile | undefined;
  /** Files that were there but not read (a link out of their folder, another user's, a FIFO, no permission), by path. */
  skipped: readonly SkippedContextFile[];
}

export interface ProjectContextOptions extends ContextAccess {
  /** The workspace folder. */
  cwd: string;
  /** pi's agent folder (see `piEnvironment`). */
  agentDir: string;
  /** False in an untrusted workspace. */
  trusted: boolean;
  /** False: no AGENTS.md / CLAUDE.md files at all. */
  contextFiles: boolean;
  fs?: ContextFs;
  maxFileBytes?: number;
}

/** One name to look at, and the rules it is read under. */
interface Candidate {
  file: string;
  scope: ContextScope;
  /** The folder the name is in, as given, and with its links resolved. */
  folder: string;
  realFolder: string;
  /** A project's file: it must lead inside `realFolder` (or where the user allowed). */
  confined: boolean;
  /** In a folder above the workspace: it must belong to the user. */
  owned: boolean;
}

type Lookup = { kind: 'missing' } | { kind: 'file'; file: ContextFile } | { kind: 'skipped'; skipped: SkippedContextFile };

interface CachedFile {
  version: FileVersion;
  /** The resolved path that was read. */
  real: string;
  file: ContextFile;
}

export class ProjectContext {
  private readonly fs: ContextFs;
  private readonly maxBytes: number;
  private readonly cwd: string;
  private cache = new Map<string, CachedFile>();
  private readonly worktrees: WorktreeFinder;
  private last: ProjectContextSnapshot | undefined;
  private readonly changed = new Emitter<ProjectContextSnapshot>();

  constructor(private readonly options: ProjectContextOptions) {
    this.fs = options.fs ?? nodeContextFs;
    this.maxBytes = options.maxFileBytes ?? DEFAULT_MAX_CONTEXT_FILE_BYTES;
    this.cwd = path.resolve(options.cwd);
    this.worktrees = new WorktreeFinder(this.fs);
  }

  /** Fires when a load found different files or contents than the one before. */
  get onDidChange(): Event<ProjectContextSnapshot> {
    return this.changed.event;
  }

  /** The last snapshot loaded, if any. */
  get current(): ProjectContextSnapshot | undefined {
    return this.last;
  }

  async load(): Promise<ProjectContextSnapshot> {
    const bounds = await this.bounds();
    const pass = new LoadPass(this.fs, this.maxBytes, this.cache, bounds, this.options);
    const { agentDir, trusted, contextFiles } = this.options;
    const global = (name: string): Candidate => ({ file: path.join(agentDir, name), scope: 'global', folder: agentDir, realFolder: bounds.realAgentDir, confined: false, owned: false });
    const projectPi = (name: string): Candidate[] => (trusted ? [this.inWorkspace(path.join(PI_PROJECT_DIR, name), bounds)] : []);
    const [files, systemPrompt, appendSystemPrompt] = await Promise.all([
      contextFiles ? this.contextFiles(pass, bounds, global) : Promise.resolve([]),
      pass.first([...projectPi(SYSTEM_PROMPT_FILE), global(SYSTEM_PROMPT_FILE)]),
      pass.first([...projectPi(APPEND_SYSTEM_PROMPT_FILE), global(APPEND_SYSTEM_PROMPT_FILE)]),
    ]);
    this.cache = pass.kept;
    // Lookups finish in any order: sorted, the same problems give the same snapshot.
    const skipped = [...pass.skipped].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const next: ProjectContextSnapshot = { contextFiles: files, systemPrompt, appendSystemPrompt, skipped };
    if (this.last && sameSnapshot(this.last, next)) return this.last;
    this.last = next;
    this.changed.fire(next);
    return next;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async contextFiles(pass: LoadPass, bounds: AccessBounds, global: (name: string) => Candidate): Promise<ContextFile[]> {
    const first = await pass.first(CONTEXT_FILE_NAMES.map(global));
    const files = first ? [first] : [];
    if (!this.options.trusted) return files;
    const above = (dir: string): Candidate[] => CONTEXT_FILE_NAMES.map((name) => ({ file: path.join(dir, name), scope: 'project', folder: dir, realFolder: dir, confined: true, owned: true }));
    const own = CONTEXT_FILE_NAMES.map((name) => this.inWorkspace(name, bounds));
    const found = await Promise.all([...bounds.ancestors.map(above), own].map((candidates) => pass.first(candidates)));
    const shadowed = await this.shadowedIndex(found, [...bounds.ancestors, bounds.realCwd]);
    const seen = new Set(files.map((file) => file.path));
    for (const [index, file] of found.entries()) {
      if (!file || index === shadowed || seen.has(file.path)) continue;
      seen.add(file.path);
      files.push(file);
    }
    return files;
  }

  /**
   * Which of the folders' files a nested worktree's file of the same name shadows (-1: none).
   * `found[i]` is the file of `folders[i]`, real folders from the highest down to the workspace.
   */
  private async shadowedIndex(found: readonly (ContextFile | undefined)[], folders: readonly string[]): Promise<number> {
    const names = found.flatMap((file) => (file ? [path.basename(file.path)] : []));
    if (new Set(names).size === names.length) return -1;
    const nested = await this.worktrees.find([...folders].reverse());
    if (!nested) return -1;
    const worktreeFile = found[folders.indexOf(nested.worktree)];
    const main = folders.indexOf(nested.main);
    const mainFile = found[main];
    return worktreeFile && mainFile && path.basename(worktreeFile.path) === path.basename(mainFile.path) ? main : -1;
  }

  private inWorkspace(relative: string, bounds: AccessBounds): Candidate {
    return { file: path.join(this.cwd, relative), scope: 'project', folder: this.cwd, realFolder: bounds.realCwd, confined: true, owned: false };
  }

  /** The real folders this load judges against (a folder that is not there stays as given). */
  private async bounds(): Promise<AccessBounds> {
    const real = (dir: string): Promise<string> => this.fs.realpath(dir).catch(() => path.resolve(dir));
    const { trusted, contextFiles, home, agentDir, allowedFolders = [] } = this.options;
    // Untrusted, nothing of the workspace is looked at, not even where its folder leads.
    const [realCwd, realAgentDir, realHome, realAllowed] = await Promise.all([
      trusted ? real(this.cwd) : Promise.resolve(this.cwd),
      real(agentDir),
      trusted && contextFiles ? real(home) : Promise.resolve(undefined),
      Promise.all(allowedFolders.filter((dir) => path.isAbsolute(dir)).map(real)),
    ]);
    return { realCwd, realAgentDir, realAllowed, ancestors: realHome === undefined ? [] : foldersAbove(realCwd, realHome) };
  }
}

/** One `load()`: each path is looked up (one stat, a read only if it changed) at most once. */
class LoadPass {
  readonly skipped: SkippedContextFile[] = [];
  /** The cache entries this pass confirmed or refreshed; files no longer found drop out. */
  readonly kept = new Map<string, CachedFile>();
  private readonly lookups = new Map<string, Promise<Lookup>>();

  constructor(
    private readonly fs: ContextFs,
    private readonly maxBytes: number,
    private readonly cache: ReadonlyMap<string, CachedFile>,
    private readonly bounds: AccessBounds,
    private readonly access: ContextAccess,
  ) {}

  /** The first file found and read among the candidates. */
  async first(candidates: readonly Candidate[]): Promise<ContextFile | undefined> {
    for (const candidate of candidates) {
      const found = await this.lookup(candidate);
      if (found.kind === 'file') return found.file;
    }
    return undefined;
  }

  private lookup(candidate: Candidate): Promise<Lookup> {
    // The same name under other rules (the agent folder inside the workspace, say) is judged apart.
    const key = `${candidate.file}\0${candidate.scope}\0${candidate.confined}\0${candidate.owned}`;
    let found = this.lookups.get(key);
    if (!found) {
      found = this.check(candidate).then((result) => {
        if (result.kind === 'skipped') this.skipped.push(result.skipped);
        return result;
      });
      this.lookups.set(key, found);
    }
    return found;
  }

  private async check(candidate: Candidate): Promise<Lookup> {
    const { file, scope } = candidate;
    const skip = (reason: SkipReason, detail: Parameters<typeof skipWarning>[2] = {}): Lookup => ({
      kind: 'skipped',
      skipped: { path: file, scope, reason, ...(detail.target !== undefined ? { target: detail.target } : {}), warning: skipWarning(file, reason, detail) },
    });
    try {
      const version = await this.fs.stat(file);
      if (!version) return { kind: 'missing' };
      if (!version.regular) return skip('not-a-file');
      const real = await this.fs.realpath(file);
      const target = real === path.join(candidate.realFolder, path.relative(candidate.folder, file)) ? undefined : real;
      if (candidate.confined && !leadsWhereAllowed(real, candidate.realFolder, this.bounds, this.access)) {
        return skip('outside', { target: real, where: candidate.owned ? candidate.folder : 'the workspace' });
      }
      const owner = candidate.owned ? this.access.owner : undefined;
      if (owner !== undefined && version.uid !== owner) return skip('not-owned', { uid: version.uid, ...(target ? { target } : {}) });
      const cached = this.cache.get(file);
      if (cached && cached.real === real && sameVersion(cached.version, version) && cached.file.scope === scope) {
        this.kept.set(file, cached);
        return { kind: 'file', file: cached.file };
      }
      const read = await this.fs.read(real, this.maxBytes);
      // The owner of the file that was opened, not of whatever the name showed a moment before.
      if (owner !== undefined && read.version.uid !== owner) return skip('not-owned', { uid: read.version.uid, ...(target ? { target } : {}) });
      const loaded = { version: read.version, real, file: contextFile(file, scope, read.bytes, read.version.size, target) };
      this.kept.set(file, loaded);
      return { kind: 'file', file: loaded.file };
    } catch (error) {
      if (error instanceof NotRegularFileError) return skip('not-a-file');
      return skip('unreadable', { error: errorMessage(error) });
    }
  }
}

function contextFile(file: string, scope: ContextScope, bytes: Uint8Array, size: number, target: string | undefined): ContextFile {
  const where = { path: file, scope, ...(target !== undefined ? { target } : {}) };
  if (bytes.length >= size) return { ...where, content: stripBom(Buffer.from(bytes).toString('utf8')) };
  const kept = utf8Boundary(bytes);
  const text = stripBom(Buffer.from(bytes.subarray(0, kept)).toString('utf8'));
  return { ...where, content: `${text}\n\n${cutNote(kept, size)}`, cutFromBytes: size };
}

/** What the model reads at the end of a file that was cut. */
export function cutNote(keptBytes: number, size: number): string {
  return `[Only the first ${keptBytes} bytes of this ${size}-byte file are included.]`;
}

/** The longest prefix that does not end inside a UTF-8 sequence. */
function utf8Boundary(bytes: Uint8Array): number {
  let end = bytes.length;
  // Back over continuation bytes to the lead byte of the last sequence, then keep it only if complete.
  let lead = end - 1;
  while (lead >= 0 && lead > end - 4 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  if (lead < 0) return 0;
  const first = bytes[lead]!;
  const length = first < 0x80 ? 1 : first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  if (lead + length > end) end = lead;
  return end;
}

function sameFile(a: ContextFile | undefined, b: ContextFile | undefined): boolean {
  if (!a || !b) return a === b;
  return a.path === b.path && a.content === b.content && a.scope === b.scope && a.target === b.target && a.cutFromBytes === b.cutFromBytes;
}

function sameSkip(a: SkippedContextFile, b: SkippedContextFile): boolean {
  return a.path === b.path && a.scope === b.scope && a.reason === b.reason && a.target === b.target && a.warning === b.warning;
}

function sameSnapshot(a: ProjectContextSnapshot, b: ProjectContextSnapshot): boolean {
  return (
    a.contextFiles.length === b.contextFiles.length &&
    a.contextFiles.every((file, i) => sameFile(file, b.contextFiles[i])) &&
    sameFile(a.systemPrompt, b.systemPrompt) &&
    sameFile(a.appendSystemPrompt, b.appendSystemPrompt) &&
    a.skipped.length === b.skipped.length &&
    a.skipped.every((skipped, i) => sameSkip(skipped, b.skipped[i]!))
  );
}
