/**
 * The conversation as plain text for the summarizer (`[User]: …`, `[Assistant]: …`), so the model reads it as
 * material rather than a chat to continue. Format identical to pi 1.6's, so prompts can be compared
 * byte for byte, except that long tool-call arguments (a `write` with a whole file body) are
 * truncated like tool results; `{ truncateToolArguments: false }` gives pi's text.
 *
 * Thinking is left out, as pi 1.6 leaves it out: what providers return is a summary of the
 * reasoning (or nothing a later request may replay), and it can make the summary request larger
 * than the context it summarizes. Text, tool calls and their results record what happened.
 */
import { textParts, type LlmMessage } from '../session';
import { stringifyJson } from '../util/jsonText';

/** Tool results (and, here, tool-call string arguments) longer than this are cut. */
export const TOOL_RESULT_MAX_CHARS = 2000;
export const TOOL_ARGUMENT_MAX_CHARS = 2000;

export interface SerializeOptions {
  /** Default true. false: arguments in full, as pi sends them. */
  truncateToolArguments?: boolean;
}

export function serializeConversation(messages: readonly LlmMessage[], options: SerializeOptions = {}): string {
  return serializeParts(messages, options).join('\n\n');
}

/**
 * The parts `serializeConversation` joins with blank lines: one per user message and tool result,
 * up to two per assistant message (its text, its tool calls). Chunked summarization splits between parts.
 */
export function serializeParts(messages: readonly LlmMessage[], options: SerializeOptions = {}): string[] {
  const parts: string[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const text = joinedText(message.content);
      if (text) parts.push(`[User]: ${text}`);
    } else if (message.role === 'assistant') {
      parts.push(...assistantParts(message, options.truncateToolArguments !== false));
    } else if (message.role === 'toolResult') {
      const text = joinedText(message.content);
      if (text) parts.push(`[Tool result]: ${truncateForSummary(text, TOOL_RESULT_MAX_CHARS)}`);
    }
  }
  return parts;
}

/**
 * The first `maxChars` UTF-16 units (one fewer rather than half a surrogate pair) and a marker
 * saying how many were left out, counted from `maxChars` as pi counts them.
 */
export function truncateForSummary(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const splitsPair = isHigh(text.charCodeAt(maxChars - 1)) && isLow(text.charCodeAt(maxChars));
  return `${text.slice(0, splitsPair ? maxChars - 1 : maxChars)}\n\n[... ${text.length - maxChars} more characters truncated]`;
}

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

function assistantParts(message: Extract<LlmMessage, { role: 'assistant' }>, truncateArguments: boolean): string[] {
  const texts: string[] = [];
  const calls: string[] = [];
  for (const block of message.content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'toolCall') {
      const args = Object.entries(block.arguments ?? {}).map(([key, value]) => `${key}=${argumentText(value, truncateArguments)}`);
      calls.push(`${block.name}(${args.join(', ')})`);
    }
  }
  const parts: string[] = [];
  if (texts.length > 0) parts.push(`[Assistant]: ${texts.join('\n')}`);
  if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join('; ')}`);
  return parts;
}

/** JSON of an argument (any depth); long strings anywhere inside it are cut first. */
function argumentText(value: unknown, truncate: boolean): string {
  return truncate ? stringifyJson(value, (inner) => truncateForSummary(inner, TOOL_ARGUMENT_MAX_CHARS)) : stringifyJson(value);
}

function joinedText(content: string | readonly { type: string; text?: string }[]): string {
  return textParts(content).join('');
}
