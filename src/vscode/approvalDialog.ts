// Tool approval as a modal dialog: used when no chat view is there to show its approval card.
import * as vscode from 'vscode';
import type { ApprovalDecision } from '../core/agent/tools/tool';

export async function askInDialog(toolName: string): Promise<ApprovalDecision> {
  const once = 'Allow Once';
  const always = 'Allow Always (this session)';
  const answer = await vscode.window.showWarningMessage(`Arbor wants to run the ${toolName} tool.`, { modal: true }, once, always);
  return answer === once ? 'allow-once' : answer === always ? 'allow-always' : 'deny';
}
