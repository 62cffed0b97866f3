/**
 * The private checkpoint store of one workspace: a git repository outside the workspace (its own
 * GIT_DIR and index), driven through the system's `git` with the user's and the workspace's git
 * configuration shut out (git.ts). The user's own repository is never opened for writing: the
 * store's git is told where the workspace is (GIT_WORK_TREE) and git itself skips every `.git`.
 *
 * A state is a git tree. A snapshot asks git which files changed since the last one (`ls-files
 * -m -o`, which uses the index's stat data, so only changed files are read), checks their sizes,
 * and adds them to the store's index; the tree is written from the index (when nothing changed and
 * the index is the one the last tree was written from, that tree is the state: one git run). A
 * restore removes what the target lacks and writes the rest with `checkout-index` from a scratch
 * index holding only those files: git replaces a link or a file in the way and never writes
 * through a link. Snapshots, restores, pruning and clearing run one at a time (one index).
 */
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import { replaceFile, writeNewFile } from '../util/safeFiles';
import { SerialQueue } from '../util/serial';
import { GitFailed, isObjectId, nulFields, runGit, type GitContext } from './git';
import { findGit, type GitProgram } from './gitProgram';
import { refuseOverBudget, refusePath } from './guard';
import { isStorePath } from './paths';
import {
  CheckpointStoreError,
  CheckpointsOff,
  DEFAULT_CHECKPOINT_LIMITS,
  type CheckpointLimits,
  type FileChange,
  type PlanOptions,
  type RestoreOptions,
  type RestorePlan,
  type RestoreReport,
  type SkippedFile,
  type Snapshot,
  type StoreSize,
  type WorkspaceState,
} from './types';

export interface FileCheckpointStoreOptions {
  /** The workspace root (its real path is taken). */
  root: string;
  /** `$XDG_STATE_HOME` as resolved (src/core/util/xdg.ts): the store lives below it. */
  stateHome: string;
  /** The user's home folder: refused as a workspace. */
  home: string;
  /** Extra patterns to leave out, gitignore syntax (the editor's `files.exclude`). */
  excludes?: readonly string[];
  limits?: Partial<CheckpointLimits>;
  /** Where git is looked up (PATH, and PATHEXT on Windows; absolute entries outside the workspace only): default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Names undo snapshots in time order (the caller's clock; without it, in the order of this store's restores). */
  now?: () => number;
}

export interface PruneReport {
  /** States whose reference was dropped. */
  dropped: number;
  /** States kept (referenced, or among the last undo snapshots). */
  kept: number;
}

/** How many lstat calls are in flight at once while a listing is sorted. */
const LSTAT_BATCH = 64;

const STATE_REFS = 'refs/arbor/states/';
const UNDO_REFS = 'refs/arbor/undo/';

/**
 * Every attribute that could change bytes between the file and the store (line endings, filters,
 * encodings) unset for every path; info/attributes wins over any .gitattributes of the workspace.
 */
const ATTRIBUTES = '* -text !eol -ident !filter !working-tree-encoding !diff !merge\n';

export class FileCheckpointStore {
  private readonly git: GitContext;
  private readonly limits: CheckpointLimits;
  private ready: Promise<void> | undefined;
  private undoCounter = 0;
  /** One index: snapshots, restores, pruning and clearing never overlap (a turn's snapshot may run beside a restore asked for in the UI). */
  private readonly serial = new SerialQueue();
  /** The last tree written and the index file it was written from (its identity on disk). */
  private lastTree: { state: WorkspaceState; index: string } | undefined;

  constructor(
    /** The workspace's real path. */
    readonly root: string,
    /** The private repository's folder. */
    readonly folder: string,
    private readonly options: FileCheckpointStoreOptions,
    /** The git every run spawns, found once (gitProgram.ts). */
    readonly gitProgram: GitProgram,
  ) {
    this.git = { program: gitProgram.path, searchPath: gitProgram.searchPath, gitDir: folder, workTree: root };
    this.limits = { ...DEFAULT_CHECKPOINT_LIMITS, ...options.limits };
  }

