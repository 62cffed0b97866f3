/**
 * The vocabulary of workspace checkpoints: the files of a workspace recorded at points of a
 * conversation, kept in a private git repository outside the workspace. (Not to be confused with
 * `agent/checkpoint.ts`, which keeps a reply while it streams.)
 */

/** A recorded state of the workspace's files: the id of a git tree in the private store. */
export type WorkspaceState = string;

export type FileChangeKind = 'added' | 'modified' | 'deleted';

/** One path that differs between two states (workspace-relative, `/`-separated). */
export interface FileChange {
  path: string;
  kind: FileChangeKind;
}

/** Why a path was left out of a snapshot (listed, never silent). */
export type SkipReason = 'too-large' | 'nested-repository' | 'unreadable';

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  /** Bytes, for 'too-large'. */
  size?: number;
}

/** What one snapshot recorded. */
export interface Snapshot {
  state: WorkspaceState;
  /** Paths present in the workspace but not recorded (over the size limit, nested repositories). */
  skipped: SkippedFile[];
  /** The paths that differ from the state the snapshot was asked to compare with (`since`), when the store holds it. */
  changedSince?: FileChange[];
}

/** What restoring `to` would do to the workspace as it is now. */
export interface RestorePlan {
  to: WorkspaceState;
  /** The workspace as it is now (snapshotted for the plan). */
  now: WorkspaceState;
  /** Paths that would be written with the content they have in `to` (changed or deleted since). */
  restore: string[];
  /** Paths that would be removed (created after `to`). */
  remove: string[];
  /**
   * Paths changed outside the agent since `current` (the last recorded state) that the restore
   * would touch: left alone unless the caller chooses to overwrite them. Empty without `current`.
   */
  changedOutside: string[];
  /** Paths the restore never touches: ignored or over-limit files in the way, nested repositories. */
  skipped: string[];
  /**
   * Folders the target records that are links now. A restore replaces such a link by the folder
   * (the link is among `remove`) unless the link is left alone (changed outside, or not recorded
   * at all): then nothing below it is written.
   */
  linkedFolders: string[];
}

export interface PlanOptions {
  /**
   * The header id of the session that asks: only a state this store recorded for that session
   * can be restored (any other id is refused as not in this workspace's checkpoint store).
   */
  session: string;
  /**
   * The state the session last recorded: differences between it and the files now were made
   * outside the agent. When the store does not hold it for the session (or none is given), every
   * path that differs from the store's latest recorded snapshot counts as changed outside.
   */
  current?: WorkspaceState;
}

export interface RestoreOptions extends PlanOptions {
  /** Also write over paths changed outside the agent since `current` (default: leave them alone). */
  overwriteOutside?: boolean;
  /** Change nothing: say what would be done (no undo snapshot is kept). */
  dryRun?: boolean;
}

export interface RestoreReport {
  /** Paths written with their content at the target state. */
  restored: string[];
  /** Paths removed (created after the target state). */
  removed: string[];
  /** Paths not touched: ignored or over-limit files in the way, a nested repository, a write that failed. */
  skipped: string[];
  /** Paths changed outside the agent, left as they are (only without `overwriteOutside`). */
  leftAlone: string[];
  /** Recorded folders that were links (replaced by the folder when the link is among `removed`, else left alone). */
  linkedFolders: string[];
  /** The snapshot taken before restoring: restoring it undoes this restore. */
  undo: WorkspaceState;
}

/** Why checkpoints are off for a workspace. */
export type CheckpointsOffReason =
  | 'no-git'
  /** The only git on PATH lies inside the workspace: it is never run. */
  | 'git-in-workspace'
  | 'home-folder'
  | 'filesystem-root'
  | 'not-a-folder'
  | 'too-many-files'
  | 'too-large'
  | 'store-failed';

/** Checkpoints are off for a workspace, with a reason in plain words (shown once). */
export class CheckpointsOff extends Error {
  constructor(
    readonly reason: CheckpointsOffReason,
    message: string,
  ) {
    super(message);
    this.name = 'CheckpointsOff';
  }
}

/** What the user is told when a restore's target is not a state this store recorded for the session. */
export const NOT_IN_STORE = "The files recorded there are not in this workspace's checkpoint store (recorded in another folder or session, or no longer kept); no file was changed.";

/** A git command of the store failed (a state id that is not in the store, a broken store). */
export class CheckpointStoreError extends Error {
  constructor(
    readonly reason: 'unknown-state' | 'git-failed' | 'busy' | 'interrupted',
    message: string,
  ) {
    super(message);
    this.name = 'CheckpointStoreError';
  }
}

/** Limits of one store; every one has a default (`DEFAULT_CHECKPOINT_LIMITS`). */
export interface CheckpointLimits {
  /** A file larger than this is left out of snapshots (and listed). */
  maxFileBytes: number;
  /** More files than this to record: checkpoints are off for the workspace. */
  maxFiles: number;
  /** More bytes than this to record: checkpoints are off for the workspace. */
  maxTotalBytes: number;
  /** The cheap walk before git's: this many names (ignored ones included) and it stops, off. */
  maxWalkEntries: number;
  /** Undo snapshots kept by `prune` besides the states sessions reference. */
  keepUndo: number;
}

export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = {
  maxFileBytes: 5 * 1024 * 1024,
  maxFiles: 50_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxWalkEntries: 400_000,
  keepUndo: 20,
};

export interface StoreSize {
  /** Bytes the private repository takes on disk. */
  bytes: number;
  /** States the store keeps a reference to. */
  states: number;
}
