/**
 * The `arbor.files` custom entry: the workspace state recorded at a point of the conversation.
 * Pure functions over a session. Data read from a file may be hostile: an entry whose data does
 * not have the exact shape is ignored, and its paths are only ever shown, never used to write.
 */
import type { CustomEntry, Json, SessionEntry, SessionTree } from '../session';
import { isObjectId } from './git';
import { isStorePath } from './paths';
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

/** The causes that are the agent's own doing: 'start', 'outside' and 'restore' are not changes a step made. */
const AGENT_CAUSES: ReadonlySet<FilesCause> = new Set<FilesCause>(['tool', 'turn']);

/** The record holds changes the agent made (a tool's run, a turn's end). */
export function isAgentChange(data: FilesEntryData): boolean {
  return AGENT_CAUSES.has(data.cause);
}

/** The paths several records changed, each once; `count` adds the paths a cut list left out. */
export class ChangedFiles {
  readonly paths = new Set<string>();
  private unlisted = 0;

  add(data: FilesEntryData): void {
    for (const path of data.changed) this.paths.add(path);
    this.unlisted += Math.max(0, data.changedCount - data.changed.length);
  }

  get count(): number {
    return this.paths.size + this.unlisted;
  }
}

const CAUSES: ReadonlySet<string> = new Set<FilesCause>(['start', 'tool', 'turn', 'outside', 'restore']);

/**
 * The data of an `arbor.files` entry when it has exactly the shape Arbor writes; undefined for
 * any other entry and for one whose data is wrong (such an entry is ignored everywhere). Changed
 * paths must be relative paths inside the workspace; an entry naming any other is ignored whole.
 */
export function filesEntryData(entry: SessionEntry): FilesEntryData | undefined {
  if (!isFilesEntry(entry)) return undefined;
  const data = entry.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { v, before, after, changed, changedCount, cause, toolCallId } = data;
  if (v !== 1 || !isObjectId(before) || !isObjectId(after)) return undefined;
  if (typeof cause !== 'string' || !CAUSES.has(cause)) return undefined;
  if (!Array.isArray(changed) || changed.length > MAX_CHANGED_PATHS || !changed.every(isStorePath)) return undefined;
  if (typeof changedCount !== 'number' || !Number.isSafeInteger(changedCount) || changedCount < changed.length) return undefined;
  if (toolCallId !== undefined && (typeof toolCallId !== 'string' || toolCallId.length > 256)) return undefined;
  return {
    v: 1,
    before,
    after,
    changed: [...changed],
    changedCount,
    cause: cause as FilesCause,
    ...(toolCallId !== undefined ? { toolCallId } : {}),
  };
}

/** The data of a new entry: the changed paths cut to MAX_CHANGED_PATHS, their number kept. */
export function newFilesData(fields: Omit<FilesEntryData, 'v' | 'changed' | 'changedCount'> & { changed: readonly string[] }): FilesEntryData {
  const changed = fields.changed.filter(isStorePath);
  return {
    v: 1,
    before: fields.before,
    after: fields.after,
    changed: changed.slice(0, MAX_CHANGED_PATHS),
    changedCount: changed.length,
    cause: fields.cause,
    ...(fields.toolCallId !== undefined ? { toolCallId: fields.toolCallId } : {}),
  };
}

export function toFilesJson(data: FilesEntryData): Json {
  const json: { [key: string]: Json } = { v: data.v, before: data.before, after: data.after, changed: data.changed, changedCount: data.changedCount, cause: data.cause };
  if (data.toolCallId !== undefined) json.toolCallId = data.toolCallId;
  return json;
}

export function isFilesEntry(entry: SessionEntry): entry is CustomEntry {
  return entry.type === 'custom' && (entry as CustomEntry).customType === FILES_CUSTOM_TYPE;
}

/** What these functions read of a session (a `Session` fits). */
export interface SessionLike {
  readonly entries: readonly SessionEntry[];
  getBranch(fromId?: string | null): SessionEntry[];
}

/**
 * The session's starting state: the `before` of the first valid `arbor.files` entry in the file
 * (the first prompt records it, cause 'start'). Positions with no record on their path (an empty
 * leaf, a new root branch made by editing the first message) have this state: the files as they
 * were when the session began.
 */
export function startingState(session: SessionLike): WorkspaceState | undefined {
  for (const entry of session.entries) {
    const data = filesEntryData(entry);
    if (data) return data.before;
  }
  return undefined;
}

/**
 * The workspace state recorded for a position: the `after` of the nearest valid `arbor.files`
 * entry at or above it on its path; with none there, the session's starting state; undefined when
 * the session never recorded one.
 */
export function stateAt(session: SessionLike, entryId: string | null): WorkspaceState | undefined {
  const path = entryId === null ? [] : session.getBranch(entryId);
  for (let index = path.length - 1; index >= 0; index--) {
    const data = filesEntryData(path[index]!);
    if (data) return data.after;
  }
  return startingState(session);
}

/**
 * The restore the branch at `leafId` ends with: its last `arbor.files` record when that is a
 * restore (undefined when the last record is anything else, or there is none). Its `before` is the
 * snapshot the restore took first and its `after` the files it left: Undo Restore goes back from
 * the one to the other.
 */
export function lastRestore(session: SessionLike, leafId: string | null): FilesEntry | undefined {
  const path = leafId === null ? [] : session.getBranch(leafId);
  for (let index = path.length - 1; index >= 0; index--) {
    const entry = path[index]!;
    const data = filesEntryData(entry);
    if (data) return data.cause === 'restore' ? { id: entry.id, parentId: entry.parentId, data } : undefined;
  }
  return undefined;
}

/** The steps that changed files along the path root→`leafId`, oldest first (records with no change are left out). */
export function fileSteps(session: SessionLike, leafId: string | null): FileStep[] {
  const path = leafId === null ? [] : session.getBranch(leafId);
  const steps: FileStep[] = [];
  for (const entry of path) {
    const data = filesEntryData(entry);
    if (data && data.before !== data.after) steps.push({ id: entry.id, parentId: entry.parentId, data, afterEntryId: entry.parentId });
  }
  return steps;
}

/** Every state the entries name (before and after): what pruning must keep for this session. */
export function referencedStates(entries: readonly SessionEntry[]): Set<WorkspaceState> {
  const states = new Set<WorkspaceState>();
  for (const entry of entries) {
    const data = filesEntryData(entry);
    if (data) {
      states.add(data.before);
      states.add(data.after);
    }
  }
  return states;
}

/** The valid `arbor.files` records right after `entryId` that a step stands for (a Session Tree row's "✎ 3 files", Show Changes, a move's files), in file order. */
export function stepRecords(tree: SessionTree, entryId: string): FilesEntryData[] {
  const records: FilesEntryData[] = [];
  for (const child of tree.childrenOf(entryId)) {
    const data = filesEntryData(child);
    if (data && (isAgentChange(data) || data.cause === 'outside')) records.push(data);
  }
  return records;
}
