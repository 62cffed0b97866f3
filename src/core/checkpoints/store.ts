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
 *
 * Only a state this store recorded for the session that asks can be restored (refs.ts): git would
 * take any tree id a session file names (its built-in empty tree, a sub-folder's tree), and so
 * would empty or rebuild the workspace from it.
 */
import { createHash } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import { systemClock } from '../session';
import { SerialQueue } from '../util/serial';
import { noStopPoints, type StopPoints } from '../util/stopPoints';
import { GitFailed, isObjectId, nulFields, runGit, type GitContext } from './git';
import { findGit, type GitProgram } from './gitProgram';
import { refuseOverBudget, refusePath } from './guard';
import { isStorePath } from './paths';
import { keepRef, LATEST_REF, moveRef, readRefs, sessionRef, STATE_REFS, stateOfRef, UNDO_REFS } from './refs';
import { parseRawDiff, planFrom, type EntryChange, type TreeEntry } from './restorePlan';
import { linkAbove, occupied, removeFile, sortListed } from './workspaceFiles';
import { prepareRepository } from './repository';
import { beginRestoreJournal, clearRestoreJournal, journalHolderAlive, readRestoreJournal, type JournalReading } from './restoreJournal';
import { storeBusy, withLockRetry } from './staleLocks';
import { checkoutEntries } from './checkout';
import {
  CheckpointStoreError,
  CheckpointsOff,
  DEFAULT_CHECKPOINT_LIMITS,
  NOT_IN_STORE,
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
  /** Where a kill test freezes the process mid-restore and mid-snapshot (default: nowhere). */
  stopPoints?: StopPoints;
}

/** A restore that did not finish (the journal it left), or a journal that is not one (`malformed`). */
export type InterruptedRestore = Exclude<JournalReading, { kind: 'none' }>;

export interface PruneReport {
  /** States whose reference was dropped. */
  dropped: number;
  /** States kept (referenced, or among the last undo snapshots). */
  kept: number;
}

export class FileCheckpointStore {
  private readonly git: GitContext;
  private readonly limits: CheckpointLimits;
  private readonly stopPoints: StopPoints;
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
    this.stopPoints = options.stopPoints ?? noStopPoints;
  }

  /**
   * Records the workspace's files now; only what changed since the last snapshot is read. With
   * `since` (a state of this store), also the paths that differ from it (`changedSince`), read
   * while the tree is written; none when the store does not hold `since`. With `session` (a
   * recorder's snapshot), the state is bound to that session and becomes the store's latest
   * recorded one: two small files, no git run.
   */
  snapshot(options: { since?: WorkspaceState; session?: string } = {}): Promise<Snapshot> {
    return this.serial.run(async () => {
      const snapshot = options.since === undefined || !isObjectId(options.since) ? await this.snapshotNow() : await this.snapshotSince(options.since);
      if (options.session !== undefined) {
        await keepRef(this.folder, sessionRef(options.session, snapshot.state), snapshot.state);
        await moveRef(this.folder, LATEST_REF, snapshot.state);
      }
      return snapshot;
    });
  }

  private async snapshotSince(since: WorkspaceState): Promise<Snapshot> {
    const skipped = await this.stage();
    const stateRun = this.treeOfIndex();
    const changesRun = this.indexChanges(since, 'from').catch(() => undefined);
    // Both end before a failure is passed on: the store's next job must not overlap them.
    await Promise.allSettled([stateRun, changesRun]);
    const changes = await changesRun;
    return { state: await stateRun, skipped, ...(changes ? { changedSince: changes.map(({ path: file, kind }) => ({ path: file, kind })) } : {}) };
  }

  private async snapshotNow(): Promise<Snapshot> {
    const skipped = await this.stage();
    return { state: await this.treeOfIndex(), skipped };
  }

  /** Brings the store's index up to the workspace's files (only what git lists as changed is read); what was left out. */
  private async stage(): Promise<SkippedFile[]> {
    await this.ensureRepository();
    const listed = nulFields((await this.run(['ls-files', '-z', '-m', '-o', '--exclude-standard'])).stdout);
    const { add, drop, skipped } = await sortListed(this.root, [...new Set(listed)], this.limits);
    // Dropped first: a folder replaced by a link or a file leaves entries below it that would block the new one.
    if (drop.length > 0) await this.run(['update-index', '--force-remove', '-z', '--stdin'], { input: drop.map((file) => `${file}\0`).join('') });
    if (add.length > 0) await this.run(['update-index', '--add', '--remove', '--replace', '-z', '--stdin'], { input: add.map((file) => `${file}\0`).join('') });
    // Mid-snapshot: the files' objects and the index are written, no tree nor reference yet.
    this.stopPoints.reached('snapshot');
    return skipped;
  }

  /** The state the index holds, kept by a reference. */
  private async treeOfIndex(): Promise<WorkspaceState> {
    const state = (await this.unchangedTree()) ?? (await this.writeTree());
    await keepRef(this.folder, `${STATE_REFS}${state}`, state);
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

  /**
   * What restoring `to` would do now, changing nothing but the store (the plan snapshots the
   * files). Fails with CheckpointStoreError('unknown-state') when `to` is not a state this store
   * recorded for `options.session`.
   */
  async plan(to: WorkspaceState, options: PlanOptions): Promise<RestorePlan> {
    return this.serial.run(async () => (await this.planNow(to, options, true)).plan);
  }

  /**
   * Makes the workspace's files those of `to`, after a snapshot that undoes it (bound to the
   * session too, so the session can restore it). Refused, nothing touched, as `plan` says.
   */
  restore(to: WorkspaceState, options: RestoreOptions): Promise<RestoreReport> {
    return this.serial.run(() => this.restoreNow(to, options));
  }

  /**
   * Binds to the session `to` those of `states` this store recorded for the session `from`: a
   * fork carries its source's states. Resolves with how many were bound.
   */
  bindCopies(from: string, to: string, states: Iterable<WorkspaceState>): Promise<number> {
    return this.serial.run(async () => {
      await this.ensureRepository();
      const bound = await this.boundTo(from, [...new Set(states)]);
      for (const state of bound) await keepRef(this.folder, sessionRef(to, state), state);
      return bound.size;
    });
  }

  private async restoreNow(to: WorkspaceState, options: RestoreOptions): Promise<RestoreReport> {
    const { plan, targets } = await this.planNow(to, options, options.overwriteOutside !== true);
    const leftAlone = options.overwriteOutside ? [] : plan.changedOutside;
    const spared = new Set(leftAlone);
    const report: RestoreReport = { restored: [], removed: [], skipped: [...plan.skipped], leftAlone, linkedFolders: plan.linkedFolders, undo: plan.now };
    const toRemove = plan.remove.filter((file) => !spared.has(file));
    const toWrite = plan.restore.filter((file) => !spared.has(file));
    if (options.dryRun) return { ...report, restored: toWrite, removed: toRemove };
    await keepRef(this.folder, `${UNDO_REFS}${this.undoName()}-${plan.now}`, plan.now);
    await keepRef(this.folder, sessionRef(options.session, plan.now), plan.now);
    // Before the first file changes: a process killed from here on leaves the journal behind.
    const journaled = await beginRestoreJournal(this.folder, { to, session: options.session, now: plan.now, changes: toRemove.length + toWrite.length > 0, startedAt: (this.options.now ?? (() => systemClock().getTime()))() });
    for (const file of toRemove) {
      if (await removeFile(this.root, file)) report.removed.push(file);
      else report.skipped.push(file);
      this.stopPoints.reached('restore');
    }
    const written = await checkoutEntries(this.git, toWrite.map((file) => targets.get(file)!));
    for (const file of toWrite) (written.has(file) ? report.restored : report.skipped).push(file);
    if (toWrite.length > 0) this.stopPoints.reached('restore');
    // A restore that threw before this point keeps its journal: the files are part-way too.
    if (journaled) await clearRestoreJournal(this.folder);
    return { ...report, undo: journaled?.undo ?? plan.now };
  }

  /**
   * A restore that was interrupted (its process killed, or a failure part-way): the workspace
   * holds some files of its target and some of before. Undefined when there is none, or when the
   * process that wrote the journal is still running (another window restoring now); a journal
   * that cannot be read as one is `malformed` (reported, otherwise ignored).
   */
  interruptedRestore(): Promise<InterruptedRestore | undefined> {
    return this.serial.run(async () => {
      const reading = await readRestoreJournal(this.folder);
      if (reading.kind === 'malformed') return reading;
      return reading.kind === 'found' && !journalHolderAlive(reading.journal) ? reading : undefined;
    });
  }

  /**
   * Puts the files back as they were before the interrupted restore (the snapshot it took first),
   * then clears its journal; undefined when no restore was interrupted.
   */
  undoInterruptedRestore(): Promise<RestoreReport | undefined> {
    return this.serial.run(async () => {
      const reading = await readRestoreJournal(this.folder);
      if (reading.kind !== 'found' || journalHolderAlive(reading.journal)) return undefined;
      const { session, undo } = reading.journal;
      return this.restoreNow(undo, { session, overwriteOutside: true });
    });
  }

  /**
   * The plan, and the target's entry (mode and object) of every path it would write. `outside`:
   * whether the paths changed outside the agent are needed (not when they are overwritten anyway).
   */
  private async planNow(to: WorkspaceState, options: PlanOptions, outside: boolean): Promise<{ plan: RestorePlan; targets: Map<string, TreeEntry> }> {
    this.checkId(to);
    await this.ensureRepository();
    // Before anything is written: the target must be a state this store recorded for this session.
    const bound = await this.boundTo(options.session, options.current !== undefined ? [to, options.current] : [to]);
    if (!bound.has(to)) throw new CheckpointStoreError('unknown-state', NOT_IN_STORE);
    // The session's own last state when the store holds it for the session; else the latest one recorded.
    const base = options.current !== undefined && bound.has(options.current) ? options.current : (await readRefs(this.folder, [LATEST_REF])).get(LATEST_REF);
    await this.stage();
    // The index is the files now: its differences from the states are read while its tree is written.
    const nowRun = this.treeOfIndex();
    const targetRun = this.indexChanges(to, 'to');
    const outsideRun: Promise<ReadonlySet<string> | 'all'> = !outside
      ? Promise.resolve(new Set<string>())
      : base === undefined
        ? Promise.resolve('all')
        : this.indexChanges(base, 'from').then((changes) => new Set(changes.map((change) => change.path)), () => 'all' as const);
    // All three end before a failure is passed on: the store's next job must not overlap them.
    await Promise.allSettled([nowRun, targetRun, outsideRun]);
    const now = await nowRun;
    const changes = await targetRun.catch((error: unknown) => {
      if (error instanceof GitFailed) throw new CheckpointStoreError('unknown-state', NOT_IN_STORE);
      throw error;
    });
    const folders = new Map<string, Promise<Stats | undefined>>();
    return planFrom({ to, now, changes, outside: await outsideRun, occupied: (file) => occupied(this.root, file), linkAbove: (file) => linkAbove(this.root, file, folders) });
  }

  /** Those of `states` this store recorded for `session` (no git run: its references are read). */
  private async boundTo(session: string, states: readonly WorkspaceState[]): Promise<Set<WorkspaceState>> {
    const valid = states.filter(isObjectId);
    const found = await readRefs(this.folder, valid.map((state) => sessionRef(session, state)));
    return new Set(valid.filter((state) => found.get(sessionRef(session, state)) === state));
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
    const keptUndo = undo.slice(Math.max(0, undo.length - this.limits.keepUndo));
    // Kept undo snapshots and an interrupted restore's two states keep their sessions' bindings too.
    const journal = await readRestoreJournal(this.folder);
    const interrupted = journal.kind === 'found' ? [journal.journal.undo, journal.journal.to] : [];
    const kept = new Set([...keep, ...keptUndo.map(stateOfRef), ...interrupted]);
    const states = refs.filter((ref) => ref !== LATEST_REF);
    const drop = states.filter((ref) => !kept.has(stateOfRef(ref)));
    if (drop.length > 0) await this.run(['update-ref', '--stdin'], { input: drop.map((ref) => `delete ${ref}\n`).join('') });
    await this.run(['gc', '--prune=now', '--quiet']);
    // Counted by state: one state may have several references (recorded, an undo, bound to sessions).
    const dropped = new Set(drop.map(stateOfRef));
    return { dropped: dropped.size, kept: new Set(states.map(stateOfRef).filter((state) => !dropped.has(state))).size };
  }

  /** Fails with CheckpointsOff('no-git') when the git program cannot be run. */
  async checkGit(): Promise<void> {
    await this.run(['--version']);
  }

  // ---- private -------------------------------------------------------------------------------

  private run(args: readonly string[], options?: Parameters<typeof runGit>[2]): ReturnType<typeof runGit> {
    return withLockRetry(this.folder, () => runGit(this.git, args, options), storeBusy).catch((error: unknown) => {
      if (error instanceof GitFailed && error.code === undefined) {
        throw new CheckpointsOff('no-git', 'Checkpoints are off: git was not found. Install git to record and restore the workspace\'s files.');
      }
      throw error;
    });
  }

  private ensureRepository(): Promise<void> {
    this.ready ??= prepareRepository({ folder: this.folder, root: this.root, excludes: this.options.excludes ?? [], run: (args) => this.run(args) }).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private undoName(): string {
    const now = this.options.now?.() ?? 0;
    return `${String(now).padStart(15, '0')}${String(this.undoCounter++).padStart(6, '0')}`;
  }

  private checkId(state: WorkspaceState): void {
    if (!isObjectId(state)) throw new CheckpointStoreError('unknown-state', `${JSON.stringify(String(state).slice(0, 80))} is not a state id.`);
  }
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
