/**
 * Orphan tool results: a tool result whose tool call is not in the assistant message
 * before it. Strict providers reject such a request (HTTP 400), and since the orphan stays in the
 * file, every later request fails too. Old files — compactions written mid-turn by pi or its
 * extensions — can contain them.
 *
 * `buildSessionContext` stays identical to pi's (interop tests compare them); the agent applies
 * this step to the context before each request and logs what it dropped.
 */
import type { AgentMessage, ToolResultMessage } from '../session';

export interface DroppedToolResult {
  /** Index in the input list. */
  index: number;
  message: ToolResultMessage;
  reason: 'no-matching-call' | 'duplicate-result';
}

export interface OrphanCheck<T> {
  messages: T[];
  dropped: DroppedToolResult[];
}

/**
 * Keeps a tool result only if the nearest assistant message before it issued that call and the
 * call was not answered already. Everything else passes through unchanged (same objects).
 */
export function dropOrphanToolResults<T extends Pick<AgentMessage, 'role'>>(messages: readonly T[]): OrphanCheck<T> {
  const kept: T[] = [];
  const dropped: DroppedToolResult[] = [];
  let openCalls = new Set<string>();
  let answered = new Set<string>();
  messages.forEach((message, index) => {
    const m = message as unknown as AgentMessage;
    if (m.role === 'assistant') {
      openCalls = new Set(m.content.filter((block) => block.type === 'toolCall').map((block) => block.id));
      answered = new Set();
    } else if (m.role === 'toolResult') {
      const reason = !openCalls.has(m.toolCallId) ? 'no-matching-call' : answered.has(m.toolCallId) ? 'duplicate-result' : undefined;
      if (reason) {
        dropped.push({ index, message: m, reason });
        return;
      }
      answered.add(m.toolCallId);
    }
    kept.push(message);
  });
  return { messages: kept, dropped };
}
