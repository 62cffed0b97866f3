// Tool approvals asked in the chat: a card per request saying what the call would do, its answer
// back to the agent. Requests still waiting are shown again after the webview reloads, and denied
// when the run ends or the chat goes away (an unanswered approval never blocks a run). "Always
// allow …" allows the call and hands its rule to the gate and to the user's settings.
import type { ApprovalCallback, ApprovalDecision as GateDecision } from '../core/agent/tools/tool';
import { approvalView, formatArgs, summarizeArgs } from '../core/chat';
import type { ApprovalDecision, ApprovalMessage, HostToWebviewMessage } from '../shared/protocol';

export class ChatApprovals {
  private readonly pending = new Map<string, { message: ApprovalMessage; resolve: (decision: GateDecision) => void }>();
  private counter = 0;

  constructor(
    private readonly post: (message: HostToWebviewMessage) => void,
    /** Brings the chat into view so the card is seen. */
    private readonly reveal: () => void,
    /** Keeps a rule the user allowed from a card (in the user's settings). */
    private readonly keepRule: (rule: string) => void,
  ) {}

  readonly ask: ApprovalCallback = (request) => {
    const requestId = `approval-${++this.counter}`;
    const { toolName, args, protectedPath, suggestedRule } = request;
    const message: ApprovalMessage = {
      type: 'approval',
      requestId,
      toolName,
      summary: summarizeArgs(toolName, args),
      view: approvalView(toolName, args, protectedPath),
      args: formatArgs(args),
      ...(protectedPath !== undefined ? { protectedPath } : {}),
      ...(suggestedRule !== undefined && protectedPath === undefined ? { suggestedRule } : {}),
    };
    return new Promise<GateDecision>((resolve) => {
      this.pending.set(requestId, { message, resolve });
      this.reveal();
      this.post(message);
    });
  };

  answer(requestId: string, decision: ApprovalDecision): void {
    const waiting = this.pending.get(requestId);
    if (!waiting) return;
    this.pending.delete(requestId);
    const resolved = gateDecision(decision, waiting.message);
    if (typeof resolved === 'object') this.keepRule(resolved.allowRule);
    waiting.resolve(resolved);
    this.post({ type: 'approvalDone', requestId });
  }

  denyAll(): void {
    for (const requestId of [...this.pending.keys()]) this.answer(requestId, 'deny');
  }

  /** The cards still waiting (a reloaded webview shows them again). */
  repost(): void {
    for (const { message } of this.pending.values()) this.post(message);
  }
}

/**
 * The card's answer for the gate. The card of a protected file has no "always" button, and only a
 * card with a proposed rule has "Always allow …": an answer that says otherwise counts once. The
 * rule is the one the host proposed, never one the webview names.
 */
function gateDecision(decision: ApprovalDecision, message: ApprovalMessage): GateDecision {
  if (message.protectedPath !== undefined && decision !== 'deny') return 'allow-once';
  if (decision !== 'allow-rule') return decision;
  return message.suggestedRule === undefined ? 'allow-once' : { allowRule: message.suggestedRule.rule };
}
