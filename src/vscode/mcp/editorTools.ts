// VS Code's own language-model tools (`vscode.lm.tools`: its MCP servers' tools once started, tools
// other extensions register) as the editor side of Arbor's host tools, run by `vscode.lm.invokeTool`.
// The types Arbor builds against (VS Code 1.90) predate the API, so it is looked up at run time and
// described here by the little Arbor uses; a VS Code without it gets one line in the log.
import * as vscode from 'vscode';
import type { HostToolInfo, ToolHost } from '../../core/mcp/tools/hostTools';
import type { Logger } from '../../core/util/logger';
import { onUnlessTurnedOff } from '../../core/util/settingSources';

interface LanguageModelToolsApi {
  tools?: readonly HostToolInfo[];
  invokeTool?: (name: string, options: { input: object; toolInvocationToken: undefined }, token: vscode.CancellationToken) => Thenable<{ content: unknown[] }>;
  onDidChangeTools?: vscode.Event<void>;
}

function languageModelTools(): LanguageModelToolsApi | undefined {
  const lm = (vscode as { lm?: LanguageModelToolsApi }).lm;
  return lm && Array.isArray(lm.tools) && typeof lm.invokeTool === 'function' ? lm : undefined;
}

let logged = false;

/** The editor's tools, read afresh at each request (a tool that appears is offered, a withdrawn one fails cleanly); undefined where VS Code has no such API. */
export function editorToolHost(log: Logger, disposables: vscode.Disposable[]): ToolHost | undefined {
  const lm = languageModelTools();
  if (!lm) {
    if (!logged) log.info("VS Code offers extensions no language-model tools here; Arbor uses pi's MCP configuration alone");
    logged = true;
    return undefined;
  }
  // Once per window (the servers may stop and start again): the count, and each change of the list.
  if (!logged) {
    log.info(`VS Code offers ${lm.tools!.length} language-model tools; Arbor offers them through tool_search`);
    if (lm.onDidChangeTools) disposables.push(lm.onDidChangeTools(() => log.debug(`VS Code's language-model tools changed: ${lm.tools?.length ?? 0} now`)));
  }
  logged = true;
  return {
    // Read at each request, so turning the setting off withdraws the tools at once.
    tools: () => (onUnlessTurnedOff(vscode.workspace.getConfiguration('arbor').inspect<unknown>('mcp.editorTools')) ? (lm.tools ?? []) : []),
    invoke: async (name, input, signal) => {
      const cancel = new vscode.CancellationTokenSource();
      const abort = (): void => cancel.cancel();
      signal.addEventListener('abort', abort, { once: true });
      try {
        return await lm.invokeTool!(name, { input, toolInvocationToken: undefined }, cancel.token);
      } finally {
        signal.removeEventListener('abort', abort);
        cancel.dispose();
      }
    },
  };
}