  /**
   * Records the workspace's files now; only what changed since the last snapshot is read. With
   * `since` (a state of this store), also the paths that differ from it (`changedSince`), read
   * while the tree is written; none when the store does not hold `since`.
   */
  snapshot(options: { since?: WorkspaceState } = {}): Promise<Snapshot> {
    return this.serial.run(async () => {
      if (options.since === undefined || !isObjectId(options.since)) return this.snapshotNow();
      const skipped = await this.stage();
      const stateRun = this.treeOfIndex();
      const changesRun = this.indexChanges(options.since, 'from').catch(() => undefined);
      // Both end before a failure is passed on: the store's next job must not overlap them.
      await Promise.allSettled([stateRun, changesRun]);
      const changes = await changesRun;
      return { state: await stateRun, skipped, ...(changes ? { changedSince: changes.map(({ path: file, kind }) => ({ path: file, kind })) } : {}) };
    });
  }

  private async snapshotNow(): Promise<Snapshot> {
    const skipped = await this.stage();
    return { state: await this.treeOfIndex(), skipped };
  }

  /** Brings the store's index up to the workspace's files (only what git lists as changed is read); what was left out. */
  private async stage(): Promise<SkippedFile[]> {
    await this.ensureRepository();
    const listed = nulFields((await this.run(['ls-files', '-z', '-m', '-o', '--exclude-standard'])).stdout);
    const { add, drop, skipped } = await this.sortListed([...new Set(listed)]);
    // Dropped first: a folder replaced by a link or a file leaves entries below it that would block the new one.
    if (drop.length > 0) await this.run(['update-index', '--force-remove', '-z', '--stdin'], { input: drop.map((file) => `${file}\0`).join('') });
    if (add.length > 0) await this.run(['update-index', '--add', '--remove', '--replace', '-z', '--stdin'], { input: add.map((file) => `${file}\0`).join('') });
    return skipped;
  }

  /** The state the index holds, kept by a reference. */
  private async treeOfIndex(): Promise<WorkspaceState> {
    const state = (await this.unchangedTree()) ?? (await this.writeTree());
    await this.keepRef(`${STATE_REFS}${state}`, state);
    return state;
  }

  /** The last tree written, when the index file is still the one it was written from (git replaces the file on every change). */
  private async unchangedTree(): Promise<WorkspaceState | undefined> {
    const last = this.lastTree;
    if (!last) return undefined;
    return (await this.indexIdentity()) === last.index ? last.state : undefined;
  }

  private async writeTree(): Promise<WorkspaceState> {
    this.lastTree = undefined;
    const state = (await this.run(['write-tree'])).stdout.toString('utf8').trim();
    // Read after write-tree, which may rewrite the index to keep the trees it computed.
    const index = await this.indexIdentity();
    if (index !== undefined) this.lastTree = { state, index };
    return state;
  }

