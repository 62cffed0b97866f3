// The workspace's checkpoint stores, their pruning schedule, and what the chat is told when they
// turn off or skip a snapshot.
import type * as vscode from 'vscode';
import type { SessionSummary } from '../../core/session';
import { offerUndoOfInterruptedRestore } from './interruptedRestore';
import { CheckpointPruning } from './pruneSchedule';
import { checkpointsOffText, WorkspaceCheckpoints } from './workspaceCheckpoints';
import type { Logger } from '../../core/util/logger';

export function setUpCheckpoints(log: Logger, listSessions: () => Promise<SessionSummary[]>, tell: (level: 'info' | 'warning', text: string) => void) {
  const stores = new WorkspaceCheckpoints(log);
  const pruning = new CheckpointPruning(stores, listSessions, log);
  const disposables: vscode.Disposable[] = [
    stores,
    pruning,
    stores.onDidTurnOff((reason) => tell('warning', checkpointsOffText(reason))),
    stores.onDidSkip((text) => tell('info', text)),
  ];
  void offerUndoOfInterruptedRestore(stores, stores.stateHome(), log);
  return { stores, prune: (): void => void pruning.prune(), disposables };
}
