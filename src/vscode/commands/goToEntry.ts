// Go to Entry: the checks of a command's argument, then the one move (agent/moves.ts, core's
// makeMove): the summary question per `arbor.branchSummary`, the files question, the move, the
// restore, the note and the user message's text into the chat's input.
import * as vscode from 'vscode';
import type { MoveOutcome } from '../../core/agent';
import { move } from '../agent/moves';
import type { CommandDeps } from './deps';

export type { MoveOutcome } from '../../core/agent';

export interface GoToOptions {
  /** Branch from Here: the position goes to the entry itself, even a user message. */
  atTarget?: boolean;
  /** The move was made in the Session Tree (its focus follows the ● there). */
  fromTree?: boolean;
}

export async function goToEntry(deps: CommandDeps, targetId: string, options: GoToOptions = {}): Promise<MoveOutcome> {
  const since = Date.now();
  const session = deps.current.session;
  if (!session) {
    void vscode.window.showInformationMessage('No session is open.');
    return 'unchanged';
  }
  if (!session.getEntry(targetId)) {
    void vscode.window.showWarningMessage('That entry is not in the current session.');
    return 'unchanged';
  }
  const moved = await move(deps, session, { kind: 'entry', entryId: targetId, ...(options.atTarget ? { atTarget: true } : {}) }, 'Moving to the entry', options.fromTree ? { fromTree: { since } } : {});
  return moved.outcome;
}
