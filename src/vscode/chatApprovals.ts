// Tool approvals asked in the chat: a card per request saying what the call would do, its answer
// back to the agent. Requests still waiting are shown again after the webview reloads, and denied
// when the run ends or the chat goes away (an unanswered approval never blocks a run).
import type { ApprovalCallback, ApprovalDecision } from '../core/agent/tools/tool';
import { approvalView, formatArgs, summarizeArgs } from '../core/chat';
import type { ApprovalMessage, HostToWebviewMessage } from '../shared/protocol';

export class ChatApprovals {
  private readonly pending = new Map<string, { message: ApprovalMessage; resolve: (decision: ApprovalDecision) => void }>();
  private counter = 0;

  constructor(
    private readonly post: (message: HostToWebviewMessage) => void,
    /** Brings the chat into view so the card is seen. */
    private readonly reveal: () => void,
  ) {}

  readonly ask: ApprovalCallback = (request) => {
    const requestId = `approval-${++this.counter}`;
    const { toolName, args, protectedPath } = request;
    const message: ApprovalMessage = {
      type: 'approval',
      requestId,
      toolName,
      summary: summarizeArgs(toolName, args),
      view: approvalView(toolName, args, protectedPath),
      args: formatArgs(args),
      ...(protectedPath !== undefined ? { protectedPath } : {}),
    };
    return new Promise<ApprovalDecision>((resolve) => {
      this.pending.set(requestId, { message, resolve });
      this.reveal();
      this.post(message);
    });
  };

  answer(requestId: string, decision: ApprovalDecision): void {
    const waiting = this.pending.get(requestId);
    if (!waiting) return;
    this.pending.delete(requestId);
    // The card of a protected file has no "always" button: an answer that says so counts once.
    waiting.resolve(decision === 'allow-always' && waiting.message.protectedPath !== undefined ? 'allow-once' : decision);
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
