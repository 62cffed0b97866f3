/**
 * The `arbor.files` custom entry: the workspace state recorded at a point of the conversation.
 * Pure functions over a session. Data read from a file may be hostile: an entry whose data does
 * not have the exact shape is ignored, and its paths are only ever shown, never used to write.
 */
import type { CustomEntry, Json, SessionEntry } from '../session';
import type { WorkspaceState } from './types';

export const FILES_CUSTOM_TYPE = 'arbor.files';

export type FilesCause = 'start' | 'tool' | 'turn' | 'outside' | 'restore';

/** At most this many changed paths are kept in an entry (`changedCount` holds the real number). */
export const MAX_CHANGED_PATHS = 200;

export interface FilesEntryData {
  v: 1;
  before: WorkspaceState;
  after: WorkspaceState;
  /** Changed paths, at most MAX_CHANGED_PATHS. */
  changed: string[];
  /** How many paths changed (more than `changed` lists when it was cut). */
  changedCount: number;
  cause: FilesCause;
  /** The tool call whose run changed the files (cause 'tool'). */
  toolCallId?: string;
}

/** A valid `arbor.files` entry with its checked data. */
export interface FilesEntry {
  id: string;
  parentId: string | null;
  data: FilesEntryData;
}

/** One step of the files along a branch. */
export interface FileStep extends FilesEntry {
  /** The entry this step follows (a tool result's or a message's id), when it has one. */
  afterEntryId: string | null;
}

export function filesEntryData(_entry: SessionEntry): FilesEntryData | undefined {
  throw new Error('not yet');
}

export function toFilesJson(data: FilesEntryData): Json {
  return data as unknown as Json;
}

export function isFilesEntry(entry: SessionEntry): entry is CustomEntry {
  return entry.type === 'custom' && (entry as CustomEntry).customType === FILES_CUSTOM_TYPE;
}

export interface SessionLike {
  readonly entries: readonly SessionEntry[];
  getBranch(fromId?: string | null): SessionEntry[];
}

export function startingState(_session: SessionLike): WorkspaceState | undefined {
  throw new Error('not yet');
}

export function stateAt(_session: SessionLike, _entryId: string | null): WorkspaceState | undefined {
  throw new Error('not yet');
}

export function fileSteps(_session: SessionLike, _leafId: string | null): FileStep[] {
  throw new Error('not yet');
}

export function referencedStates(_entries: readonly SessionEntry[]): Set<WorkspaceState> {
  throw new Error('not yet');
}
