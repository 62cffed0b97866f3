// Stop, Show Log, Focus Chat Input.
import type { CommandDeps } from './deps';
import type { SomeCommands } from './table';

export function agentCommands(deps: CommandDeps) {
  return {
    stop: () => deps.host.stop(),
    showLog: () => deps.showLog(),
    // Reveals the view (resolving its webview if needed), then the chat focuses its textarea.
    focusInput: () => deps.input.focus(),
  } satisfies SomeCommands;
}
