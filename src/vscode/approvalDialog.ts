// Tool approval as a modal dialog: used when no chat view is there to show its approval card.
import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest } from '../core/agent/tools/tool';
import { plainText } from '../core/util/plainText';

export async function askInDialog(request: ApprovalRequest): Promise<ApprovalDecision> {
  const once = 'Allow Once';
  const always = 'Allow Always (this session)';
  // A protected file (the model's path, shown as text) is asked about every time: no "always".
  const [message, choices] =
    request.protectedPath === undefined
      ? [`Arbor wants to run the ${request.toolName} tool.`, [once, always]]
      : [`Arbor wants to ${request.toolName} ${plainText(request.protectedPath)}, which configures the editor, git or the agent. This is asked every time.`, [once]];
  const answer = await vscode.window.showWarningMessage(message, { modal: true }, ...choices);
  return answer === once ? 'allow-once' : answer === always ? 'allow-always' : 'deny';
}
