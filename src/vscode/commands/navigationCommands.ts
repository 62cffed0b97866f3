// Moving in the session tree: a row's click (Go to Entry), Branch from Here, Switch Branch….
// The decisions (what to ask, which branches, in what order, with what text) live in core/navigation.
import * as vscode from 'vscode';
import { branchItems, branchLeaves, type BranchItem, type BranchLeaf } from '../../core/navigation';
import { plainText } from '../../core/util/plainText';
import type { CommandDeps } from './deps';
import { entryIdOf } from './entryArg';
import { ROW_CLICK } from '../sessionTree/treeItem';
import { goToEntry, type MoveOutcome } from './goToEntry';
import type { SomeCommands } from './table';

export function navigationCommands(deps: CommandDeps) {
  return {
    treeActivate: (arg: unknown, origin?: unknown) => activate(deps, arg, origin),
    treeBranchFromHere: (arg: unknown) => branchFromHere(deps, arg),
    switchBranch: () => switchBranch(deps),
  } satisfies SomeCommands;
}

/** A user message: position at its parent, its text into the input (sending makes a sibling); else position at the entry. */
async function activate(deps: CommandDeps, arg: unknown, origin: unknown): Promise<MoveOutcome> {
  const id = entryIdOf(arg);
  return id ? goToEntry(deps, id, { fromTree: origin === ROW_CLICK || isRowElement(arg) }) : 'unchanged';
}

/** The next prompt continues from the entry itself (after a user message: its reply comes next). */
async function branchFromHere(deps: CommandDeps, arg: unknown): Promise<MoveOutcome> {
  const id = entryIdOf(arg);
  if (!id) return 'unchanged';
  const outcome = await goToEntry(deps, id, { atTarget: true, fromTree: isRowElement(arg) });
  if (outcome === 'moved' || outcome === 'unchanged') void deps.input.focus();
  return outcome;
}

async function switchBranch(deps: CommandDeps): Promise<MoveOutcome> {
  const session = deps.current.session;
  const leaves = session ? branchLeaves(session.tree, session.leafId) : [];
  if (leaves.length === 0) {
    void vscode.window.showInformationMessage(session ? 'This session has no entries yet.' : 'No session is open.');
    return 'unchanged';
  }
  const picked = await vscode.window.showQuickPick(branchItems(leaves, new Date()).map(quickPickItem), {
    title: 'Switch Branch',
    placeHolder: 'Pick the branch to continue (newest first)',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked || picked.leaf.current) return 'unchanged';
  return goToEntry(deps, picked.leaf.entryId);
}

/** A row's menu gives the command the row's element; the chat, a search and automation give an entry id. */
function isRowElement(arg: unknown): boolean {
  return typeof arg === 'object' && arg !== null;
}

/** A branch as a quick pick item: the session's text and label as plain text (no link, no icon), Arbor's own icon drawn. */
function quickPickItem(item: BranchItem): vscode.QuickPickItem & { leaf: BranchLeaf } {
  return { label: `$(${item.icon}) ${plainText(item.label)}`, description: plainText(item.description), detail: plainText(item.detail), leaf: item.leaf };
}