  /** The index file's identity: inode, size, change and modification times in nanoseconds. */
  private async indexIdentity(): Promise<string | undefined> {
    const stat = await fs.stat(path.join(this.folder, 'index'), { bigint: true }).catch(() => undefined);
    return stat && `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
  }

  /** The paths that differ between two states. */
  async changes(from: WorkspaceState, to: WorkspaceState): Promise<FileChange[]> {
    return (await this.entryChanges(from, to)).map(({ path: file, kind }) => ({ path: file, kind }));
  }

  /** What restoring `to` would do now, changing nothing but the store (the plan snapshots the files). */
  async plan(to: WorkspaceState, options: PlanOptions = {}): Promise<RestorePlan> {
    return this.serial.run(async () => (await this.planNow(to, options)).plan);
  }

  /** Makes the workspace's files those of `to`, after a snapshot that undoes it. */
  restore(to: WorkspaceState, options: RestoreOptions = {}): Promise<RestoreReport> {
    return this.serial.run(() => this.restoreNow(to, options));
  }

  private async restoreNow(to: WorkspaceState, options: RestoreOptions): Promise<RestoreReport> {
    const { plan, targets } = await this.planNow(to, options);
    const leftAlone = options.overwriteOutside ? [] : plan.changedOutside;
    const spared = new Set(leftAlone);
    const report: RestoreReport = { restored: [], removed: [], skipped: [...plan.skipped], leftAlone, undo: plan.now };
    const toRemove = plan.remove.filter((file) => !spared.has(file));
    const toWrite = plan.restore.filter((file) => !spared.has(file));
    if (options.dryRun) return { ...report, restored: toWrite, removed: toRemove };
    await this.keepRef(`${UNDO_REFS}${this.undoName()}-${plan.now}`, plan.now);
    for (const file of toRemove) {
      if (await this.removeFile(file)) report.removed.push(file);
      else report.skipped.push(file);
    }
    const written = await this.checkout(toWrite.map((file) => targets.get(file)!));
    for (const file of toWrite) (written.has(file) ? report.restored : report.skipped).push(file);
    return report;
  }

  /** The plan, and the target's entry (mode and object) of every path it would write. */
  private async planNow(to: WorkspaceState, options: PlanOptions): Promise<{ plan: RestorePlan; targets: Map<string, TreeEntry> }> {
    this.checkId(to);
    await this.stage();
    const current = options.current !== undefined && isObjectId(options.current) ? options.current : undefined;
    // The index is the files now: its differences from the states are read while its tree is written.
    const nowRun = this.treeOfIndex();
    const targetRun = this.indexChanges(to, 'to');
    // A `current` the store does not hold (cleared, another machine's) names no outside change.
    const currentRun = current !== undefined ? this.indexChanges(current, 'from').catch(() => []) : Promise.resolve([]);
    // All three end before a failure is passed on: the store's next job must not overlap them.
    await Promise.allSettled([nowRun, targetRun, currentRun]);
    const now = await nowRun;
    const target = await targetRun.catch((error: unknown) => {
      if (error instanceof GitFailed) throw new CheckpointStoreError('unknown-state', `The state ${to.slice(0, 12)} is not in this workspace's checkpoint store.`);
      throw error;
    });
    const sinceCurrent = await currentRun;
    const outside = new Set(sinceCurrent.map((change) => change.path));
    const plan: RestorePlan = { to, now, restore: [], remove: [], changedOutside: [], skipped: [] };
    const targets = new Map<string, TreeEntry>();
    for (const change of target) {
      if (outside.has(change.path)) plan.changedOutside.push(change.path);
      if (change.kind === 'deleted') plan.remove.push(change.path);
      // A name the snapshot did not record but the disk holds is ignored or over the limit: left alone.
      else if (change.kind === 'added' && (await this.occupied(change.path))) plan.skipped.push(change.path);
      else {
        plan.restore.push(change.path);
        targets.set(change.path, change.target);
      }
    }
    return { plan, targets };
  }

  /** The paths that differ between two states, each with its entry in `to`. */
  private async entryChanges(from: WorkspaceState, to: WorkspaceState): Promise<EntryChange[]> {
    await this.ensureRepository();
    this.checkId(from);
    this.checkId(to);
    return parseRawDiff((await this.run(['diff-tree', '-r', '-z', '--no-renames', '--raw', from, to])).stdout);
  }

  /**
   * The paths that differ between the store's index (the files at the last snapshot) and a state:
   * from the index to the state (`'to'`, each with its entry in the state), or from the state to
   * the index (`'from'`). The same as between the index's tree and the state, without that tree.
   */
  private async indexChanges(state: WorkspaceState, direction: 'to' | 'from'): Promise<EntryChange[]> {
    return parseRawDiff((await this.run(['diff-index', '--cached', '-r', '-z', '--no-renames', '--raw', ...(direction === 'to' ? ['-R'] : []), state, '--'])).stdout);
  }

  /** A file's bytes at a state (undefined when it is not there, or is a link or a folder there). */
  async readAt(state: WorkspaceState, file: string): Promise<Uint8Array | undefined> {
    if (!isStorePath(file) || !(await this.hasState(state))) return undefined;
    const listing = nulFields((await this.run(['ls-tree', '-z', state, '--', file])).stdout)[0];
    const match = listing && /^(100644|100755) blob ([0-9a-f]+)\t(.*)$/s.exec(listing);
    if (!match || match[3] !== file) return undefined;
    return (await this.run(['cat-file', 'blob', match[2]!])).stdout;
  }

  /** Whether the store holds this state. */
  async hasState(state: WorkspaceState): Promise<boolean> {
    if (!isObjectId(state)) return false;
    await this.ensureRepository();
    const result = await this.run(['cat-file', '-t', state], { okCodes: [0, 1, 128] });
    return result.code === 0 && result.stdout.toString('utf8').trim() === 'tree';
  }

  async size(): Promise<StoreSize> {
    const bytes = await folderBytes(this.folder);
    if (bytes === 0) return { bytes, states: 0 };
    await this.ensureRepository();
    const refs = nulFields((await this.run(['for-each-ref', '--format=%(refname)%00', STATE_REFS])).stdout).filter((line) => line.trim() !== '');
    return { bytes, states: refs.length };
  }

  /** Removes the whole store (every recorded state); the next snapshot starts a new one. */
  clear(): Promise<void> {
    return this.serial.run(async () => {
      await this.ready?.catch(() => undefined);
      this.ready = undefined;
      this.lastTree = undefined;
      await fs.rm(this.folder, { recursive: true, force: true });
    });
  }

  /** Drops states not in `keep` (except the last undo snapshots) and removes their objects. */
  prune(keep: ReadonlySet<WorkspaceState>): Promise<PruneReport> {
    return this.serial.run(() => this.pruneNow(keep));
  }

  private async pruneNow(keep: ReadonlySet<WorkspaceState>): Promise<PruneReport> {
    // The next snapshot writes its tree again rather than trust one whose reference may be dropped here.
    this.lastTree = undefined;
    await this.ensureRepository();
    const output = (await this.run(['for-each-ref', '--format=%(refname)', 'refs/arbor/'])).stdout.toString('utf8');
    const refs = output.split('\n').filter((line) => line !== '');
    const undo = refs.filter((ref) => ref.startsWith(UNDO_REFS)).sort();
    const keptUndo = new Set(undo.slice(Math.max(0, undo.length - this.limits.keepUndo)));
    const drop = refs.filter((ref) => !keptUndo.has(ref) && !keep.has(ref.slice(ref.lastIndexOf('/') + 1).split('-').pop()!));
    if (drop.length > 0) await this.run(['update-ref', '--stdin'], { input: drop.map((ref) => `delete ${ref}\n`).join('') });
    await this.run(['gc', '--prune=now', '--quiet']);
    return { dropped: drop.length, kept: refs.length - drop.length };
  }

  /** Fails with CheckpointsOff('no-git') when the git program cannot be run. */
  async checkGit(): Promise<void> {
    await this.run(['--version']);
  }

  // ---- private -------------------------------------------------------------------------------

  private run(args: readonly string[], options?: Parameters<typeof runGit>[2]): ReturnType<typeof runGit> {
    return runGit(this.git, args, options).catch((error: unknown) => {
      if (error instanceof GitFailed && error.code === undefined) {
        throw new CheckpointsOff('no-git', 'Checkpoints are off: git was not found. Install git to record and restore the workspace\'s files.');
      }
      throw error;
    });
  }

  private ensureRepository(): Promise<void> {
    this.ready ??= this.createRepository().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async createRepository(): Promise<void> {
    if (await exists(path.join(this.folder, 'HEAD'))) {
      await this.writeInfo();
    } else {
      await fs.mkdir(this.folder, { recursive: true, mode: 0o700 });
      await this.run(['init', '--quiet', '--template=', this.folder]);
      await writeNewFile(path.join(this.folder, 'arbor-workspace'), `${this.root}\n`).catch(ignoreExisting);
      await this.writeInfo();
    }
    await this.splitIndex();
  }

  /**
   * Keeps the index in two files (git's split index): the whole listing, rewritten only when much
   * has changed, and the entries changed since. A snapshot after a small change then writes a small
   * file instead of the whole listing (twice: the files, then the tree). Asked once per store; git
   * keeps an index split once it is.
   */
  private async splitIndex(): Promise<void> {
    const names = await fs.readdir(this.folder).catch(() => [] as string[]);
    if (!names.some((name) => name.startsWith('sharedindex.'))) await this.run(['update-index', '--split-index']);
  }

  /** info/exclude (the caller's patterns) and info/attributes, written new and renamed in place. */
  private async writeInfo(): Promise<void> {
    const info = path.join(this.folder, 'info');
    await fs.mkdir(info, { recursive: true, mode: 0o700 });
    const excludes = [...(this.options.excludes ?? []), ...this.ownFolderInside()].filter((line) => !/[\r\n]/.test(line)).join('\n');
    await replaceFile(path.join(info, 'exclude'), `${excludes}\n`);
    await replaceFile(path.join(info, 'attributes'), ATTRIBUTES);
  }

  /**
   * Arbor's state folder when it lies inside the workspace (XDG_STATE_HOME set to a folder of the
   * project): left out, or every snapshot would record the store itself.
   */
  private ownFolderInside(): string[] {
    const relative = path.relative(this.root, path.dirname(path.dirname(this.folder)));
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return [];
    return [`/${relative.split(path.sep).map(escapePattern).join('/')}/`];
  }

  /** Sorts git's listing: files to add, names to drop (gone, behind a link, too large now), and what is skipped. */
  private async sortListed(listed: readonly string[]): Promise<{ add: string[]; drop: string[]; skipped: SkippedFile[] }> {
    const add: string[] = [];
    const drop: string[] = [];
    const skipped: SkippedFile[] = [];
    let bytes = 0;
    const files = listed.filter((file) => !file.endsWith('/'));
    const folders = await this.realFolders(files);
    const position = new Map(files.map((file, index) => [file, index]));
    const fileStats = await lstatAll(files.map((file) => path.join(this.root, file)));
    for (const file of listed) {
      if (file.endsWith('/')) {
        // git lists a folder holding its own `.git` (a nested repository, a submodule) by its name.
        skipped.push({ path: file.slice(0, -1), reason: 'nested-repository' });
        continue;
      }
      const stat = fileStats[position.get(file)!];
      if (!stat || !folderChainIntact(file, folders)) drop.push(file);
      else if (stat.isFile() && stat.size > this.limits.maxFileBytes) {
        skipped.push({ path: file, reason: 'too-large', size: stat.size });
        drop.push(file);
      } else {
        bytes += stat.size;
        add.push(file);
      }
    }
    if (add.length > this.limits.maxFiles) {
      throw new CheckpointsOff('too-many-files', `Checkpoints are off: this workspace has more than ${this.limits.maxFiles} files to record.`);
    }
    if (bytes > this.limits.maxTotalBytes) {
      throw new CheckpointsOff('too-large', `Checkpoints are off: this workspace's files take more than ${Math.round(this.limits.maxTotalBytes / 1048576)} MB.`);
    }
    return { add, drop, skipped };
  }

  /** The folders above the files that are real folders (not links, not gone). */
  private async realFolders(files: readonly string[]): Promise<Set<string>> {
    const folders = new Set<string>();
    for (const file of files) for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) folders.add(file.slice(0, end));
    const names = [...folders];
    const stats = await lstatAll(names.map((folder) => path.join(this.root, folder)));
    return new Set(names.filter((_, index) => stats[index]?.isDirectory() === true));
  }

  private async keepRef(ref: string, state: WorkspaceState): Promise<void> {
    await writeNewFile(path.join(this.folder, ...ref.split('/')), `${state}\n`).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        await fs.mkdir(path.dirname(path.join(this.folder, ...ref.split('/'))), { recursive: true, mode: 0o700 });
        return writeNewFile(path.join(this.folder, ...ref.split('/')), `${state}\n`).catch(ignoreExisting);
      }
      return ignoreExisting(error);
    });
  }

  private undoName(): string {
    const now = this.options.now?.() ?? 0;
    return `${String(now).padStart(15, '0')}${String(this.undoCounter++).padStart(6, '0')}`;
  }

  private checkId(state: WorkspaceState): void {
    if (!isObjectId(state)) throw new CheckpointStoreError('unknown-state', `${JSON.stringify(String(state).slice(0, 80))} is not a state id.`);
  }

  /** Whether anything (a file, a link, a folder) is at the name. */
  private async occupied(file: string): Promise<boolean> {
    return (await fs.lstat(path.join(this.root, file)).catch(() => undefined)) !== undefined;
  }

  /**
   * Removes one file or link, unless a folder on the way is a link (the name would lead outside
   * the workspace); folders it leaves empty are removed too. False when it was not removed.
   */
  private async removeFile(file: string): Promise<boolean> {
    const parts = file.split('/');
    let folder = this.root;
    for (const part of parts.slice(0, -1)) {
      folder = path.join(folder, part);
      const stat = await fs.lstat(folder).catch(() => undefined);
      if (!stat?.isDirectory()) return false;
    }
    const target = path.join(this.root, file);
    const stat = await fs.lstat(target).catch(() => undefined);
    if (!stat) return true;
    if (stat.isDirectory()) return false;
    await fs.unlink(target);
    for (let index = parts.length - 1; index > 0; index--) {
      const empty = path.join(this.root, ...parts.slice(0, index));
      if (!(await fs.rmdir(empty).then(() => true, () => false))) break;
    }
    return true;
  }

  /**
   * Writes `entries` to the workspace through a scratch index that holds only them (git reads no
   * more of the target than the files to write); the set of the paths written.
   */
  private async checkout(entries: readonly TreeEntry[]): Promise<Set<string>> {
    if (entries.length === 0) return new Set();
    const scratch = path.join(this.folder, `index.restore-${randomBytes(6).toString('hex')}`);
    const context: GitContext = { ...this.git, indexFile: scratch };
    try {
      await runGit(context, ['update-index', '-z', '--index-info'], { input: entries.map((entry) => `${entry.mode} ${entry.object}\t${entry.path}\0`).join('') });
      const input = entries.map((entry) => `${entry.path}\0`).join('');
      const result = await runGit(context, ['checkout-index', '-f', '-z', '--stdin'], { input, okCodes: [0, 1, 128] });
      if (result.code === 0) return new Set(entries.map((entry) => entry.path));
      const written = new Set<string>();
      for (const entry of entries) if (await this.occupied(entry.path)) written.add(entry.path);
      return written;
    } finally {
      await fs.rm(scratch, { force: true });
    }
  }
}

