/**
 * The private checkpoint store of one workspace: a git repository outside the workspace (its own
 * GIT_DIR and index), driven through the system's `git` with the user's and the workspace's git
 * configuration shut out. The user's own repository is never opened for writing.
 */
import type { CheckpointLimits, FileChange, PlanOptions, RestoreOptions, RestorePlan, RestoreReport, Snapshot, StoreSize, WorkspaceState } from './types';

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
  /** The git program (default `git` on PATH). */
  git?: string;
}

export interface PruneReport {
  /** States whose reference was dropped. */
  dropped: number;
  /** States kept (referenced, or among the last undo snapshots). */
  kept: number;
}

export class FileCheckpointStore {
  /** The workspace's real path. */
  readonly root: string = '';
  /** The private repository's folder. */
  readonly folder: string = '';

  /** Records the workspace's files now; only what changed since the last snapshot is read. */
  snapshot(): Promise<Snapshot> {
    throw new Error('not yet');
  }

  /** The paths that differ between two states. */
  changes(_from: WorkspaceState, _to: WorkspaceState): Promise<FileChange[]> {
    throw new Error('not yet');
  }

  /** What restoring `to` would do now, changing nothing. */
  plan(_to: WorkspaceState, _options: PlanOptions = {}): Promise<RestorePlan> {
    throw new Error('not yet');
  }

  /** Makes the workspace's files those of `to`, after a snapshot that undoes it. */
  restore(_to: WorkspaceState, _options: RestoreOptions = {}): Promise<RestoreReport> {
    throw new Error('not yet');
  }

  /** A file's bytes at a state (undefined when it is not there, or is a link or a folder). */
  readAt(_state: WorkspaceState, _path: string): Promise<Uint8Array | undefined> {
    throw new Error('not yet');
  }

  /** Whether the store holds this state. */
  hasState(_state: WorkspaceState): Promise<boolean> {
    throw new Error('not yet');
  }

  size(): Promise<StoreSize> {
    throw new Error('not yet');
  }

  /** Removes the whole store (every recorded state). */
  clear(): Promise<void> {
    throw new Error('not yet');
  }

  /** Drops states not in `keep` (except the last undo snapshots) and removes their objects. */
  prune(_keep: ReadonlySet<WorkspaceState>): Promise<PruneReport> {
    throw new Error('not yet');
  }
}

/** The store's folder for a workspace: `<stateHome>/arbor/workspaces/<hash of its real path>`. */
export function storeFolderFor(_stateHome: string, _realRoot: string): string {
  throw new Error('not yet');
}

/** Opens (creating when new) the store of a workspace; throws CheckpointsOff with the reason when checkpoints cannot be on. */
export function openFileCheckpointStore(_options: FileCheckpointStoreOptions): Promise<FileCheckpointStore> {
  throw new Error('not yet');
}
