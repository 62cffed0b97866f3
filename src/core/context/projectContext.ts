/**
 * Project instructions found as pi 0.73.1 finds them, re-checked before every request.
 *
 * - Context files: the first of AGENTS.md, AGENTS.MD, CLAUDE.md, CLAUDE.MD in pi's agent folder
 *   (global), then in every folder from the filesystem root down to the workspace folder, root
 *   first; a file already listed is not listed again.
 * - SYSTEM.md replaces the default prompt and APPEND_SYSTEM.md is appended to it: the workspace's
 *   `.pi/` copy when there is one, else the agent folder's.
 *
 * In an untrusted workspace nothing of the project is read (the workspace and the folders above
 * it may have come with it), only the agent folder's files. `contextFiles: false` turns the
 * AGENTS.md / CLAUDE.md files off, as pi's `--no-context-files` does; SYSTEM.md still applies.
 *
 * `load()` stats every candidate path at most once and reads only a file whose version changed,
 * so a request with nothing changed costs one stat per path and no read, and gets the very same
 * snapshot object back (the prompt stays byte-identical; the provider's prompt cache keeps hitting).
 */
import * as path from 'node:path';
import { Emitter, type Event } from '../util/event';
import { errorMessage } from '../util/errors';
import { nodeContextFs, NotRegularFileError, sameVersion, type ContextFs, type FileVersion } from './contextFs';
import { PI_PROJECT_DIR } from './piEnvironment';

/** pi's candidates, in its order: the first one found in a folder is the folder's file. */
export const CONTEXT_FILE_NAMES = ['AGENTS.md', 'AGENTS.MD', 'CLAUDE.md', 'CLAUDE.MD'] as const;
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
  /** The file's size in bytes when only its first part was read. */
  cutFromBytes?: number;
}

export interface ProjectContextSnapshot {
  contextFiles: readonly ContextFile[];
  /** SYSTEM.md: replaces Arbor's default prompt when not empty. */
  systemPrompt: ContextFile | undefined;
  /** APPEND_SYSTEM.md: appended to the prompt. */
  appendSystemPrompt: ContextFile | undefined;
  /** Files that were there but not read (a folder of that name, a FIFO, no permission), in plain words. */
  warnings: readonly string[];
}

export interface ProjectContextOptions {
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

type Lookup = { kind: 'missing' } | { kind: 'file'; file: ContextFile } | { kind: 'skipped'; warning: string };

interface CachedFile {
  version: FileVersion;
  file: ContextFile;
}

export class ProjectContext {
  private readonly fs: ContextFs;
  private readonly maxBytes: number;
  private readonly cwd: string;
  private cache = new Map<string, CachedFile>();
  private last: ProjectContextSnapshot | undefined;
  private readonly changed = new Emitter<ProjectContextSnapshot>();

  constructor(private readonly options: ProjectContextOptions) {
    this.fs = options.fs ?? nodeContextFs;
    this.maxBytes = options.maxFileBytes ?? DEFAULT_MAX_CONTEXT_FILE_BYTES;
    this.cwd = path.resolve(options.cwd);
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
    const pass = new LoadPass(this.fs, this.maxBytes, this.cache);
    const { agentDir, trusted, contextFiles } = this.options;
    const projectPiDir = path.join(this.cwd, PI_PROJECT_DIR);
    const [files, systemPrompt, appendSystemPrompt] = await Promise.all([
      contextFiles ? this.contextFiles(pass) : Promise.resolve([]),
      pass.first(trusted ? [path.join(projectPiDir, SYSTEM_PROMPT_FILE)] : [], [path.join(agentDir, SYSTEM_PROMPT_FILE)]),
      pass.first(trusted ? [path.join(projectPiDir, APPEND_SYSTEM_PROMPT_FILE)] : [], [path.join(agentDir, APPEND_SYSTEM_PROMPT_FILE)]),
    ]);
    this.cache = pass.kept;
    // Lookups finish in any order: sorted, the same problems give the same snapshot.
    const next: ProjectContextSnapshot = { contextFiles: files, systemPrompt, appendSystemPrompt, warnings: [...pass.warnings].sort() };
    if (this.last && sameSnapshot(this.last, next)) return this.last;
    this.last = next;
    this.changed.fire(next);
    return next;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async contextFiles(pass: LoadPass): Promise<ContextFile[]> {
    const global = await pass.first([], namesIn(this.options.agentDir));
    const files = global ? [global] : [];
    if (!this.options.trusted) return files;
    const ancestors = await Promise.all(foldersFromRoot(this.cwd).map((dir) => pass.first(namesIn(dir), [])));
    const seen = new Set(files.map((file) => file.path));
    for (const file of ancestors) {
      if (!file || seen.has(file.path)) continue;
      seen.add(file.path);
      files.push(file);
    }
    return files;
  }
}

/** One `load()`: each path is looked up (one stat, a read only if it changed) at most once. */
class LoadPass {
  readonly warnings: string[] = [];
  /** The cache entries this pass confirmed or refreshed; files no longer found drop out. */
  readonly kept = new Map<string, CachedFile>();
  private readonly lookups = new Map<string, Promise<Lookup>>();

