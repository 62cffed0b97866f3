/**
 * The checkpoint store of the folder the CLI works in: the same store the extension uses for that
 * workspace (below `$XDG_STATE_HOME/arbor/workspaces/`), so `arbor restore` finds what the chat
 * recorded and the other way round.
 */
import * as os from 'node:os';
import { CheckpointsOff, openFileCheckpointStore, type FileCheckpointStore, type SessionLike } from '../core/checkpoints';
import type { SessionTree } from '../core/session';
import { xdgHome } from '../core/util/xdg';

export function cliWorkspaceStore(root: string, io: { now(): Date }, env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): Promise<FileCheckpointStore> {
  return openFileCheckpointStore({ root, home, stateHome: xdgHome(env, 'XDG_STATE_HOME', home), now: () => io.now().getTime() });
}

/** The store, or the reason checkpoints are off for the folder (other failures are thrown). */
export async function cliWorkspaceStoreOrOff(root: string, io: { now(): Date }): Promise<FileCheckpointStore | CheckpointsOff> {
  try {
    return await cliWorkspaceStore(root, io);
  } catch (error) {
    if (error instanceof CheckpointsOff) return error;
    throw error;
  }
}

/** A loaded tree as the checkpoint functions read a session. */
export function treeAsSession(tree: SessionTree): SessionLike {
  return { entries: tree.entries, getBranch: (fromId) => tree.pathTo(fromId ?? null) };
}
