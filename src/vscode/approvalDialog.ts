// Tool approval as a modal dialog: used when no chat view is there to show its approval card. The
// detail says what would run (the command, the path), hidden characters made visible, as plain text.
import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest } from '../core/agent/tools/tool';
import { approvalView, dialogDetail } from '../core/chat';

export async function askInDialog(request: ApprovalRequest): Promise<ApprovalDecision> {
  const view = approvalView(request.toolName, request.args, request.protectedPath);
  const once = 'Allow Once';
  const always = 'Allow Always (this session)';
  // A protected file is asked about every time: no "always" (the view's note says why).
  const choices = request.protectedPath === undefined ? [once, always] : [once];
  const answer = await vscode.window.showWarningMessage(`Arbor: ${view.title}`, { modal: true, detail: dialogDetail(view) }, ...choices);
  return answer === once ? 'allow-once' : answer === always ? 'allow-always' : 'deny';
}