/** A path's entry in a state's tree. */
interface TreeEntry {
  path: string;
  /** git's file mode: 100644, 100755 or 120000 (a link). */
  mode: string;
  object: string;
}

/** A change between two states, with the path's entry in the second (meaningless for a deletion). */
interface EntryChange extends FileChange {
  target: TreeEntry;
}

/** The store's folder for a workspace: `<stateHome>/arbor/workspaces/<hash of its real path>`. */
export function storeFolderFor(stateHome: string, realRoot: string): string {
  const hash = createHash('sha256').update(realRoot).digest('hex').slice(0, 32);
  return path.join(stateHome, 'arbor', 'workspaces', hash);
}

/** Opens (creating when new) the store of a workspace; throws CheckpointsOff with the reason when checkpoints cannot be on. */
export async function openFileCheckpointStore(options: FileCheckpointStoreOptions): Promise<FileCheckpointStore> {
  const root = await fs.realpath(options.root).catch(() => undefined);
  if (!root || !(await fs.stat(root)).isDirectory()) throw new CheckpointsOff('not-a-folder', `Checkpoints are off: ${options.root} is not a folder.`);
  refusePath(root, await fs.realpath(options.home).catch(() => path.resolve(options.home)));
  await refuseOverBudget(root, { ...DEFAULT_CHECKPOINT_LIMITS, ...options.limits }.maxWalkEntries);
  const store = new FileCheckpointStore(root, storeFolderFor(options.stateHome, root), options, await findGit({ root, env: options.env }));
  await store.checkGit();
  await store.size().catch((error: unknown) => {
    if (error instanceof CheckpointsOff) throw error;
    throw new CheckpointsOff('store-failed', `Checkpoints are off: the checkpoint store could not be opened (${error instanceof Error ? error.message : String(error)}).`);
  });
  return store;
}

