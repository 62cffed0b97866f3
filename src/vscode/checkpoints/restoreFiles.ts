// Restoring the workspace's files without moving the conversation: Restore Files to Here, Restore
// files before this turn, and Undo Restore. Each asks in a modal dialog with the counts (Undo
// Restore only when the restore is one that is always asked: a protected path, many removals),
// keeps the current files first, records the restore in the session, and says what it did with an
// "Undo Restore" button. Undo Restore brings back the files as they were before the restore the
// branch ends with (its record's undo snapshot), which the store keeps for the session even when
// the session's other states are gone.
import * as vscode from 'vscode';
import { CheckpointStoreError, lastRestore, NOT_IN_STORE, SessionFilesRecorder, type FileCheckpointStore, type RestorePlan, type WorkspaceState } from '../../core/checkpoints';
import { fileCount, filesChanged, filesChoices, filesOutcome, filesRequest, filesRestoredText, needsQuestion, planDifference, positionState, restoreWarning, type FilesDifference } from '../../core/navigation';
import type { Session } from '../../core/session';
import type { CommandDeps } from '../commands/deps';
import { showFailure } from '../commands/notify';
import { showChanges } from './checkpointDocuments';
import { tellInterruptedAfterFailure, UNDO_RESTORE } from './interruptedRestore';
import type { WorkspaceCheckpoints } from './workspaceCheckpoints';
import { COMMAND } from '../../shared/commands';


export interface RestoreWords {
  /** The action's name in the log and in a failure. */
  name: string;
  question: string;
  /** Said when nothing would change. */
  already: string;
}

interface RestoreHow {
  /** The state the files are measured against for changes made outside (default: the position's). */
  current?: WorkspaceState;
  /** Ask only when the restore is one that is always asked (Undo Restore); default: always ask. */
  askOnlyWhenNeeded?: boolean;
}

/** The store, or undefined after telling the user that checkpoints are off here. */
export async function storeOrTell(checkpoints: WorkspaceCheckpoints): Promise<FileCheckpointStore | undefined> {
  const store = await checkpoints.current();
  if (!store) void vscode.window.showInformationMessage('Workspace checkpoints are off for this workspace (see the Arbor output for why).');
  return store;
}

/**
 * Makes the workspace's files the state `to` after asking with the counts (files only: the
 * conversation stays). Files changed outside the agent since the branch's last record are left
 * alone unless the user picks the answer that overwrites them; the store keeps the current files
 * first, and the restore is recorded, so Undo Restore (or moving back) undoes it. Resolves with the
 * text shown.
 */
export async function restoreFiles(deps: CommandDeps, checkpoints: WorkspaceCheckpoints, session: Session, to: WorkspaceState, words: RestoreWords, how: RestoreHow = {}): Promise<string | undefined> {
  const store = await storeOrTell(checkpoints);
  if (!store) return undefined;
  try {
    const current = how.current ?? positionState(session, session.leafId);
    const asked = { session: session.id, ...(current !== undefined ? { current } : {}) };
    const plan = await store.plan(to, asked);
    const difference = planDifference(plan);
    if (difference.paths.length === 0) {
      void vscode.window.showInformationMessage(words.already);
      return words.already;
    }
    const overwriteOutside = how.askOnlyWhenNeeded && !needsQuestion(difference) ? false : await askRestore(store, plan, difference, words.question);
    if (overwriteOutside === undefined) return undefined;
    const report = await store.restore(to, { ...asked, overwriteOutside });
    await new SessionFilesRecorder(session, store, { log: deps.log }).recordRestore(report);
    const outcome = filesOutcome(report);
    const text = filesRestoredText(outcome);
    deps.log.info(`${words.name}: ${text} Undo state ${report.undo}`);
    tellRestored(text, filesChanged(outcome));
    return text;
  } catch (error) {
    if (error instanceof CheckpointStoreError && error.reason === 'unknown-state') {
      deps.log.warn(`${words.name}: ${to} is not a state this workspace's checkpoint store recorded for session ${session.id}; nothing was changed`);
      void vscode.window.showWarningMessage(NOT_IN_STORE);
      return NOT_IN_STORE;
    }
    if (await tellInterruptedAfterFailure(store, error, deps.log)) return undefined;
    showFailure(deps.log, words.name, error);
    return undefined;
  }
}

/** Undo Restore: the files as they were before the restore the current branch ends with. Resolves with the text shown. */
export async function undoRestore(deps: CommandDeps, checkpoints: WorkspaceCheckpoints): Promise<string | undefined> {
  const session = deps.current.session;
  const last = session ? lastRestore(session, session.leafId) : undefined;
  if (!session || !last) {
    const text = 'There is no restore to undo: the last files recorded on this branch are not a restore.';
    void vscode.window.showInformationMessage(text);
    return text;
  }
  const words = { name: UNDO_RESTORE, question: 'Undo the restore of the workspace\'s files?', already: 'The files are already as they were before the restore.' };
  return restoreFiles(deps, checkpoints, session, last.data.before, words, { current: last.data.after, askOnlyWhenNeeded: true });
}

/** What a restore did, with "Undo Restore" when it changed something. */
export function tellRestored(text: string, undoable: boolean): void {
  if (!undoable) {
    void vscode.window.showInformationMessage(text);
    return;
  }
  void vscode.window.showInformationMessage(text, UNDO_RESTORE).then((picked) => {
    if (picked === UNDO_RESTORE) void vscode.commands.executeCommand(COMMAND.undoRestore);
  });
}

/** The modal question with the counts; "Preview changes…" shows the diff and asks again. Undefined: cancelled. */
async function askRestore(store: FileCheckpointStore, plan: RestorePlan, difference: FilesDifference, question: string): Promise<boolean | undefined> {
  const choices = filesChoices(difference).filter((choice) => choice.id !== 'keep');
  const outside = difference.outside.length;
  const warning = restoreWarning(difference);
  const detail = [
    `${plan.restore.length} written, ${plan.remove.length} removed.`,
    ...(warning ? [warning] : []),
    'The conversation stays where it is; the current files are kept first (Undo Restore brings them back).',
    ...(outside > 0 ? [`${fileCount(outside)} changed outside the agent ${outside === 1 ? 'is' : 'are'} left alone unless you choose to overwrite them.`] : []),
  ].join(' ');
  for (;;) {
    const picked = await vscode.window.showWarningMessage(question, { modal: true, detail }, ...choices.map((choice) => choice.label));
    const choice = choices.find((candidate) => candidate.label === picked);
    if (!choice) return undefined;
    if (choice.id !== 'preview') return filesRequest(choice.id)?.overwriteOutside;
    await showChanges(store, 'Files a restore would change', plan.now, plan.to, difference.paths);
  }
}
