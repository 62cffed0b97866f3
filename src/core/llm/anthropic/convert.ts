/**
 * Session messages → Anthropic `messages`. The API is strict about shape, so the conversion
 * repairs what a session may legitimately hold:
 *
 * - Replies that failed or were aborted (`stopReason` 'error' / 'aborted') are left out, as pi
 *   does: their content may be cut mid-block (thinking without signature, half a tool input).
 *   Their tool results are left out with them (see the next rule).
 * - Every `tool_use` needs a `tool_result` in the very next user message, and every
 *   `tool_result` must answer a `tool_use` of the reply just before it. So: consecutive tool
 *   results become ONE user message; a call without a result gets a synthetic error result,
 *   placed where its results belonged (before the next reply or user message, or at the end);
 *   a result that answers no call of the preceding reply is dropped.
 * - Empty or whitespace-only text blocks are refused by the API: dropped. A message left with no
 *   block is dropped.
 * - Thinking is replayed as `thinking` with its signature only to the model that wrote it, and
 *   redacted thinking only to that model; that model's unsigned thinking becomes plain text.
 *   Another model's thinking is left out, as pi 1.6 leaves it out: sent as text, the new model
 *   would take it for part of the visible reply.
 * - Tool call ids are reduced to the characters and length the API accepts.
 * - Lone UTF-16 surrogates (invalid in the JSON body) become U+FFFD.
 * - Tool call arguments nested deeper than any tool needs (a hostile file may nest them 100 000
 *   deep, which the SDK's JSON.stringify cannot write) are sent cut at that depth, with a marker.
 */
import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { AssistantMessage, ImageContent, LlmMessage, TextContent, ToolResultMessage, UserMessage } from '../../session';
import { limitJsonDepth } from '../../util/jsonText';

export const PROVIDER = 'anthropic';

/** Deeper containers in a tool call's arguments are sent as `[nested too deep]`. */
export const MAX_ARGUMENT_DEPTH = 64;
export const API = 'anthropic-messages';

/** The text of the result sent for a tool call that has none in the session. */
export const MISSING_RESULT_TEXT = 'No result was recorded for this tool call.';

/** What a tool result with only images says, since a result is read as text first. */
export const IMAGE_ONLY_TEXT = '(image attached)';

export type AnthropicMessage = MessageParam & { role: 'user' | 'assistant'; content: string | ContentBlockParam[] };

export function convertMessages(messages: readonly LlmMessage[], targetModel: string): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  /** Calls of the last reply still waiting for a result, in order. */
  let pending: { id: string; answered: boolean }[] = [];
  let results: ToolResultBlockParam[] = [];

  const closeToolRun = () => {
    for (const call of pending) if (!call.answered) results.push(missingResult(call.id));
    if (results.length > 0) out.push({ role: 'user', content: results });
    pending = [];
    results = [];
  };

  for (const message of messages) {
    if (message.role === 'toolResult') {
      const call = pending.find((c) => c.id === toolUseId(message.toolCallId) && !c.answered);
      if (!call) continue;
      call.answered = true;
      results.push(toolResult(message));
      continue;
    }
    if (message.role === 'assistant' && (message.stopReason === 'error' || message.stopReason === 'aborted')) continue;
    closeToolRun();
    if (message.role === 'user') {
      const converted = userMessage(message);
      if (converted) out.push(converted);
    } else {
      const converted = assistantMessage(message, targetModel);
      if (!converted) continue;
      out.push(converted);
      pending = message.content.flatMap((b) => (b.type === 'toolCall' ? [{ id: toolUseId(b.id), answered: false }] : []));
    }
  }
  closeToolRun();
  return out;
}

function userMessage(message: UserMessage): AnthropicMessage | undefined {
  if (typeof message.content === 'string') {
    return hasText(message.content) ? { role: 'user', content: wellFormed(message.content) } : undefined;
  }
  const blocks = message.content.flatMap((block): ContentBlockParam[] => {
    if (block.type === 'image') return [imageBlock(block)];
    return hasText(block.text) ? [textBlock(block.text)] : [];
  });
  return blocks.length > 0 ? { role: 'user', content: blocks } : undefined;
}

function assistantMessage(message: AssistantMessage, targetModel: string): AnthropicMessage | undefined {
  const sameModel = message.provider === PROVIDER && message.api === API && message.model === targetModel;
  const blocks: ContentBlockParam[] = [];
  for (const block of message.content) {
    if (block.type === 'text') {
      if (hasText(block.text)) blocks.push(textBlock(block.text));
    } else if (block.type === 'thinking') {
      const signature = block.thinkingSignature ?? '';
      if (block.redacted) {
        if (sameModel && signature) blocks.push({ type: 'redacted_thinking', data: signature });
      } else if (!hasText(block.thinking)) {
        continue;
      } else if (!sameModel) {
        continue;
      } else if (signature.trim()) {
        blocks.push({ type: 'thinking', thinking: wellFormed(block.thinking), signature });
      } else {
        blocks.push(textBlock(block.thinking));
      }
    } else if (block.type === 'toolCall') {
      blocks.push({ type: 'tool_use', id: toolUseId(block.id), name: block.name, input: limitJsonDepth(block.arguments ?? {}, MAX_ARGUMENT_DEPTH) });
    }
  }
  return blocks.length > 0 ? { role: 'assistant', content: blocks } : undefined;
}

/** Text-only results go as one string (pi's form); results with images as blocks. */
function toolResult(message: ToolResultMessage): ToolResultBlockParam {
  const block: ToolResultBlockParam = { type: 'tool_result', tool_use_id: toolUseId(message.toolCallId) };
  const content = resultContent(message.content);
  if (content !== undefined) block.content = content;
  block.is_error = message.isError;
  return block;
}

function resultContent(content: readonly (TextContent | ImageContent)[]): ToolResultBlockParam['content'] {
  if (!content.some((b) => b.type === 'image')) {
    const text = content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
    return text ? wellFormed(text) : undefined;
  }
  const blocks = content.flatMap((b): (TextBlockParam | ImageBlockParam)[] =>
    b.type === 'image' ? [imageBlock(b)] : hasText(b.text) ? [textBlock(b.text)] : [],
  );
  if (!blocks.some((b) => b.type === 'text')) blocks.unshift(textBlock(IMAGE_ONLY_TEXT));
  return blocks;
}

function missingResult(id: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: id, content: MISSING_RESULT_TEXT, is_error: true };
}

function textBlock(text: string): TextBlockParam {
  return { type: 'text', text: wellFormed(text) };
}

/** The session keeps the type the tool detected; the API checks it against the ones it takes. */
type ImageMediaType = Extract<ImageBlockParam['source'], { type: 'base64' }>['media_type'];

function imageBlock(image: ImageContent): ImageBlockParam {
  return { type: 'image', source: { type: 'base64', media_type: image.mimeType as ImageMediaType, data: image.data } };
}

function hasText(text: string | undefined): text is string {
  return typeof text === 'string' && text.trim().length > 0;
}

/** Anthropic ids match ^[a-zA-Z0-9_-]{1,64}$; ids from other providers may not. */
export function toolUseId(id: string): string {
  return id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}
