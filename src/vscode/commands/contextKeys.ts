// The context keys the manifest's `when` clauses read: arbor.hasSession, arbor.running.
import * as vscode from 'vscode';
import type { CommandDeps } from './deps';

export function trackContextKeys(deps: Pick<CommandDeps, 'host'>): vscode.Disposable[] {
  const set = (key: string, value: boolean): void => void vscode.commands.executeCommand('setContext', key, value);
  set('arbor.hasSession', deps.host.session !== undefined);
  set('arbor.running', false);
  return [
    deps.host.onDidChangeSession((session) => set('arbor.hasSession', session !== undefined)),
    deps.host.onDidChangeState((state) => set('arbor.running', state.running)),
  ];
}
