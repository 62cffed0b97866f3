/**
 * Records the workspace's files into the session as `arbor.files` entries while the agent works:
 * the seam the agent calls (all optional: without a recorder the agent works unchanged).
 */
import type { Json, SessionEntry } from '../session';
import type { FileCheckpointStore } from './store';
import type { WorkspaceState } from './types';

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
  warn?: (message: string) => void;
}

/** Interface of the session the recorder writes to (a `Session` fits). */
export interface RecordingSession {
  readonly leafId: string | null;
  readonly entries: readonly SessionEntry[];
  getBranch(fromId?: string | null): SessionEntry[];
  appendCustomEntry(customType: string, data?: Json): Promise<string>;
}

/** The recorder over a session and a store (the extension's and `arbor run`'s). */
export class SessionFilesRecorder implements WorkspaceRecorder {
  constructor(
    readonly session: RecordingSession,
    readonly store: FileCheckpointStore,
    readonly options: SessionFilesRecorderOptions = {},
  ) {}

  turnStarted(): Promise<void> {
    throw new Error('not yet');
  }

  toolFinished(_call: { id: string; name: string }): Promise<void> {
    throw new Error('not yet');
  }

  turnEnded(): Promise<void> {
    throw new Error('not yet');
  }

  /** Records a restore's result (cause 'restore') at the session's position. */
  recordRestore(_report: { undo: WorkspaceState }, _to: WorkspaceState): Promise<void> {
    throw new Error('not yet');
  }
}
