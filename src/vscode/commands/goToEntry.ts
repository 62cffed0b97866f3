// Moving the position to an entry as the Session Tree does: the summary question (per the
// `arbor.branchSummary` setting, else pi's `branchSummary.skipPrompt`; asked only when
// conversation is left behind), the summary under a
// cancellable progress notification, the user message's text into the chat's input. Failures are
// told in plain words; the position then stays where it was.
import * as vscode from 'vscode';
import { CompactionError } from '../../core/compaction';
import { leavesConversation, navigationTarget, SUMMARY_CHOICES, summaryRequest, summaryStep, type SummaryChoice, type SummaryRequest } from '../../core/navigation';
import { errorDetail } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import { decideFiles, runRestore } from '../checkpoints/filesOnMove';
import { settingsInEffect } from '../projectInfo';
import { branchSummaryFailureText } from '../errors';
import type { CommandDeps } from './deps';
import { showFailure } from './notify';
import { withStoppableProgress } from './progress';

/** What a move came to (commands resolve with it, for automation and tests). */
export type MoveOutcome = 'moved' | 'unchanged' | 'cancelled' | 'failed';

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
  if (targetId === session.leafId) return 'unchanged';
  // arbor.branchSummary when the user set it, else pi's branchSummary.skipPrompt (never), else ask.
  const setting = (await settingsInEffect()).compaction.branchSummary.value;
  const step = summaryStep(setting, leavesConversation(session.tree, session.leafId, targetId));
  const request = step.kind === 'ask' ? await askSummary() : { summarize: step.summarize };
  if (!request) return 'cancelled';
  const files = await decideFiles(deps.checkpoints, session, options.atTarget ? targetId : navigationTarget(session, targetId).newLeafId, deps.log);
  if (files.kind === 'cancelled') return 'cancelled';
  const from = session.leafId;
  try {
    // Prompts sent from here until the note is shown wait, then go to the new position.
    return await deps.host.whileMoving(async () => {
      const moveOptions = options.atTarget ? { atTarget: true } : {};
      const result = request.summarize ? await withStoppableProgress(deps.host, 'Arbor: summarizing the branch you are leaving…', () => deps.host.navigate(targetId, { ...request, ...moveOptions })) : await deps.host.navigate(targetId, moveOptions);
      if (result.cancelled && !result.aborted) {
        deps.log.info(`The extension ${result.by.id} cancelled the move: the position did not move`);
        void vscode.window.showInformationMessage(plainText(`The extension “${result.by.name}” cancelled the move: the position did not move.`));
        return 'cancelled';
      }
      if (result.cancelled) {
        deps.log.info('Branch summary cancelled: the position did not move');
        void vscode.window.showInformationMessage('Branch summary cancelled: the position did not move.');
        return 'cancelled';
      }
      deps.log.info(`Moved to entry ${targetId}${result.summaryEntryId ? ` with branch summary ${result.summaryEntryId}` : ''}`);
      const edited = result.editorText !== undefined ? { editedId: targetId } : {};
      const summary = result.summaryEntryId ? { summaryEntryId: result.summaryEntryId } : {};
      const restored = files.kind === 'restore' ? await runRestore(files.pending, deps.log) : undefined;
      const focusesInput = result.editorText !== undefined || options.atTarget === true;
      deps.host.reportMove({ report: { kind: 'go', from, to: session.leafId, ...edited, ...summary, ...(restored ? { files: restored } : {}) }, ...(options.fromTree ? { fromTree: { since } } : {}), focusesInput });
      if (result.editorText !== undefined) deps.host.putInInput(result.editorText);
      return 'moved';
    });
  } catch (error) {
    if (error instanceof CompactionError) {
      deps.log.warn(`Branch summary failed (${error.reason}): ${errorDetail(error)}`);
      void vscode.window.showErrorMessage(plainText(branchSummaryFailureText(error)));
    } else {
      showFailure(deps.log, 'Moving to the entry', error);
    }
    return 'failed';
  }
}

/** "No summary" / "Summarize" / "Summarize with focus…"; undefined when the user pressed Escape anywhere. */
async function askSummary(): Promise<SummaryRequest | undefined> {
  const picked = await vscode.window.showQuickPick(
    SUMMARY_CHOICES.map((choice): vscode.QuickPickItem & { choice: SummaryChoice } => ({ label: choice.label, detail: choice.detail, choice })),
    { title: 'Leave this branch', placeHolder: 'Summarize the branch you are leaving?' },
  );
  if (!picked) return undefined;
  if (picked.choice.id !== 'focus') return summaryRequest(picked.choice.id);
  const focus = await vscode.window.showInputBox({
    title: 'Summarize with focus',
    prompt: 'What should the summary of the branch you are leaving focus on? (Escape cancels the move)',
    placeHolder: 'e.g. the error we found and the fix we tried',
  });
  return focus === undefined ? undefined : summaryRequest('focus', focus);
}
