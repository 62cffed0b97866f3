// Pins: Pin and Unpin on a Session Tree row. Each change is an `arbor.pin` entry naming its target,
// appended under the current position (like a label, it carries no context). Pinning warns when
// the pinned text is over `arbor.compaction.pinBudget`.
import * as vscode from 'vscode';
import { checkPinBudget, pinnedIds, pinnedMessageOf, PinError, setPinned, type PinnedMessage } from '../../core/pins';
import type { Session } from '../../core/session';
import { plainText } from '../../core/util/plainText';
import { estimatorFor } from '../agent/builder';
import { readConfig } from '../config';
import type { CommandDeps } from './deps';
import { entryIdOf } from './entryArg';
import { showFailure } from './notify';
import type { SomeCommands } from './table';
import type { Logger } from '../../core/util/logger';

/** What a pin command came to (commands resolve with it, for automation and tests). */
export type PinOutcome = 'pinned' | 'unpinned' | 'unchanged' | 'failed';

export function pinCommands(deps: CommandDeps) {
  return {
    treePin: (arg: unknown) => pin(deps, entryIdOf(arg), true),
    treeUnpin: (arg: unknown) => pin(deps, entryIdOf(arg), false),
  } satisfies SomeCommands;
}

async function pin(deps: CommandDeps, entryId: string | undefined, pinned: boolean): Promise<PinOutcome> {
  const session = deps.current.session;
  if (!session || !entryId) {
    void vscode.window.showInformationMessage(session ? 'There is no entry to pin here.' : 'No session is open.');
    return 'unchanged';
  }
  try {
    const written = await setPinned(session, entryId, pinned);
    if (written === undefined) return 'unchanged';
    deps.log.info(`${pinned ? 'Pinned' : 'Unpinned'} entry ${entryId}`);
    if (pinned) await warnOverBudget(session, deps.log);
    return pinned ? 'pinned' : 'unpinned';
  } catch (error) {
    if (error instanceof PinError) {
      // The message names the entry by its id, which the session file chose.
      void vscode.window.showWarningMessage(plainText(error.message));
      return 'failed';
    }
    showFailure(deps.log, pinned ? 'Pinning' : 'Unpinning', error);
    return 'failed';
  }
}

async function warnOverBudget(session: Session, log: Logger): Promise<void> {
  const warning = await pinBudgetWarning(session, pinnedIds(session.entries), log);
  if (warning !== undefined) void vscode.window.showWarningMessage(warning);
}

/**
 * The warning for these pinned entries of `session` when they are over `arbor.compaction.pinBudget`,
 * measured by the estimator compaction measures them with (`arbor.tokenEstimator`).
 */
export async function pinBudgetWarning(session: Session, ids: Iterable<string>, log: Logger): Promise<string | undefined> {
  const pins = [...ids].flatMap((id): PinnedMessage[] => {
    const entry = session.getEntry(id);
    const message = entry ? pinnedMessageOf(entry) : undefined;
    return message ? [message] : [];
  });
  const config = readConfig();
  return checkPinBudget(pins, config.pinBudget, await estimatorFor(config, log)).warning;
}
