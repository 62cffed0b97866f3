// Tool approval as a modal dialog: used when no chat view is there to show its approval card. The
// detail says what would run (the command, the path), hidden characters made visible, as plain text.
import * as vscode from 'vscode';
import type { ApprovalCallback, ApprovalDecision } from '../core/agent/tools/tool';
import { approvalView, dialogDetail } from '../core/chat';

export async function askInDialog(request: Parameters<ApprovalCallback>[0]): Promise<ApprovalDecision> {
  const view = approvalView(request.toolName, request.args);
  const once = 'Allow Once';
  const always = 'Allow Always (this session)';
  const answer = await vscode.window.showWarningMessage(`Arbor: ${view.title}`, { modal: true, detail: dialogDetail(view) }, once, always);
  return answer === once ? 'allow-once' : answer === always ? 'allow-always' : 'deny';
}
