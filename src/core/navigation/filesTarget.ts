/**
 * Which recorded workspace state a position in the tree stands for. The store records a step's
 * files in an `arbor.files` entry appended right after the step (a tool's result, a turn's last
 * reply), so the entry the user picks is that record's parent: the state on its own path is the
 * one *before* the step. A row that says "✎ 3 files" means the files after those changes, so a
 * position's state is that of the records right after it when the agent made them, else the
 * state recorded on its path.
 */
import { stateAt, type SessionLike, type WorkspaceState } from '../checkpoints';
import type { SessionTree } from '../session';
import { stepRecords } from '../sessionTree/fileRows';

/** The workspace state of the position `entryId` (null: before the first entry); undefined when the session recorded none. */
export function positionState(session: SessionLike & { readonly tree: SessionTree }, entryId: string | null): WorkspaceState | undefined {
  const own = entryId === null ? [] : stepRecords(session.tree, entryId).filter((record) => record.cause !== 'outside');
  return own.length > 0 ? own[own.length - 1]!.after : stateAt(session, entryId);
}
