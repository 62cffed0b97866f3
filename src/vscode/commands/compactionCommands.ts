// Compact Session (optional focus instructions, progress with cancel) and Undo Compaction.
import * as vscode from 'vscode';
import type { Session } from '../../core/session';
import { errorDetail } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import { readConfig } from '../config';
import { compactionOutcome, PromptError } from '../errors';
import { move } from '../agent/moves';
import { showFailure } from './notify';
import { ownString } from './ownArgument';
import { withStoppableProgress } from './progress';
import type { CommandDeps } from './deps';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from './table';
import type { Logger } from '../../core/util/logger';

export function compactionCommands(deps: CommandDeps) {
  return {
    // Focus instructions passed by Arbor's own callers (sealed: automation, tests) skip the input box; '' means none.
    compactSession: (arg?: unknown) => compactSession(deps, ownString(deps.log, COMMAND.compactSession, arg)),
    undoCompaction: () => undoCompaction(deps),
  } satisfies SomeCommands;
}

/** Resolves true when a compaction was appended (its card reaches the chat through the session's events). */
async function compactSession(deps: CommandDeps, given?: string): Promise<boolean> {
  if (!deps.current.session) {
    void vscode.window.showInformationMessage('No session is open: there is nothing to compact.');
    return false;
  }
  const focus = given ?? (await askFocus('Compact Session'));
  if (focus === undefined) return false;
  return compactWithProgress(deps, focus);
}

/** The optional focus instructions for a summary; undefined when the user pressed Escape. */
export function askFocus(title: string): Thenable<string | undefined> {
  // Said once, by name only: the standing instructions are the user's own, and the box is short.
  const standing = readConfig().compactionInstructions.trim() !== '' ? ' Your standing instructions (arbor.compaction.instructions) apply as well.' : '';
  return vscode.window.showInputBox({
    title,
    prompt: `What should the summary focus on? (optional: press Enter for none, Escape to cancel)${standing}`,
    placeHolder: 'e.g. the decisions about the API, the open bugs',
    // Asked from a tree row's menu too: selecting the row may move the focus, which must not cancel it.
    ignoreFocusOut: true,
  });
}

/**
 * A manual compaction under a cancellable progress notification (up to `upToEntryId` when given).
 * Resolves true when a compaction was appended; failures are shown to the user.
 */
export async function compactWithProgress(deps: CommandDeps, focus: string, options: { upToEntryId?: string } = {}): Promise<boolean> {
  try {
    await withStoppableProgress(deps.host, 'Arbor: compacting the session…', () => deps.host.compact(focus.trim() === '' ? undefined : focus.trim(), options));
    return true;
  } catch (error) {
    reportCompaction(deps.log, error);
    return false;
  }
}

/** Tells, once, why a manual compaction wrote nothing: nothing to do or stopped (an info), else an error with its reason. */
function reportCompaction(log: Logger, error: unknown): void {
  if (error instanceof PromptError) return showFailure(log, 'Compaction', error);
  const outcome = compactionOutcome(error);
  if (outcome.level === 'info') {
    log.info(`Compaction: ${outcome.text}`);
    // An extension that cancelled it is named: its name is its own choice.
    void vscode.window.showInformationMessage(plainText(outcome.text));
  } else {
    log.error(`Compaction failed: ${errorDetail(error)}`);
    // The reason may quote a server: plain text, never a link.
    void vscode.window.showErrorMessage(plainText(outcome.text));
  }
}

/**
 * Moves the position to the entry before the last compaction on the current branch (the
 * compaction's parent), however many turns came after it. The compaction stays in the tree.
 */
async function undoCompaction(deps: CommandDeps): Promise<boolean> {
  const session = deps.current.session;
  const compaction = session ? lastCompaction(session) : undefined;
  if (!session || !compaction) {
    void vscode.window.showInformationMessage('There is no compaction on the current branch to undo.');
    return false;
  }
  return moveBeforeCompaction(deps, compaction);
}

/** Moves the position to the compaction's parent; resolves true when it moved. The compaction stays in the tree. */
export async function moveBeforeCompaction(deps: CommandDeps, compaction: { id: string; parentId: string | null }, fromTree = false): Promise<boolean> {
  const since = Date.now();
  const session = deps.current.session;
  if (!session) return false;
  const moved = await move(deps, session, { kind: 'beforeCompaction', compactionId: compaction.id, parentId: compaction.parentId }, 'Undo Compaction', fromTree ? { fromTree: { since } } : {});
  return moved.outcome === 'moved';
}

function lastCompaction(session: Session): { id: string; parentId: string | null } | undefined {
  const branch = session.getBranch();
  for (let i = branch.length - 1; i >= 0; i--) if (branch[i]!.type === 'compaction') return branch[i];
  return undefined;
}
