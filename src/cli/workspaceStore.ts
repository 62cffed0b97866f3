/**
 * The checkpoint store of the folder the CLI works in: the same store the extension uses for that
 * workspace (below `$XDG_STATE_HOME/arbor/workspaces/`), so `arbor restore` finds what the chat
 * recorded and the other way round.
 */
import * as os from 'node:os';
import { CheckpointsOff, openFileCheckpointStore, type FileCheckpointStore, type SessionLike } from '../core/checkpoints';
import type { SessionTree } from '../core/session';
import { xdgHome } from '../core/util/xdg';
import type { CliIo } from './io';

/** What the CLI's store needs of its io: the clock, and the stop points of a kill test. */
export type StoreIo = Pick<CliIo, 'now' | 'stopPoints'>;

export function cliWorkspaceStore(root: string, io: StoreIo, env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): Promise<FileCheckpointStore> {
  return openFileCheckpointStore({ root, home, stateHome: xdgHome(env, 'XDG_STATE_HOME', home), now: () => io.now().getTime(), ...(io.stopPoints ? { stopPoints: io.stopPoints } : {}) });
}

/** The store, or the reason checkpoints are off for the folder (other failures are thrown). */
export async function cliWorkspaceStoreOrOff(root: string, io: StoreIo): Promise<FileCheckpointStore | CheckpointsOff> {
  try {
    return await cliWorkspaceStore(root, io);
  } catch (error) {
    if (error instanceof CheckpointsOff) return error;
    throw error;
  }
}

/**
 * What to tell before working in a folder whose last restore was interrupted (its process killed
 * part-way), or whose restore journal cannot be read; undefined when neither.
 */
export async function interruptedRestoreNotice(store: FileCheckpointStore): Promise<string | undefined> {
  const found = await store.interruptedRestore();
  if (found === undefined) return undefined;
  if (found.kind === 'malformed') return `The restore journal of this folder's checkpoint store (${store.folder}) cannot be read (${found.reason}); it is ignored.`;
  return `A restore of the workspace files was interrupted (started ${found.journal.startedAt}): some files are as recorded, some as before. Run "arbor restore <file> --undo-interrupted" to put every file back as it was before it, or run that restore again to finish it.`;
}

/** A loaded tree as the checkpoint functions read a session. */
export function treeAsSession(tree: SessionTree): SessionLike {
  return { entries: tree.entries, getBranch: (fromId) => tree.pathTo(fromId ?? null) };
}
