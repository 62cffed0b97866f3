// Tool approvals asked in the chat: a card per request saying what the call would do, its answer
// back to the agent. Requests still waiting are shown again after the webview reloads, and denied
// when the run ends or the chat goes away (an unanswered approval never blocks a run). "Always
// allow …" allows the call and hands its rule to the gate (the host keeps it for the workspace folder).
//
// A write or edit comes with its plan: its diff opens in the editor, where the user may change the
// proposed side; accepting writes what is there. "Accept all" / "Reject all" answer the edits
// waiting and every edit asked for until the run ends.
import { acceptedContent } from '../../core/agent/tools/editPlan';
import type { ApprovalAnswer, ApprovalCallback, ApprovalDecision as GateDecision, ApprovalRequest } from '../../core/agent/tools/tool';
import { approvalView, formatArgs, summarizeArgs } from '../../core/chat';
import type { ApprovalDecision, ApprovalMessage, EditReviewAction, HostToWebviewMessage } from '../../shared/protocol';
import type { EditPlan } from '../../core/agent/tools/editPlan';
import { mcpServerRule } from '../../core/agent/tools/approvalPatterns';
import { settledOrLate } from '../../core/util/settledOrLate';

/** The diff editor's side of a review (EditReviews; this file stays free of the editor's API). */
export interface EditReviewer {
  show(requestId: string, plan: EditPlan): Promise<void>;
  reveal(requestId: string): Promise<void>;
  /** The proposed side as the user left it. */
  text(requestId: string): string | undefined;
  activeRequest(): string | undefined;
  close(requestId: string): Promise<void>;
  /** Why the user denies a call ('' for no reason; undefined: Escape, the call still waits). */
  askReason(toolName: string): Promise<string | undefined>;
}

/** Longer than a diff takes to open even when the window's first review starts VS Code's diff worker. */
const DIFF_WAIT_MS = 3000;

interface Waiting {
  message: ApprovalMessage;
  request: ApprovalRequest;
  resolve: (answer: GateDecision | ApprovalAnswer) => void;
}

export class ChatApprovals {
  private readonly pending = new Map<string, Waiting>();
  private counter = 0;
  /** "Accept all" or "Reject all" was answered: the edits asked for until the run ends get it too. */
  private allEdits: 'allow-once' | 'deny' | undefined;

  constructor(
    private readonly post: (message: HostToWebviewMessage) => void,
    /** Brings the chat into view so the card is seen. */
    private readonly reveal: () => void,
    private readonly reviews?: EditReviewer,
    /** How long an edit's card waits for its diff to be drawn. */
    private readonly diffWaitMs = DIFF_WAIT_MS,
  ) {}

  readonly ask: ApprovalCallback = (request) => {
    const all = this.answerForAll(request);
    if (all) return Promise.resolve({ decision: all });
    const requestId = `approval-${++this.counter}`;
    const { toolName, args, protectedPath, suggestedRule, origin } = request;
    const review = request.plan !== undefined && this.reviews !== undefined;
    const message: ApprovalMessage = {
      type: 'approval',
      requestId,
      toolName,
      summary: summarizeArgs(toolName, args),
      view: approvalView(toolName, args, protectedPath, origin),
      args: formatArgs(args),
      ...(protectedPath !== undefined ? { protectedPath } : {}),
      ...(suggestedRule !== undefined && protectedPath === undefined ? { suggestedRule } : {}),
      ...(review ? { review: true } : {}),
      ...(request.changedOnDisk ? { changedOnDisk: true } : {}),
      ...(origin ? { origin: { kind: origin.kind, server: origin.server, tool: origin.tool } } : {}),
    };
    return new Promise<GateDecision | ApprovalAnswer>((resolve) => {
      this.pending.set(requestId, { message, request, resolve });
      this.reveal();
      if (!review) return this.post(message);
      // The card comes with its diff: VS Code draws neither side of a diff until it has computed
      // it, and a card shown before sends the user to an empty editor. The tool's own card shows
      // meanwhile; a diff that takes too long (or fails to open) does not hold the question back.
      void settledOrLate(this.reviews!.show(requestId, request.plan!), this.diffWaitMs).then(() => {
        if (this.pending.has(requestId)) this.post(message);
      });
    });
  };

