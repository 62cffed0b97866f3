// The editor's side of a move (core/agent/move.ts makes it): the summary question and its
// stoppable progress, the files question and restore, the fork written and opened, the note and
// the input. Failures are worded here, by the caller's name for the move.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { makeMove, type MoveOptions, type MoveOutcome, type MovePorts, type MoveTarget } from '../../core/agent';
import { CompactionError } from '../../core/compaction';
import { bindForkStates, carryStepFiles, filesChanged, filesRestoredText, SUMMARY_CHOICES, summaryRequest, type SummaryChoice, type SummaryRequest } from '../../core/navigation';
import { forkSession, type Session } from '../../core/session';
import { errorDetail, errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import type { AgentHost } from './host';
import { decideFiles, runRestore, type PendingRestore } from '../checkpoints/filesOnMove';
import { tellRestored } from '../checkpoints/restoreFiles';
import type { WorkspaceCheckpoints } from '../checkpoints/workspaceCheckpoints';
import type { ChatInputPort } from '../chat/inputPort';
import { showFailure } from '../commands/notify';
import { withStoppableProgress } from '../commands/progress';
import { branchSummaryFailureText } from '../errors';
import { settingsInEffect } from '../projectInfo';
import type { Logger } from '../../core/util/logger';

export interface MoveDeps {
  host: AgentHost;
  log: Logger;
  /** The workspace's checkpoint stores (none: moves never restore files). */
  checkpoints?: WorkspaceCheckpoints;
  /** Where the move is told, and text put. */
  input: Pick<ChatInputPort, 'tellMove' | 'setInput'>;
}

/**
 * Makes the move to `target` in `session` (see `makeMove`); a failure is told in plain words,
 * named `what` ("Moving to the entry", "Undo Compaction", "Fork"), and comes back as 'failed'.
 */
export async function move(deps: MoveDeps, session: Session, target: MoveTarget, what: string, options: MoveOptions = {}): Promise<{ outcome: MoveOutcome; forkFile?: string }> {
  try {
    return await makeMove(session, target, movePorts(deps), options);
  } catch (error) {
    if (error instanceof CompactionError) {
      deps.log.warn(`Branch summary failed (${error.reason}): ${errorDetail(error)}`);
      void vscode.window.showErrorMessage(plainText(branchSummaryFailureText(error)));
    } else {
      showFailure(deps.log, what, error);
    }
    return { outcome: 'failed' };
  }
}

function movePorts(deps: MoveDeps): MovePorts<PendingRestore> {
  const { host, log } = deps;
  return {
    agent: ({ summarize }) => host.currentAgent({ withKey: summarize }),
    // arbor.branchSummary when the user set it, else pi's branchSummary.skipPrompt (never), else ask.
    summarySetting: async () => (await settingsInEffect()).compaction.branchSummary.value,
    askSummary,
    summarizing: (work) => withStoppableProgress(host, 'Arbor: summarizing the branch you are leaving…', work),
    decideFiles: (session, newLeafId) => decideFiles(deps.checkpoints, session, newLeafId, log),
    restore: (pending, session) => runRestore({ ...pending, session }, log),
    fork: {
      write: (source, entryId, position, files) => writeFork(deps, source, entryId, position, files.kind === 'restore' ? files.pending : undefined),
      open: (file, then) => host.switchTo(file, (session, agent) => then(session?.file === file ? session : undefined, agent)),
      tellForked: (file, restored) => tellRestored(`Forked into a new session (${plainText(path.basename(file))}).${restored ? ` ${filesRestoredText(restored)}` : ''}`, restored !== undefined && filesChanged(restored)),
    },
    tellMove: (event) => deps.input.tellMove(event),
    setInput: (text) => void deps.input.setInput(text),
    inform: (text) => void vscode.window.showInformationMessage(plainText(text)),
    log,
  };
}

/** Writes the fork beside the source file (header `parentSession`); the states a restore of it goes to are bound to it. */
async function writeFork(deps: MoveDeps, source: Session, entryId: string, position: 'before' | 'at', pending: PendingRestore | undefined): Promise<{ file: string; selectedText?: string }> {
  const file = source.file!;
  const forkLeaf = position === 'at' ? entryId : source.tree.parentOf(entryId);
  const { session, selectedText } = await forkSession(source, entryId, { dir: path.dirname(file), position });
  // The files recorded right after the fork's leaf come along: moves in the fork restore the same states.
  await carryStepFiles(source, session, forkLeaf);
  const store = pending ? pending.store : await deps.checkpoints?.existing();
  // The state a restore of the fork goes to may lie on no path of the fork (a source's starting state).
  if (store) await bindForkStates(store, source, session, pending ? [pending.to] : []).catch((error: unknown) => deps.log.warn(`Workspace checkpoints: the fork cannot restore its source's files: ${errorMessage(error)}`));
  return { file: session.file!, ...(selectedText !== undefined ? { selectedText } : {}) };
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