/** git's `--raw -z` diff: ":<mode before> <mode after> <object before> <object after> <status>", then the path. */
function parseRawDiff(output: Buffer): EntryChange[] {
  const fields = nulFields(output);
  const changes: EntryChange[] = [];
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const [, , mode, , object, status] = /^:(\d+) (\d+) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(fields[index]!) ?? [];
    if (mode === undefined || object === undefined || status === undefined) throw new CheckpointStoreError('git-failed', `git printed an unexpected diff line: ${fields[index]!.slice(0, 80)}`);
    const file = fields[index + 1]!;
    changes.push({ path: file, kind: status === 'A' ? 'added' : status === 'D' ? 'deleted' : 'modified', target: { path: file, mode, object } });
  }
  return changes;
}

/** Whether every folder above `file` is among the real folders. */
function folderChainIntact(file: string, realFolders: ReadonlySet<string>): boolean {
  for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) if (!realFolders.has(file.slice(0, end))) return false;
  return true;
}

/** lstat of many paths, a batch at a time (undefined where there is nothing); far quicker than one after another. */
async function lstatAll(paths: readonly string[]): Promise<(Stats | undefined)[]> {
  const stats: (Stats | undefined)[] = [];
  for (let start = 0; start < paths.length; start += LSTAT_BATCH) {
    const batch = paths.slice(start, start + LSTAT_BATCH);
    stats.push(...(await Promise.all(batch.map((file) => fs.lstat(file).catch(() => undefined)))));
  }
  return stats;
}

/** A name as a gitignore pattern matches it literally. */
function escapePattern(name: string): string {
  return name.replace(/[\\*?[\]!# ]/g, (character) => `\\${character}`);
}

async function exists(file: string): Promise<boolean> {
  return (await fs.lstat(file).catch(() => undefined)) !== undefined;
}

function ignoreExisting(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
}

async function folderBytes(folder: string): Promise<number> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else total += (await fs.lstat(full).catch(() => undefined))?.size ?? 0;
  }
  return total;
}
