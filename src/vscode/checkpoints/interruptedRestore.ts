// A restore of the workspace's files that a closed window or a killed process left part-way: told
// once when the window opens, with Undo Restore, which puts every file back as it was before that
// restore (the snapshot it took first). Only the store's journal is read for it (no git runs, no
// walk of the workspace); the store itself is opened when the user picks the action.
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { journalHolderAlive, readRestoreJournal, storeFolderFor } from '../../core/checkpoints';
import { filesOutcome, filesRestoredText } from '../../core/navigation';
import type { Logger } from '../../core/util/logger';
import { showFailure } from '../commands/notify';
import { UNDO_RESTORE } from './restoreFiles';
import type { WorkspaceCheckpoints } from './workspaceCheckpoints';

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
  const picked = await vscode.window.showWarningMessage(INTERRUPTED_RESTORE_TEXT, UNDO_RESTORE);
  if (picked !== UNDO_RESTORE) return;
  try {
    const store = await checkpoints.current();
    const report = store && (await store.undoInterruptedRestore());
    const text = report ? filesRestoredText(filesOutcome(report)) : 'There is no interrupted restore to undo any more.';
    log.info(`Undo of an interrupted restore: ${text}`);
    void vscode.window.showInformationMessage(text);
  } catch (error) {
    showFailure(log, UNDO_RESTORE, error);
  }
}
