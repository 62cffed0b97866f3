// The workspace checkpoints' commands: a tree row's Show Changes (the step's multi-file diff) and
// Restore Files to Here (files only: the conversation stays where it is), and Show Checkpoint
// Storage (its size and what snapshots leave out, with Clear). The store's documents are served read-only for the diffs.
import * as vscode from 'vscode';
import { SessionFilesRecorder, type FileCheckpointStore } from '../../core/checkpoints';
import { fileCount, filesRestoredText, positionState } from '../../core/navigation';
import { stepRecords } from '../../core/sessionTree';
import { errorMessage } from '../../core/util/errors';
import { formatSize } from '../../core/agent/tools/truncate';
import type { CommandDeps } from '../commands/deps';
import { entryIdOf } from '../commands/entryArg';
import { showFailure } from '../commands/notify';
import { CHECKPOINT_SCHEME, CheckpointDocuments, showChanges } from './checkpointDocuments';
import type { WorkspaceCheckpoints } from './workspaceCheckpoints';

export function registerCheckpointCommands(deps: CommandDeps, checkpoints: WorkspaceCheckpoints): vscode.Disposable[] {
  return [
    vscode.workspace.registerTextDocumentContentProvider(CHECKPOINT_SCHEME, new CheckpointDocuments(checkpoints)),
    vscode.commands.registerCommand('arbor.tree.showChanges', (arg: unknown) => showStepChanges(deps, checkpoints, arg)),
    vscode.commands.registerCommand('arbor.tree.restoreFilesToHere', (arg: unknown) => restoreFilesToHere(deps, checkpoints, arg)),
    vscode.commands.registerCommand('arbor.showCheckpointStorage', () => showStorage(deps, checkpoints)),
  ];
}

/** The store, or undefined after telling the user that checkpoints are off here. */
async function storeOrTell(checkpoints: WorkspaceCheckpoints): Promise<FileCheckpointStore | undefined> {
  const store = await checkpoints.current();
  if (!store) void vscode.window.showInformationMessage('Workspace checkpoints are off for this workspace (see the Arbor output for why).');
  return store;
}

/** The diff of the files a step changed: from the state before its first record to the state after its last. */
async function showStepChanges(deps: CommandDeps, checkpoints: WorkspaceCheckpoints, arg: unknown): Promise<boolean> {
  const session = deps.current.session;
  const id = entryIdOf(arg);
  const records = session && id ? stepRecords(session.tree, id) : [];
  if (records.length === 0) {
    void vscode.window.showInformationMessage('No file changes were recorded after that entry.');
    return false;
  }
  const store = await storeOrTell(checkpoints);
  if (!store) return false;
  const paths = [...new Set(records.flatMap((record) => record.changed))];
  await showChanges(store, `Changes after this step (${fileCount(paths.length)})`, records[0]!.before, records[records.length - 1]!.after, paths);
  return true;
}

/** Makes the files what they were at the entry, after asking with the counts; the position stays. */
async function restoreFilesToHere(deps: CommandDeps, checkpoints: WorkspaceCheckpoints, arg: unknown): Promise<string | undefined> {
  const session = deps.current.session;
  const id = entryIdOf(arg);
  const to = session && id && session.getEntry(id) ? positionState(session, id) : undefined;
  if (!session || to === undefined) {
    void vscode.window.showInformationMessage('No files were recorded at that entry.');
    return undefined;
  }
  const store = await storeOrTell(checkpoints);
  if (!store) return undefined;
  try {
    const current = positionState(session, session.leafId);
    const plan = await store.plan(to, current !== undefined ? { current } : {});
    const count = plan.restore.length + plan.remove.length;
    if (count === 0) {
      void vscode.window.showInformationMessage('The files are already as they were at that entry.');
      return undefined;
    }
    const outside = plan.changedOutside.length;
    const detail = `${plan.restore.length} written, ${plan.remove.length} removed. The conversation stays where it is; the current files are kept as a checkpoint.${outside > 0 ? ` ${fileCount(outside)} changed outside the agent ${outside === 1 ? 'is' : 'are'} left alone.` : ''}`;
    const restore = `Restore files (${fileCount(count - outside)})`;
    const picked = await vscode.window.showWarningMessage('Restore the workspace\'s files to this entry?', { modal: true, detail }, restore);
    if (picked !== restore) return undefined;
    const report = await store.restore(to, current !== undefined ? { current } : {});
    await new SessionFilesRecorder(session, store, { warn: (message) => deps.log.warn(message) }).recordRestore(report);
    const text = filesRestoredText({ restored: report.restored.length, removed: report.removed.length, leftAlone: report.leftAlone.length, skipped: report.skipped.length });
    deps.log.info(`Restore Files to Here (${id}): ${text} Undo state ${report.undo}`);
    void vscode.window.showInformationMessage(text);
    return text;
  } catch (error) {
    showFailure(deps.log, 'Restore Files to Here', error);
    return undefined;
  }
}

/** The store's size, with Clear (asked first). Resolves with the text shown. */
async function showStorage(deps: CommandDeps, checkpoints: WorkspaceCheckpoints): Promise<string | undefined> {
  const store = await storeOrTell(checkpoints);
  if (!store) return undefined;
  try {
    const notRecorded = await checkpoints.notRecorded(store);
    const size = await store.size();
    const taken = `Workspace checkpoints of this workspace take ${formatSize(size.bytes)} (${size.states} recorded ${size.states === 1 ? 'state' : 'states'}).`;
    const text = notRecorded !== undefined ? `${taken} ${notRecorded}` : taken;
    const clear = 'Clear…';
    if ((await vscode.window.showInformationMessage(text, clear)) !== clear) return text;
    const sure = 'Clear Checkpoints';
    const answer = await vscode.window.showWarningMessage('Clear every workspace checkpoint of this workspace?', { modal: true, detail: 'Moving in the session tree can then no longer restore files recorded so far. The files in the workspace are not touched.' }, sure);
    if (answer !== sure) return text;
    await store.clear();
    deps.log.info(`Workspace checkpoints cleared for ${store.root}`);
    void vscode.window.showInformationMessage('Workspace checkpoints cleared.');
    return text;
  } catch (error) {
    deps.log.warn(`Checkpoint storage: ${errorMessage(error)}`);
    showFailure(deps.log, 'Checkpoint storage', error);
    return undefined;
  }
}
