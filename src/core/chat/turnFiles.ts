/**
 * The files a turn changed, for its card in the chat. A turn is a user message and what follows it
 * on the branch up to the next user message; its changes are the `arbor.files` records the agent
 * wrote in it (a tool's run, the turn's end). The starting state, changes noticed as made outside
 * the agent and restores are not the turn's doing, so they are left out.
 */
import { ChangedFiles, filesEntryData, isAgentChange, type FilesEntryData, type WorkspaceState } from '../checkpoints';
import { messageRole, type SessionEntry } from '../session';
import type { TurnFiles } from './items';

/** Paths a turn's card lists; the rest are counted. */
export const MAX_TURN_PATHS = 100;

/** A turn (its user message's id) and the agent's records in it, oldest first. */
export interface TurnRecords {
  turnId: string;
  records: FilesEntryData[];
}

/** The agent's records of each turn on `branch`, by the turn's user message id; turns without any are absent. */
export function turnRecordsOf(branch: readonly SessionEntry[]): Map<string, FilesEntryData[]> {
  const turns = new Map<string, FilesEntryData[]>();
  let turn: FilesEntryData[] | undefined;
  for (const entry of branch) {
    if (messageRole(entry) === 'user') {
      turn = [];
      turns.set(entry.id, turn);
      continue;
    }
    const data = filesEntryData(entry);
    if (turn && data && isAgentChange(data)) turn.push(data);
  }
  for (const [id, records] of turns) if (records.length === 0) turns.delete(id);
  return turns;
}

/** The agent's records of the turn `turnId` on `branch`; undefined when that turn is not on it. */
export function turnRecordsOn(branch: readonly SessionEntry[], turnId: string): FilesEntryData[] | undefined {
  const start = branch.findIndex((entry) => entry.id === turnId);
  if (start < 0 || messageRole(branch[start]!) !== 'user') return undefined;
  const end = branch.findIndex((entry, index) => index > start && messageRole(entry) === 'user');
  return turnRecordsOf(branch.slice(start, end < 0 ? branch.length : end)).get(turnId) ?? [];
}

/** What the session tree offers to walk up from an entry (a `SessionTree` fits). */
export interface ParentLookup {
  get(id: string): SessionEntry | undefined;
  parentOf(id: string): string | null;
}

/**
 * The turn that holds `entryId` (the nearest user message at or above it) and the agent's records
 * between that message and the entry. It walks parents, so it costs the turn's length, not the
 * branch's: the chat calls it for each record appended. Undefined above the first user message.
 */
export function turnAround(tree: ParentLookup, entryId: string): TurnRecords | undefined {
  const records: FilesEntryData[] = [];
  for (let id: string | null = entryId; id !== null; id = tree.parentOf(id)) {
    const entry = tree.get(id);
    if (!entry) return undefined;
    if (messageRole(entry) === 'user') return { turnId: id, records: records.reverse() };
    const data = filesEntryData(entry);
    if (data && isAgentChange(data)) records.push(data);
  }
  return undefined;
}

/** The card's view of a turn's records; undefined when they name no path. */
export function turnFilesView(records: readonly FilesEntryData[]): TurnFiles | undefined {
  const changed = new ChangedFiles();
  for (const record of records) changed.add(record);
  if (changed.count === 0) return undefined;
  return { count: changed.count, paths: [...changed.paths].slice(0, MAX_TURN_PATHS) };
}

/** The files before the turn's first change and after its last: what "Restore files before this turn" and its diffs go between. */
export function turnSpan(records: readonly FilesEntryData[]): { before: WorkspaceState; after: WorkspaceState } | undefined {
  const first = records[0];
  const last = records[records.length - 1];
  return first && last ? { before: first.before, after: last.after } : undefined;
}
