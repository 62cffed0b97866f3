// A restore of the workspace's files that a closed window or a killed process left part-way: told
// once when the window opens, with Undo Restore, which puts every file back as it was before that
// restore (the snapshot it took first). Only the store's journal is read for it (no git runs, no
// walk of the workspace); the store itself is opened when the user picks the action. A restore
// that fails part-way in this window (or is refused because one was interrupted) is told the same
// way, instead of "the files are as they were".
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { CheckpointStoreError, journalHolderAlive, readRestoreJournal, storeFolderFor, type FileCheckpointStore } from '../../core/checkpoints';
import { errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import { filesOutcome, filesRestoredText } from '../../core/navigation';
import type { Logger } from '../../core/util/logger';
import { showFailure } from '../commands/notify';
import type { WorkspaceCheckpoints } from './workspaceCheckpoints';

/** The action that puts the files back as they were before a restore. */
export const UNDO_RESTORE = 'Undo Restore';

export const INTERRUPTED_RESTORE_TEXT =
  'A restore of the workspace files was interrupted (the window closed or Arbor stopped before it ended): some files are as recorded, some as they were before. Undo Restore puts every file back as it was before that restore.';

/** Looks for an interrupted restore of the first workspace folder and offers Undo Restore; resolves when told (or when there is none). */
export async function offerUndoOfInterruptedRestore(checkpoints: WorkspaceCheckpoints, stateHome: string, log: Logger): Promise<void> {
  const root = vscode.workspace.isTrusted ? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath : undefined;
  const real = root === undefined ? undefined : await fs.realpath(root).catch(() => undefined);
  if (real === undefined) return;
  const folder = storeFolderFor(stateHome, real);
  const reading = await readRestoreJournal(folder);
  if (reading.kind === 'malformed') log.warn(`Workspace checkpoints: the restore journal in ${folder} cannot be read (${reading.reason}); it is ignored`);
  if (reading.kind !== 'found' || journalHolderAlive(reading.journal)) return;
  log.warn(`Workspace checkpoints: a restore to ${reading.journal.to} started ${reading.journal.startedAt} was interrupted; its undo state is ${reading.journal.undo}`);
  await offerUndo(() => checkpoints.current(), INTERRUPTED_RESTORE_TEXT, log);
}

/**
 * After a restore failed: when it left its journal (it failed part-way, or it was refused because
 * an earlier one was interrupted), tells so with Undo Restore and resolves true; false when the
 * files are as they were (the caller tells its own failure).
 */
export async function tellInterruptedAfterFailure(store: FileCheckpointStore, error: unknown, log: Logger): Promise<boolean> {
  const found = await store.interruptedRestore().catch(() => undefined);
  if (found?.kind !== 'found') return false;
  log.warn(`Workspace checkpoints: a restore is interrupted (journal of ${found.journal.startedAt}, undo state ${found.journal.undo}): ${errorMessage(error)}`);
  const refused = error instanceof CheckpointStoreError && error.reason === 'interrupted';
  void offerUndo(() => Promise.resolve(store), refused ? error.message : FAILED_PART_WAY_TEXT, log);
  return true;
}

const FAILED_PART_WAY_TEXT = 'The restore of the workspace files failed part-way (see the Arbor output for why): some files are as recorded, some as they were before. Undo Restore puts every file back as it was before that restore.';

/** Shows `text` with Undo Restore; on pick, puts the files back as they were before the interrupted restore. */
async function offerUndo(store: () => Promise<FileCheckpointStore | undefined>, text: string, log: Logger): Promise<void> {
  const picked = await vscode.window.showWarningMessage(text, UNDO_RESTORE);
  if (picked !== UNDO_RESTORE) return;
  try {
    const opened = await store();
    const report = opened && (await opened.undoInterruptedRestore());
    const done = report ? filesRestoredText(filesOutcome(report)) : 'There is no interrupted restore to undo any more.';
    log.info(`Undo of an interrupted restore: ${done}`);
    void vscode.window.showInformationMessage(plainText(done));
  } catch (error) {
    showFailure(log, UNDO_RESTORE, error);
  }
}
