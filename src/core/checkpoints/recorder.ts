/**
 * Records the workspace's files into the session as `arbor.files` entries while the agent works:
 * the seam the agent calls (all optional: without a recorder the agent works unchanged).
 */
import type { Json, SessionEntry } from '../session';
import type { FileCheckpointStore } from './store';
import { errorMessage } from '../util/errors';
import type { Logger } from '../util/logger';
import { FILES_CUSTOM_TYPE, newFilesData, startingState, stateAt, toFilesJson, type FilesCause, type FilesEntryData } from './entries';
import { CheckpointsOff, type SkippedFile, type Snapshot, type WorkspaceState } from './types';

/** The agent's seam: told when files may have changed. */
export interface WorkspaceRecorder {
  /** Before the prompt's user message: the session's starting state, or a change made outside. */
  turnStarted(): Promise<void>;
  /** After a tool call's result is appended (only tools that may change files record). */
  toolFinished(call: { id: string; name: string }): Promise<void>;
  /** After the last reply of a prompt. */
  turnEnded(): Promise<void>;
}

/** The tools whose runs may change files. */
export const FILE_CHANGING_TOOLS: ReadonlySet<string> = new Set(['write', 'edit', 'bash']);

/** Told once when checkpoints turn off for the workspace (the reason in plain words). */
export type CheckpointsOffListener = (message: string) => void;

export interface RecordedStep {
  entryId: string;
  state: WorkspaceState;
}

export interface SessionFilesRecorderOptions {
  /** Told once when a snapshot fails for good (checkpoints turn off for this recorder). */
  onOff?: CheckpointsOffListener;
  /** Told each time an entry is appended (the tree and the chat refresh). */
  onRecorded?: (step: RecordedStep) => void;
  /** Told (as a warning) when recording a step's files failed this time. */
  log?: Logger;
  /** Told about paths a snapshot left out (over the size limit, nested repositories), each path once. */
  onSkipped?: (skipped: SkippedFile[]) => void;
}

/** Interface of the session the recorder writes to (a `Session` fits). */
export interface RecordingSession {
  /** The header id: the states recorded are bound to it (only they can be restored for this session). */
  readonly id: string;
  readonly leafId: string | null;
  readonly entries: readonly SessionEntry[];
  getBranch(fromId?: string | null): SessionEntry[];
  appendCustomEntry(customType: string, data?: Json): Promise<string>;
}

/**
 * The recorder over a session and a store (the extension's and `arbor run`'s). An entry is
 * appended only when the files differ from the state last recorded on the branch; the first
 * prompt of a session records the starting state even when nothing changed. It never throws: a
 * failed snapshot is logged and the agent goes on; checkpoints turning off is told once and then
 * nothing more is recorded.
 */
export class SessionFilesRecorder implements WorkspaceRecorder {
  private off = false;
  /** A tool not known to change files ran since the last snapshot (an extension's tool might have). */
  private unrecordedTool = false;
  private readonly reportedSkips = new Set<string>();

  constructor(
    readonly session: RecordingSession,
    readonly store: FileCheckpointStore,
    readonly options: SessionFilesRecorderOptions = {},
  ) {}

  /** Checkpoints turned off for this recorder (the reason was told once). */
  get isOff(): boolean {
    return this.off;
  }

  turnStarted(): Promise<void> {
    return this.guarded(async () => {
      if (startingState(this.session) === undefined) {
        const { state } = await this.snapshot();
        await this.append(newFilesData({ before: state, after: state, changed: [], cause: 'start' }));
        return;
      }
      await this.recordIfChanged('outside');
    });
  }

  toolFinished(call: { id: string; name: string }): Promise<void> {
    if (!FILE_CHANGING_TOOLS.has(call.name)) {
      this.unrecordedTool = true;
      return Promise.resolve();
    }
    return this.guarded(async () => this.recordIfChanged('tool', call.id));
  }

  /**
   * The turn's end snapshots only when a tool ran since the last snapshot without one of its own:
   * after a write, an edit or a bash call the files are already recorded, and a change made
   * outside while the model was answering is noticed at the next prompt (as 'outside').
   */
  turnEnded(): Promise<void> {
    if (!this.unrecordedTool) return Promise.resolve();
    return this.guarded(async () => this.recordIfChanged('turn'));
  }

  /** Records a restore's result (cause 'restore') at the session's position: from the undo snapshot to the files now. */
  recordRestore(report: { undo: WorkspaceState }): Promise<void> {
    return this.guarded(async () => {
      const { state: now } = await this.snapshot();
      if (now === report.undo && now === stateAt(this.session, this.session.leafId)) return;
      await this.append(newFilesData({ before: report.undo, after: now, changed: (await this.store.changes(report.undo, now)).map((change) => change.path), cause: 'restore' }));
    });
  }

  /** Snapshots and records the files when they differ from the state last recorded on the branch. */
  private async recordIfChanged(cause: FilesCause, toolCallId?: string): Promise<void> {
    const last = stateAt(this.session, this.session.leafId);
    const { state: now, changedSince } = await this.snapshot(last);
    if (last === now) return;
    if (last === undefined) {
      await this.append(newFilesData({ before: now, after: now, changed: [], cause: 'start' }));
      return;
    }
    const changed = (changedSince ?? (await this.store.changes(last, now))).map((change) => change.path);
    await this.append(newFilesData({ before: last, after: now, changed, cause, ...(toolCallId !== undefined ? { toolCallId } : {}) }));
  }

  /** A snapshot for this session (compared with `since` when given); skipped paths are told once each. */
  private async snapshot(since?: WorkspaceState): Promise<Snapshot> {
    this.unrecordedTool = false;
    const snapshot = await this.store.snapshot({ session: this.session.id, ...(since !== undefined ? { since } : {}) });
    const fresh = snapshot.skipped.filter((skip) => !this.reportedSkips.has(skip.path));
    for (const skip of fresh) this.reportedSkips.add(skip.path);
    if (fresh.length > 0) this.options.onSkipped?.(fresh);
    return snapshot;
  }

  private async append(data: FilesEntryData): Promise<void> {
    const entryId = await this.session.appendCustomEntry(FILES_CUSTOM_TYPE, toFilesJson(data));
    this.options.onRecorded?.({ entryId, state: data.after });
  }

  private async guarded(work: () => Promise<void>): Promise<void> {
    if (this.off) return;
    try {
      await work();
    } catch (error) {
      if (error instanceof CheckpointsOff) {
        this.off = true;
        this.options.onOff?.(error.message);
        return;
      }
      this.options.log?.warn(`Could not record the workspace's files: ${errorMessage(error)}`);
    }
  }
}
