// Compact Session (optional focus instructions, progress with cancel) and Undo Compaction.
import * as vscode from 'vscode';
import type { Session } from '../../core/session';
import { errorDetail } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import { readConfig } from '../config';
import { askFocus } from './focus';
import type { CompactionPreviews } from './compactionPreview';
import { compactionOutcome, PromptError } from '../errors';
import { move } from '../agent/moves';
import { showFailure } from './notify';
import { ownString } from './ownArgument';
import { withStoppableProgress } from './progress';
import type { CommandDeps } from './deps';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from './table';
import type { Logger } from '../../core/util/logger';

export { askFocus } from './focus';

export function compactionCommands(deps: CommandDeps) {
  return {
    acceptCompaction: () => deps.previews?.act('accept'),
    regenerateCompaction: () => deps.previews?.act('regenerate'),
    cancelCompaction: () => deps.previews?.act('cancel'),
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

/**
 * A manual compaction under a cancellable progress notification (up to `upToEntryId` when given).
 * Resolves true when a compaction was appended; failures are shown to the user.
 */
export async function compactWithProgress(deps: CommandDeps, focus: string, options: { upToEntryId?: string } = {}): Promise<boolean> {
  const instructions = focus.trim() === '' ? undefined : focus.trim();
  // With the preview, the proposal is shown before anything is written (`arbor.compaction.preview`).
  const session = deps.current.session;
  let review: ReturnType<CompactionPreviews['begin']>;
  if (deps.previews && session && readConfig().compactionPreview === 'manual') {
    review = deps.previews.begin(session);
    // One preview per session: the open one was brought to the front.
    if (!review) return false;
  }
  try {
    if (review) await deps.host.compact(instructions, { ...options, review });
    else await withStoppableProgress(deps.host, 'Arbor: compacting the session…', () => deps.host.compact(instructions, options));
    return true;
  } catch (error) {
    reportCompaction(deps.log, error);
    return false;
  } finally {
    review?.end();
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
