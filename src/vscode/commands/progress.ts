// Long model work (a compaction, a branch summary) under a notification whose Cancel stops it.
import * as vscode from 'vscode';
import type { AgentHost } from '../agent/host';

/** Runs `work` under a cancellable progress notification titled `title`; Cancel stops the host's work. */
export function withStoppableProgress<T>(host: Pick<AgentHost, 'stop'>, title: string, work: () => Promise<T>): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (_progress, token) => {
      const subscription = token.onCancellationRequested(() => host.stop());
      try {
        return await work();
      } finally {
        subscription.dispose();
      }
    }),
  );
}
