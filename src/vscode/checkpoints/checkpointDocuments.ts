// Files as a checkpoint recorded them, as read-only documents of their own scheme, and VS Code's
// multi-file diff between two recorded states. Nothing here writes: the documents are virtual.
// A URI names a state (a git object id) and a workspace-relative path; anything else reads empty.
import * as vscode from 'vscode';
import type { FileCheckpointStore, WorkspaceState } from '../../core/checkpoints';
import type { WorkspaceCheckpoints } from './workspaceCheckpoints';

export const CHECKPOINT_SCHEME = 'arbor-checkpoint';

/** A git object id: what a state is. */
const STATE = /^[0-9a-f]{40,64}$/;

/** Serves `readAt(state, path)` of the current workspace's store. */
export class CheckpointDocuments implements vscode.TextDocumentContentProvider {
  constructor(private readonly checkpoints: WorkspaceCheckpoints) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const state = uri.query;
    const path = uri.path.replace(/^\//, '');
    if (!STATE.test(state) || !isRelativePath(path)) return '';
    const store = await this.checkpoints.current();
    const bytes = store ? await store.readAt(state, path) : undefined;
    return bytes ? new TextDecoder('utf-8').decode(bytes) : '';
  }
}

/** A path below the workspace: no empty, `.` or `..` parts, not absolute. */
function isRelativePath(path: string): boolean {
  return path !== '' && !path.startsWith('/') && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** The URI of `path` as state `state` holds it. */
export function checkpointUri(state: WorkspaceState, path: string): vscode.Uri {
  return vscode.Uri.from({ scheme: CHECKPOINT_SCHEME, path: `/${path}`, query: state });
}

/** VS Code's multi-file diff of `paths` from state `from` (left) to state `to` (right). */
export async function showChanges(store: FileCheckpointStore, title: string, from: WorkspaceState, to: WorkspaceState, paths: readonly string[]): Promise<void> {
  const resources = paths.map((path) => [vscode.Uri.joinPath(vscode.Uri.file(store.root), path), checkpointUri(from, path), checkpointUri(to, path)]);
  await vscode.commands.executeCommand('vscode.changes', title, resources);
}

/** The title of a restore's preview: the tab closes once the question it helped answer is answered. */
const RESTORE_PREVIEW = 'Files a restore would change';

/** "Preview changes…" of a restore question: what the restore would write, from now to the state restored. */
export function previewRestore(store: FileCheckpointStore, now: WorkspaceState, to: WorkspaceState, paths: readonly string[]): Promise<void> {
  return showChanges(store, RESTORE_PREVIEW, now, to, paths);
}

/** Closes the restore previews still open: once the question is answered they show a state that is gone. VS Code adds "(2 files)" to the title. */
export async function closeRestorePreviews(): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.label === RESTORE_PREVIEW || tab.label.startsWith(`${RESTORE_PREVIEW} (`));
  if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
}
