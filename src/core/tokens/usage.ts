/**
 * API-reported usage on assistant messages: which usages can be trusted (not a failed or stopped
 * reply's, not an all-zero one) and what they say about the context size.
 */
import type { AgentMessage, AssistantMessage, SessionEntry, Usage } from '../session';

/**
 * Size of the context after that call: the whole request plus the reply. `totalTokens` when it
 * is truthy, else the sum of the parts (old files have no `totalTokens`).
 */
export function calculateContextTokens(usage: Usage): number {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

/** Size of the request alone: everything the provider read, cached or not. */
export function promptTokens(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}

/**
 * The usage of an assistant message if it can be trusted: not a stopped (`aborted`) or failed
 * (`error`) reply's, which may not have reached the provider's count, and not one whose counters
 * are all zero (an endpoint that reports no usage says nothing about the context), as pi 1.6.
 */
export function usableUsage(message: AgentMessage | undefined): Usage | undefined {
  const usage = replyUsage(message);
  return usage && calculateContextTokens(usage) > 0 ? usage : undefined;
}

/** The usage a reply that ended normally (not stopped, not failed) recorded, all-zero ones included. */
export function replyUsage(message: AgentMessage | undefined): Usage | undefined {
  if (!message || message.role !== 'assistant') return undefined;
  if (message.stopReason === 'aborted' || message.stopReason === 'error') return undefined;
  return message.usage ?? undefined;
}

/** The usage of the last usable assistant `message` entry (pi's `getLastAssistantUsage`). */
export function getLastAssistantUsage(entries: readonly SessionEntry[]): Usage | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.type !== 'message') continue;
    const usage = usableUsage(entry.message as AgentMessage);
    if (usage) return usage;
  }
  return undefined;
}

/** `provider/model`: the key calibrations are stored under. */
export function modelKeyOf(message: Pick<AssistantMessage, 'provider' | 'model'>): string {
  return `${message.provider}/${message.model}`;
}
