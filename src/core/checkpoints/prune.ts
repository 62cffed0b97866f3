/**
 * Pruning a workspace's store by what its sessions refer to: every state named by an `arbor.files`
 * entry of any session file in the workspace's sessions folder is kept (so deleting a session
 * releases its states at the next prune). A file that cannot be read keeps nothing of its own, and
 * the prune is skipped then: a session that is only unreadable for a moment must not lose its states.
 */
import { loadSessionFile } from '../session';
import { sessionFilesNewestFirst } from '../session/disk/sessionFiles';
import { referencedStates } from './entries';
import type { FileCheckpointStore, PruneReport } from './store';
import type { WorkspaceState } from './types';

/** The states the session files in `sessionsFolder` refer to; undefined when one of them could not be read. */
export async function statesReferencedIn(sessionsFolder: string): Promise<Set<WorkspaceState> | undefined> {
  const keep = new Set<WorkspaceState>();
  for (const { file } of await sessionFilesNewestFirst(sessionsFolder)) {
    try {
      for (const state of referencedStates((await loadSessionFile(file)).tree.entries)) keep.add(state);
    } catch {
      return undefined;
    }
  }
  return keep;
}

/** Prunes `store` down to what the sessions in `sessionsFolder` refer to (and the last undo snapshots); skipped (undefined) when a session could not be read. */
export async function pruneBySessions(store: FileCheckpointStore, sessionsFolder: string): Promise<PruneReport | undefined> {
  const keep = await statesReferencedIn(sessionsFolder);
  return keep ? store.prune(keep) : undefined;
}
