// The workspace checkpoints' commands: a tree row's Show Changes (the step's multi-file diff) and
// Restore Files to Here (files only: the conversation stays where it is), a turn card's file diffs
// and Restore files before this turn, Undo Restore, and Show Checkpoint Storage (its size and what
// snapshots leave out, with Clear). The store's documents are served read-only for the diffs.
import * as vscode from 'vscode';
import { turnRecordsOn, turnSpan } from '../../core/chat';
import { stepRecords } from '../../core/checkpoints';
import { fileCount, positionState } from '../../core/navigation';
import { errorMessage } from '../../core/util/errors';
import { formatSize } from '../../core/util/byteSize';
import type { CommandDeps } from '../commands/deps';
import { entryIdOf } from '../commands/entryArg';
import { showFailure } from '../commands/notify';
import { CHECKPOINT_SCHEME, CheckpointDocuments, checkpointUri, showChanges } from './checkpointDocuments';
import { restoreFiles, storeOrTell, undoRestore } from './restoreFiles';
import type { WorkspaceCheckpoints } from './workspaceCheckpoints';
import type { SomeCommands } from '../commands/table';

export function checkpointCommands(deps: CommandDeps, checkpoints: WorkspaceCheckpoints) {
  const commands = {
    treeShowChanges: (arg: unknown) => showStepChanges(deps, checkpoints, arg),
    treeRestoreFilesToHere: (arg: unknown) => restoreFilesToHere(deps, checkpoints, arg),
    restoreFilesBeforeTurn: (arg: unknown) => restoreFilesBeforeTurn(deps, checkpoints, arg),
    undoRestore: () => undoRestore(deps, checkpoints),
    showTurnFileChanges: (turn: unknown, path: unknown) => showTurnFileChanges(deps, checkpoints, turn, path),
    showCheckpointStorage: () => showStorage(deps, checkpoints),
  } satisfies SomeCommands;
  return { commands, disposables: [vscode.workspace.registerTextDocumentContentProvider(CHECKPOINT_SCHEME, new CheckpointDocuments(checkpoints))] };
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
  return restoreFiles(deps, checkpoints, session, to, { name: 'Restore Files to Here', question: 'Restore the workspace\'s files to this entry?', already: 'The files are already as they were at that entry.' });
}

/** A turn card's "Restore files before this turn": the files as they were before the turn's first change; the position stays. */
async function restoreFilesBeforeTurn(deps: CommandDeps, checkpoints: WorkspaceCheckpoints, arg: unknown): Promise<string | undefined> {
  const session = deps.current.session;
  const turnId = entryIdOf(arg);
  const records = session && turnId ? turnRecordsOn(session.getBranch(), turnId) : undefined;
  const span = records && turnSpan(records);
  if (!session || !span) {
    void vscode.window.showInformationMessage('No file changes were recorded in that turn on this branch.');
    return undefined;
  }
  return restoreFiles(deps, checkpoints, session, span.before, { name: 'Restore files before this turn', question: 'Restore the workspace\'s files to before this turn?', already: 'The files are already as they were before that turn.' });
}

/** One path of a turn's card: its diff from before the turn's first change to after its last (only a path the turn recorded). */
async function showTurnFileChanges(deps: CommandDeps, checkpoints: WorkspaceCheckpoints, turnArg: unknown, path: unknown): Promise<boolean> {
  const session = deps.current.session;
  const turnId = entryIdOf(turnArg);
  const records = session && turnId ? turnRecordsOn(session.getBranch(), turnId) : undefined;
  const span = records && turnSpan(records);
  if (!records || !span || typeof path !== 'string' || !records.some((record) => record.changed.includes(path))) {
    void vscode.window.showInformationMessage('No change to that file was recorded in that turn on this branch.');
    return false;
  }
  const store = await storeOrTell(checkpoints);
  if (!store) return false;
  await vscode.commands.executeCommand('vscode.diff', checkpointUri(span.before, path), checkpointUri(span.after, path), `${path} (this turn)`, { preview: true });
  return true;
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
