/**
 * Which recorded workspace state a position in the tree stands for. The store records a step's
 * files in an `arbor.files` entry appended right after the step (a tool's result, a turn's last
 * reply), so the entry the user picks is that record's parent: the state on its own path is the
 * one *before* the step. A row that says "✎ 3 files" means the files after those changes, so a
 * position's state is that of the records right after it when the agent made them, else the
 * state recorded on its path.
 */
import { FILES_CUSTOM_TYPE, referencedStates, stateAt, stepRecords, toFilesJson, type FileCheckpointStore, type FilesEntryData, type SessionLike, type WorkspaceState } from '../checkpoints';
import type { SessionEntry } from '../session';
import type { Json } from '../session';
import type { SessionTree } from '../session';

/** The workspace state of the position `entryId` (null: before the first entry); undefined when the session recorded none. */
export function positionState(session: SessionLike & { readonly tree: SessionTree }, entryId: string | null): WorkspaceState | undefined {
  const own = entryId === null ? [] : ownRecords(session.tree, entryId);
  return own.length > 0 ? own[own.length - 1]!.after : stateAt(session, entryId);
}

/** The records right after `entryId` that are the step's own (changes noticed as made outside are not). */
function ownRecords(tree: SessionTree, entryId: string): FilesEntryData[] {
  return stepRecords(tree, entryId).filter((record) => record.cause !== 'outside');
}

/**
 * A fork copies the path to its leaf, but a step's files are recorded right *after* the step: the
 * leaf's own records are appended to the fork, so its leaf stands for the same files as in the
 * source (a move there, "Restore Files to Here"). Resolves with how many were appended.
 */
export async function carryStepFiles(source: { readonly tree: SessionTree }, fork: { appendCustomEntry(customType: string, data?: Json): Promise<string> }, leafId: string | null): Promise<number> {
  const own = leafId === null ? [] : ownRecords(source.tree, leafId);
  for (const record of own) await fork.appendCustomEntry(FILES_CUSTOM_TYPE, toFilesJson(record));
  return own.length;
}

/**
 * A fork is a new session (its own header id), and a store restores only the states it recorded
 * for the session that asks: the states the fork's entries name (and `also`: the state a fork's
 * restore goes to) that the store recorded for the source are bound to the fork too. Resolves with
 * how many.
 */
export function bindForkStates(store: Pick<FileCheckpointStore, 'bindCopies'>, source: { readonly id: string }, fork: { readonly id: string; readonly entries: readonly SessionEntry[] }, also: readonly WorkspaceState[] = []): Promise<number> {
  return store.bindCopies(source.id, fork.id, [...referencedStates(fork.entries), ...also]);
}
