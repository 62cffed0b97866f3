// The editor's side of a move (core/agent/move.ts makes it): its one question (summary and files,
// the last answers preselected), the summary's stoppable progress, the files' restore, the fork written and opened, the note and
// the input. Failures are worded here, by the caller's name for the move.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { makeMove, type MoveOptions, type MoveOutcome, type MovePorts, type MoveTarget } from '../../core/agent';
import { CompactionError } from '../../core/compaction';
import { bindForkStates, carryStepFiles, filesChanged, filesRestoredText, moveAnswer, movePick, rememberAnswers, type MoveAnswer, type MoveAnswers, type MoveChoice, type MoveQuestion } from '../../core/navigation';
import { forkSession, type Session } from '../../core/session';
import { errorDetail, errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import type { AgentHost } from './host';
import { closeRestorePreviews } from '../checkpoints/checkpointDocuments';
import { planFiles, runRestore, type PendingRestore } from '../checkpoints/filesOnMove';
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
  /** Where the last move's answers are kept, to preselect them next time (the workspace's state; none: the first item). */
  state?: vscode.Memento;
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
    ask: (question, preview) => askMove(deps.state, question, preview),
    summarizing: (work) => withStoppableProgress(host, 'Arbor: summarizing the branch you are leaving…', work),
    planFiles: (session, newLeafId) => planFiles(deps.checkpoints, session, newLeafId, log),
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

const ANSWERS_KEY = 'arbor.lastMoveAnswers';

/**
 * The move's one question, the last answers preselected; "Preview changes…" shows the diff and asks
 * again, "Summarize with focus…" asks for the focus. Undefined: Escape anywhere (no move).
 */
async function askMove(state: vscode.Memento | undefined, question: MoveQuestion, preview: (() => Promise<void>) | undefined): Promise<MoveAnswer | undefined> {
  const last = state?.get<MoveAnswers>(ANSWERS_KEY) ?? {};
  try {
    for (;;) {
      const choice = await pickOne(question, last);
      if (!choice) return undefined;
      if (choice.files === 'preview') {
        await preview?.();
        continue;
      }
      const focus = choice.summary === 'focus' ? await askFocus() : undefined;
      if (choice.summary === 'focus' && focus === undefined) return undefined;
      await state?.update(ANSWERS_KEY, rememberAnswers(last, choice));
      return moveAnswer(choice, focus);
    }
  } finally {
    // Once answered, a preview shows files as they were before the answer: it goes.
    await closeRestorePreviews();
  }
}

/** The quick pick itself (created, so that the last answer can be the active item). */
function pickOne(question: MoveQuestion, last: MoveAnswers): Promise<MoveChoice | undefined> {
  const pick = movePick(question, last);
  const quickPick = vscode.window.createQuickPick<vscode.QuickPickItem & { choice: MoveChoice }>();
  quickPick.title = pick.title;
  quickPick.placeholder = pick.placeHolder;
  quickPick.ignoreFocusOut = question.files !== undefined;
  quickPick.items = pick.items.map((choice) => ({ label: choice.label, detail: choice.detail, choice }));
  quickPick.activeItems = [quickPick.items[pick.active]!];
  return new Promise((resolve) => {
    let picked: MoveChoice | undefined;
    quickPick.onDidAccept(() => {
      picked = quickPick.selectedItems[0]?.choice ?? quickPick.activeItems[0]?.choice;
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      quickPick.dispose();
      resolve(picked);
    });
    quickPick.show();
  });
}

function askFocus(): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Summarize with focus',
    prompt: 'What should the summary of the branch you are leaving focus on? (Escape cancels the move)',
    placeHolder: 'e.g. the error we found and the fix we tried',
  });
}
