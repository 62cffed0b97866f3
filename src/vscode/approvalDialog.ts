// Tool approval as a modal dialog: used when no chat view is there to show its approval card. The
// detail says what would run (the command, the path), hidden characters made visible, as plain text.
// "Always allow …" (a rule the gate proposed) is kept in the user settings, as from the chat's card.
import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest } from '../core/agent/tools/tool';
import { approvalView, dialogDetail } from '../core/chat';
import { errorMessage } from '../core/util/errors';
import { visibleText } from '../core/util/visibleText';
import { allowInUserSettings } from './config';

export async function askInDialog(request: ApprovalRequest): Promise<ApprovalDecision> {
  const view = approvalView(request.toolName, request.args, request.protectedPath);
  const once = 'Allow Once';
  const always = 'Allow Always (this session)';
  // A protected file is asked about every time: no "always" (the view's note says why).
  const suggested = request.protectedPath === undefined ? request.suggestedRule : undefined;
  const rule = suggested && visibleText(suggested.label);
  const choices = request.protectedPath === undefined ? [once, always, ...(rule ? [rule] : [])] : [once];
  const answer = await vscode.window.showWarningMessage(`Arbor: ${view.title}`, { modal: true, detail: dialogDetail(view) }, ...choices);
  if (answer !== undefined && answer === rule && suggested) {
    // Kept for this session by the gate even when the settings cannot be written.
    await allowInUserSettings(suggested.rule).catch((error: unknown) => void vscode.window.showWarningMessage(`Arbor: allowed for this session only; the user settings could not be changed (${errorMessage(error)}).`));
    return { allowRule: suggested.rule };
  }
  return answer === once ? 'allow-once' : answer === always ? 'allow-always' : 'deny';
}