  constructor(
    private readonly fs: ContextFs,
    private readonly maxBytes: number,
    private readonly cache: ReadonlyMap<string, CachedFile>,
  ) {}

  /** The first file found among the project candidates, then the global ones. */
  async first(projectPaths: readonly string[], globalPaths: readonly string[]): Promise<ContextFile | undefined> {
    const candidates = [...projectPaths.map((file) => ({ file, scope: 'project' as const })), ...globalPaths.map((file) => ({ file, scope: 'global' as const }))];
    for (const { file, scope } of candidates) {
      const found = await this.lookup(file, scope);
      if (found.kind === 'file') return found.file;
    }
    return undefined;
  }

  private lookup(file: string, scope: ContextScope): Promise<Lookup> {
    let found = this.lookups.get(file);
    if (!found) {
      found = this.check(file, scope).then((result) => {
        if (result.kind === 'skipped') this.warnings.push(result.warning);
        return result;
      });
      this.lookups.set(file, found);
    }
    return found;
  }

  private async check(file: string, scope: ContextScope): Promise<Lookup> {
    try {
      const version = await this.fs.stat(file);
      if (!version) return { kind: 'missing' };
      if (!version.regular) return { kind: 'skipped', warning: `${file} is not a regular file; it was not read.` };
      const cached = this.cache.get(file);
      if (cached && sameVersion(cached.version, version) && cached.file.scope === scope) {
        this.kept.set(file, cached);
        return { kind: 'file', file: cached.file };
      }
      const read = await this.fs.read(file, this.maxBytes);
      const loaded = { version: read.version, file: contextFile(file, scope, read.bytes, read.version.size) };
      this.kept.set(file, loaded);
      return { kind: 'file', file: loaded.file };
    } catch (error) {
      if (error instanceof NotRegularFileError) return { kind: 'skipped', warning: `${file} is not a regular file; it was not read.` };
      return { kind: 'skipped', warning: `${file} could not be read: ${errorMessage(error)}` };
    }
  }
}

function contextFile(file: string, scope: ContextScope, bytes: Uint8Array, size: number): ContextFile {
  if (bytes.length >= size) return { path: file, content: Buffer.from(bytes).toString('utf8'), scope };
  const kept = utf8Boundary(bytes);
  const text = Buffer.from(bytes.subarray(0, kept)).toString('utf8');
  return { path: file, content: `${text}\n\n${cutNote(kept, size)}`, scope, cutFromBytes: size };
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

function namesIn(dir: string): string[] {
  return CONTEXT_FILE_NAMES.map((name) => path.join(dir, name));
}

/** `/a/b/c` → `/`, `/a`, `/a/b`, `/a/b/c` (on Windows from the drive's root). */
export function foldersFromRoot(cwd: string): string[] {
  const folders: string[] = [];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    folders.unshift(dir);
    if (path.dirname(dir) === dir) return folders;
  }
}

function sameFile(a: ContextFile | undefined, b: ContextFile | undefined): boolean {
  if (!a || !b) return a === b;
  return a.path === b.path && a.content === b.content && a.scope === b.scope && a.cutFromBytes === b.cutFromBytes;
}

function sameSnapshot(a: ProjectContextSnapshot, b: ProjectContextSnapshot): boolean {
  return (
    a.contextFiles.length === b.contextFiles.length &&
    a.contextFiles.every((file, i) => sameFile(file, b.contextFiles[i])) &&
    sameFile(a.systemPrompt, b.systemPrompt) &&
    sameFile(a.appendSystemPrompt, b.appendSystemPrompt) &&
    a.warnings.length === b.warnings.length &&
    a.warnings.every((warning, i) => warning === b.warnings[i])
  );
}
