// Tool approval as a modal dialog: used when no chat view is there to show its approval card. The
// detail says what would run (the command, the path), hidden characters made visible, as plain text.
// "Always allow …" answers with the rule the gate proposed, which the host keeps for this workspace
// folder, as from the chat's card.
//
// A write or edit is never approved blind here either: its diff opens in the editor first (the same
// review as from the chat), the dialog stands in front of it, and the diff closes with the answer.
import * as vscode from 'vscode';
import { acceptedContent } from '../../core/agent/tools/editPlan';
import type { ApprovalAnswer, ApprovalDecision, ApprovalRequest } from '../../core/agent/tools/tool';
import { approvalView, dialogDetail } from '../../core/chat';
import { plainText } from '../../core/util/plainText';
import { visibleText } from '../../core/util/visibleText';
import { mcpServerRule } from '../../core/agent/tools/approvalPatterns';
import type { EditReviewer } from '../chat/approvals';

const DIFF_NOTE = 'The change is shown in the diff editor behind this dialog.';

let reviewCounter = 0;

export async function askInDialog(request: ApprovalRequest, reviews?: EditReviewer): Promise<ApprovalDecision | ApprovalAnswer> {
  const plan = request.plan;
  if (!plan || !reviews) return ask(request, false);
  const reviewId = `dialog-${++reviewCounter}`;
  try {
    await reviews.show(reviewId, plan);
    const decision = await ask(request, true);
    const text = decision === 'deny' ? undefined : reviews.text(reviewId);
    const content = text === undefined ? undefined : acceptedContent(plan, text);
    return content !== undefined && content !== plan.proposed ? { decision, content } : decision;
  } finally {
    await reviews.close(reviewId);
  }
}

async function ask(request: ApprovalRequest, diffShown: boolean): Promise<ApprovalDecision> {
  const view = approvalView(request.toolName, request.args, request.protectedPath, request.origin);
  const once = 'Allow Once';
  const always = 'Allow Always (this session)';
  // A protected file is asked about every time: no "always" (the view's note says why).
  const suggested = request.protectedPath === undefined ? request.suggestedRule : undefined;
  const rule = suggested && visibleText(suggested.label);
  // An MCP tool: its whole server may be allowed for the session too (the rule made from its origin).
  const server = request.origin?.kind === 'mcp' && request.protectedPath === undefined ? plainText(`Always Allow Server ${request.origin.server} (this session)`) : undefined;
  const choices = request.protectedPath === undefined ? [once, always, ...(rule ? [rule] : []), ...(server ? [server] : [])] : [once];
  const detail = diffShown ? `${DIFF_NOTE}\n\n${dialogDetail(view)}` : dialogDetail(view);
  // The title names the tool the model called: a model's words, shown as plain text.
  const answer = await vscode.window.showWarningMessage(`Arbor: ${plainText(view.title)}`, { modal: true, detail }, ...choices);
  if (answer !== undefined && answer === rule && suggested) return { allowRule: suggested.rule };
  if (answer !== undefined && answer === server && request.origin) return { allowRule: mcpServerRule(request.origin.server) };
  return answer === once ? 'allow-once' : answer === always ? 'allow-always' : 'deny';
}