  /** The user answered a card (or an editor title button): an accepted edit takes the text the user left in its diff. */
  answer(requestId: string, decision: ApprovalDecision, reason?: string): void {
    const waiting = this.pending.get(requestId);
    if (!waiting) return;
    this.pending.delete(requestId);
    const said = gateDecision(decision, waiting.message);
    const plan = waiting.request.plan;
    const text = plan && said !== 'deny' ? this.reviews?.text(requestId) : undefined;
    const content = plan && text !== undefined ? acceptedContent(plan, text) : undefined;
    const changed = content !== undefined && content !== plan?.proposed;
    waiting.resolve(changed || reason ? { decision: said, ...(changed ? { content } : {}), ...(reason ? { reason } : {}) } : said);
    this.post({ type: 'approvalDone', requestId });
    void this.reviews?.close(requestId);
  }

  /** A card's edit button: open its diff again, or answer every edit of the run at once. */
  async review(requestId: string, action: EditReviewAction): Promise<void> {
    if (action === 'open-diff') return this.reviews?.reveal(requestId);
    if (action === 'reject') return this.reject(requestId);
    this.allEdits = action === 'accept-all' ? 'allow-once' : 'deny';
    for (const [id, waiting] of [...this.pending]) {
      const all = this.answerForAll(waiting.request);
      if (all) this.answer(id, all);
    }
  }

  /**
   * The "Accept all" / "Reject all" answer that covers this request, if any: edits only, and never
   * an acceptance of a protected file, which is asked about every time ("Reject all" may refuse it).
   */
  private answerForAll(request: ApprovalRequest): 'allow-once' | 'deny' | undefined {
    if (!request.plan || !this.allEdits) return undefined;
    return request.protectedPath === undefined || this.allEdits === 'deny' ? this.allEdits : undefined;
  }

  /** `arbor.acceptEdit`: the edit whose diff is active. */
  acceptActive(): boolean {
    const requestId = this.reviews?.activeRequest();
    if (requestId === undefined || !this.pending.has(requestId)) return false;
    this.answer(requestId, 'allow-once');
    return true;
  }

  /** `arbor.rejectEdit`: the edit whose diff is active, with the reason the user gives (optional). */
  async rejectActive(): Promise<boolean> {
    const requestId = this.reviews?.activeRequest();
    if (requestId === undefined || !this.pending.has(requestId)) return false;
    await this.reject(requestId);
    return true;
  }

  denyAll(): void {
    for (const requestId of [...this.pending.keys()]) this.answer(requestId, 'deny');
    this.allEdits = undefined;
  }

  /** The cards still waiting (a reloaded webview shows them again). */
  repost(): void {
    for (const { message } of this.pending.values()) this.post(message);
  }

  /**
   * Denies a call, asking why first. Escape takes the denial back (a key pressed to leave the box
   * must not answer for the user); Enter without text denies with no reason.
   */
  private async reject(requestId: string): Promise<void> {
    const waiting = this.pending.get(requestId);
    if (!waiting) return;
    const reason = this.reviews ? await this.reviews.askReason(waiting.request.toolName) : '';
    if (reason === undefined) return;
    this.answer(requestId, 'deny', reason.trim() || undefined);
  }
}

/**
 * The card's answer for the gate. The card of a protected file has no "always" button, and only a
 * card with a proposed rule has "Always allow …": an answer that says otherwise counts once. The
 * rule is the one the host proposed, never one the webview names.
 */
function gateDecision(decision: ApprovalDecision, message: ApprovalMessage): GateDecision {
  if (message.protectedPath !== undefined && decision !== 'deny') return 'allow-once';
  // The server's rule is made here from the request's origin, never taken from the webview.
  if (decision === 'allow-server') return message.origin?.kind === 'mcp' ? { allowRule: mcpServerRule(message.origin.server) } : 'allow-once';
  if (decision !== 'allow-rule') return decision;
  return message.suggestedRule === undefined ? 'allow-once' : { allowRule: message.suggestedRule.rule };
}
