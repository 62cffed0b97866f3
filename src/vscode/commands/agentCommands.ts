// Stop, Show Log, Focus Chat Input.
import * as vscode from 'vscode';
import type { CommandDeps } from './deps';

export function registerAgentCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('arbor.stop', () => deps.host.stop()),
    vscode.commands.registerCommand('arbor.showLog', () => deps.log.show(true)),
    // Reveals the view (resolving its webview if needed), then the chat focuses its textarea.
    vscode.commands.registerCommand('arbor.focusInput', () => deps.input.focus()),
  ];
}
