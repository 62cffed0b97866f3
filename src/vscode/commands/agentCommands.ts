// Stop, Show Log, Focus Chat Input.
import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import type { SomeCommands } from './table';
import { VIEW_FOCUS } from '../../shared/commands';

export function agentCommands(deps: CommandDeps) {
  return {
    stop: () => deps.host.stop(),
    showLog: () => deps.log.show(true),
    focusInput: async () => {
      // Reveals the view (resolving its webview if needed), then the chat focuses its textarea.
      await vscode.commands.executeCommand(VIEW_FOCUS.chat);
      deps.host.requestInputFocus();
    },
  } satisfies SomeCommands;
}
