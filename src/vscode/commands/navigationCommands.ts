// Moving in the session tree: a row's click (Go to Entry), Branch from Here, Switch Branch….
// The decisions (what to ask, which branches, in what order, with what text) live in core/navigation.
import * as vscode from 'vscode';
import { branchLeaves, type BranchLeaf } from '../../core/navigation';
import { plainText } from '../../core/util/plainText';
import type { CommandDeps } from './deps';
import { entryIdOf } from './entryArg';
import { goToEntry, type MoveOutcome } from './goToEntry';

export function registerNavigationCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('arbor.tree.activate', (arg: unknown) => activate(deps, arg)),
    vscode.commands.registerCommand('arbor.tree.branchFromHere', (arg: unknown) => branchFromHere(deps, arg)),
    vscode.commands.registerCommand('arbor.switchBranch', () => switchBranch(deps)),
  ];
}

/** A user message: position at its parent, its text into the input (sending makes a sibling); else position at the entry. */
async function activate(deps: CommandDeps, arg: unknown): Promise<MoveOutcome> {
  const id = entryIdOf(arg);
  return id ? goToEntry(deps, id) : 'unchanged';
}

/** The next prompt continues from the entry itself (after a user message: its reply comes next). */
async function branchFromHere(deps: CommandDeps, arg: unknown): Promise<MoveOutcome> {
  const id = entryIdOf(arg);
  if (!id) return 'unchanged';
  const outcome = await goToEntry(deps, id, { atTarget: true });
  if (outcome === 'moved' || outcome === 'unchanged') deps.host.requestInputFocus();
  return outcome;
}

async function switchBranch(deps: CommandDeps): Promise<MoveOutcome> {
  const session = deps.current.session;
  const leaves = session ? branchLeaves(session.tree, session.leafId) : [];
  if (leaves.length === 0) {
    void vscode.window.showInformationMessage(session ? 'This session has no entries yet.' : 'No session is open.');
    return 'unchanged';
  }
  const picked = await vscode.window.showQuickPick(leaves.map(leafItem), {
    title: 'Switch Branch',
    placeHolder: 'Pick the branch to continue (newest first)',
    matchOnDescription: true,
  });
  if (!picked || picked.leaf.current) return 'unchanged';
  return goToEntry(deps, picked.leaf.entryId);
}

/** A branch as a quick pick item: the session's text and label as plain text, Arbor's own icons drawn. */
function leafItem(leaf: BranchLeaf): vscode.QuickPickItem & { leaf: BranchLeaf } {
  const text = leaf.role ? plainText(`${leaf.role}: ${leaf.text}`) : '(no messages)';
  const notes = [leaf.label ? `$(tag) ${plainText(leaf.label)}` : undefined, leaf.current ? 'current' : undefined, leaf.ahead ? 'continues from the current position' : undefined];
  return {
    label: `${leaf.current ? '$(target)' : '$(git-branch)'} ${text}`,
    description: notes.filter((note) => note !== undefined).join(' · ') || undefined,
    detail: `${leaf.messages} message${leaf.messages === 1 ? '' : 's'}`,
    leaf,
  };
}
