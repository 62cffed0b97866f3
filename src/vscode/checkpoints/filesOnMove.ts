// The files side of a move in the tree: what restoring the target's recorded files would change,
// whether to ask (`arbor.checkpoints.restore`; the move's one question asks it, with the summary),
// the preview in VS Code's multi-file diff, and the restore itself once the conversation has moved.
// The decisions live in core/navigation/filesChoice.ts; the store (core/checkpoints) does the work.
import * as vscode from 'vscode';
import { tellInterruptedAfterFailure } from './interruptedRestore';
import { CheckpointStoreError, NOT_IN_STORE, SessionFilesRecorder, type FileCheckpointStore, type RestorePlan, type WorkspaceState } from '../../core/checkpoints';
import type { FilesPlanOf } from '../../core/agent';
import { filesOutcome, filesStep, planDifference, positionState, type FilesOutcome } from '../../core/navigation';
import type { Session } from '../../core/session';
import { errorMessage } from '../../core/util/errors';
import { readConfig } from '../config';
import { previewRestore } from './checkpointDocuments';
import type { WorkspaceCheckpoints } from './workspaceCheckpoints';
import type { Logger } from '../../core/util/logger';

/** A restore decided before the move, run after it. */
export interface PendingRestore {
  session: Session;
  store: FileCheckpointStore;
  to: WorkspaceState;
  current: WorkspaceState | undefined;
  overwriteOutside: boolean;
}

/** What to do with the files: nothing, a restore after the move, or a question (with the summary's). */
export type FilesPlan = FilesPlanOf<PendingRestore>;

const NONE: FilesPlan = { kind: 'none' };

/**
 * Plans, before the move to `newLeafId`, whether its files are restored: nothing when checkpoints
 * are off, nothing is recorded there, or the files already match; else as the setting says (to ask,
 * with a preview, under "ask"; "always" still asks about protected paths and many removals). A
 * target the store did not record for this session is told in plain words, and only the
 * conversation moves; any other failure to plan is logged and the move goes on without files.
 */
export async function planFiles(checkpoints: WorkspaceCheckpoints | undefined, session: Session, newLeafId: string | null, log: Logger): Promise<FilesPlan> {
  const store = await checkpoints?.current();
  const to = store ? positionState(session, newLeafId) : undefined;
  if (!store || to === undefined) return NONE;
  const current = positionState(session, session.leafId);
  let plan: RestorePlan;
  try {
    plan = await store.plan(to, { session: session.id, ...(current !== undefined ? { current } : {}) });
  } catch (error) {
    if (error instanceof CheckpointStoreError && error.reason === 'unknown-state') {
      log.warn(`Workspace checkpoints: ${to} is not a state this store recorded for session ${session.id}; only the conversation moves`);
      void vscode.window.showWarningMessage(`${NOT_IN_STORE} Only the conversation moves.`);
      return NONE;
    }
    log.warn(`Workspace checkpoints: could not tell what restoring ${to} would change: ${errorMessage(error)}`);
    return NONE;
  }
  const difference = planDifference(plan);
  const step = filesStep(readConfig().checkpointRestore, difference);
  if (step.kind === 'keep') return NONE;
  const pending = (overwriteOutside: boolean): PendingRestore => ({ session, store, to, current, overwriteOutside });
  if (step.kind === 'restore') return { kind: 'restore', pending: pending(step.overwriteOutside) };
  return { kind: 'ask', difference, restore: pending, preview: () => previewRestore(store, plan.now, plan.to, difference.paths) };
}

/**
 * Runs a restore decided before the move, and records it at the new position (the store's undo
 * snapshot as its `before`, so the files left behind stay reachable); undefined (told) when it
 * failed: the conversation has moved anyway.
 */
export async function runRestore(pending: PendingRestore, log: Logger): Promise<FilesOutcome | undefined> {
  try {
    const report = await pending.store.restore(pending.to, { session: pending.session.id, ...(pending.current !== undefined ? { current: pending.current } : {}), overwriteOutside: pending.overwriteOutside });
    log.info(`Workspace files restored to ${pending.to}: ${report.restored.length} written, ${report.removed.length} removed, ${report.leftAlone.length} left alone, ${report.skipped.length} skipped; undo state ${report.undo}`);
    if (report.leftAlone.length > 0) log.info(`Left alone (changed outside the agent): ${report.leftAlone.join(', ')}`);
    // Recorded at the new position: the next turn then sees these files as the branch's, not as changed outside.
    await new SessionFilesRecorder(pending.session, pending.store, { log }).recordRestore(report);
    return filesOutcome(report);
  } catch (error) {
    log.error(`Workspace files could not be restored to ${pending.to}: ${errorMessage(error)}`);
    if (await tellInterruptedAfterFailure(pending.store, error, log)) return undefined;
    void vscode.window.showErrorMessage('Arbor moved in the conversation but could not restore the files; they are as they were. See the Arbor output for the reason.');
    return undefined;
  }
}
