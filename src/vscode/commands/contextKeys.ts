// The context keys the manifest's `when` clauses read: arbor.hasSession, arbor.running.
import * as vscode from 'vscode';
import { isAnswering } from '../../core/agent';
import type { CommandDeps } from './deps';

export function trackContextKeys(deps: Pick<CommandDeps, 'host' | 'current'>): vscode.Disposable[] {
  const set = (key: string, value: boolean): void => void vscode.commands.executeCommand('setContext', key, value);
  set('arbor.running', false);
  return [
    deps.current.follow((event) => {
      if (event.kind === 'replaced') set('arbor.hasSession', event.session !== undefined);
    }),
    deps.host.onDidChangeState((state) => set('arbor.running', isAnswering(state.agent))),
  ];
}
