/**
 * The messages a request sends, kept up to date one context message at a time, so a request on a
 * long branch costs one array copy instead of a rebuild.
 *
 * The rules make every request valid for a strict provider, whatever the file holds:
 * - a failed (`error`) or stopped (`aborted`) reply is not sent, as pi and the Anthropic adapter
 *   do: it may hold half a tool call or thinking without its signature; the file keeps it;
 * - whitespace-only text blocks are left out, and a reply with nothing left is not sent;
 * - a tool result is sent only after the reply that called it, once (orphans from old or foreign
 *   files are dropped: strict providers refuse them);
 * - a call still without a result when the next user message comes (a run that died, a move to a
 *   reply whose results are on another branch) gets an error result saying so.
 */
import { convertToLlm, type AgentMessage, type AssistantMessage, type LlmMessage, type ToolCall, type ToolResultMessage } from '../session';

export const MISSING_TOOL_RESULT_TEXT = 'No result: the tool call was interrupted before it finished.';

export class RequestMessages {
  private readonly list: LlmMessage[] = [];
  private openCalls: ToolCall[] = [];
  private readonly answered = new Set<string>();
  private openTimestamp = 0;
  /** Tool results left out because no sent reply called them (for the log). */
  droppedResults = 0;

  constructor(messages: readonly AgentMessage[] = []) {
    for (const message of messages) this.push(message);
  }

  get length(): number {
    return this.list.length;
  }

  push(message: AgentMessage): void {
    // The three model roles pass through as they are; the others are converted (bash, summaries…).
    if (message.role === 'user' || message.role === 'assistant' || message.role === 'toolResult') this.pushLlm(message);
    else for (const converted of convertToLlm([message])) this.pushLlm(converted);
  }

  /** What to send now: the list, plus error results for calls of the last reply that have none yet. */
  snapshot(): LlmMessage[] {
    const missing = this.missingResults();
    return missing.length > 0 ? [...this.list, ...missing] : this.list.slice();
  }

  /** The calls of the last sent reply that have no result yet. */
  unansweredCalls(): ToolCall[] {
    return this.openCalls.filter((call) => !this.answered.has(call.id));
  }

  private pushLlm(message: LlmMessage): void {
    if (message.role === 'assistant') {
      this.closeOpenCalls();
      const sendable = sendableReply(message);
      if (!sendable) return;
      this.openCalls = sendable.content.filter((block): block is ToolCall => block.type === 'toolCall');
      this.openTimestamp = sendable.timestamp;
      this.list.push(sendable);
    } else if (message.role === 'toolResult') {
      const callable = this.openCalls.some((call) => call.id === message.toolCallId) && !this.answered.has(message.toolCallId);
      if (!callable) {
        this.droppedResults++;
        return;
      }
      this.answered.add(message.toolCallId);
      this.list.push(message);
    } else {
      this.closeOpenCalls();
      this.list.push(message);
    }
  }

  private closeOpenCalls(): void {
    // Most messages follow a reply without calls: nothing to allocate then (long branches).
    if (this.openCalls.length === 0) return;
    for (const result of this.missingResults()) this.list.push(result);
    this.openCalls = [];
    this.answered.clear();
  }

  private missingResults(): ToolResultMessage[] {
    if (this.openCalls.length === 0) return [];
    return this.unansweredCalls().map((call) => missingResult(call, this.openTimestamp));
  }
}

export function missingResult(call: Pick<ToolCall, 'id' | 'name'>, timestamp: number): ToolResultMessage {
  return { role: 'toolResult', toolCallId: call.id, toolName: call.name, content: [{ type: 'text', text: MISSING_TOOL_RESULT_TEXT }], isError: true, timestamp };
}

/** The reply as it may be sent, or undefined when nothing of it may (see the rules above). */
function sendableReply(message: AssistantMessage): AssistantMessage | undefined {
  if (message.stopReason === 'error' || message.stopReason === 'aborted') return undefined;
  const keep = (block: AssistantMessage['content'][number]): boolean => {
    if (block.type === 'text') return block.text.trim() !== '';
    if (block.type === 'thinking') return block.redacted === true || block.thinking.trim() !== '' || !!block.thinkingSignature;
    return true;
  };
  if (message.content.every(keep)) return message.content.length > 0 ? message : undefined;
  const content = message.content.filter(keep);
  return content.length > 0 ? { ...message, content } : undefined;
}
