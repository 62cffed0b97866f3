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
      const result = convertedResult(message);
      const call = pending.find((c) => c.id === result.tool_use_id && !c.answered);
      if (!call) continue;
      call.answered = true;
      results.push(result);
      continue;
    }
    if (message.role === 'assistant' && (message.stopReason === 'error' || message.stopReason === 'aborted')) continue;
    closeToolRun();
    if (message.role === 'user') {
      const converted = convertedUser(message);
      if (converted) out.push(converted);
    } else {
      const { converted, callIds } = convertedAssistant(message, targetModel);
      if (!converted) continue;
      out.push(converted);
      pending = callIds.map((id) => ({ id, answered: false }));
    }
  }
  closeToolRun();
  return out;
}

/*
 * Each message is converted once and the conversion reused by every later request: a branch of
 * 10 000 messages would otherwise be converted again for each one (as long as the SDK's own
 * JSON.stringify of the body). Session messages never change in place (an edit or a new reply is
 * a new object), and nothing changes a conversion: the cache breakpoints copy what they mark.
 */
const userCache = new WeakMap<UserMessage, AnthropicMessage | null>();
const replyCache = new WeakMap<AssistantMessage, { model: string; converted: AnthropicMessage | undefined; callIds: string[] }>();
const resultCache = new WeakMap<ToolResultMessage, ToolResultBlockParam>();

function convertedUser(message: UserMessage): AnthropicMessage | undefined {
  let converted = userCache.get(message);
  if (converted === undefined) {
    converted = userMessage(message) ?? null;
    userCache.set(message, converted);
  }
  return converted ?? undefined;
}

/** The reply for `targetModel` (thinking goes only to the model that wrote it) and the ids of its calls. */
function convertedAssistant(message: AssistantMessage, targetModel: string): { converted: AnthropicMessage | undefined; callIds: string[] } {
  const known = replyCache.get(message);
  if (known?.model === targetModel) return known;
  const fresh = { model: targetModel, converted: assistantMessage(message, targetModel), callIds: message.content.flatMap((b) => (b.type === 'toolCall' ? [toolUseId(b.id)] : [])) };
  replyCache.set(message, fresh);
  return fresh;
}

function convertedResult(message: ToolResultMessage): ToolResultBlockParam {
  let converted = resultCache.get(message);
  if (!converted) {
    converted = toolResult(message);
    resultCache.set(message, converted);
  }
  return converted;
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

/** A character other than white space (a test that stops at the first one, unlike trimming a copy of the whole text). */
const NOT_SPACE = /\S/;

function hasText(text: string | undefined): text is string {
  return typeof text === 'string' && NOT_SPACE.test(text);
}

/** Anthropic ids match ^[a-zA-Z0-9_-]{1,64}$; ids from other providers may not. */
export function toolUseId(id: string): string {
  return id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

/** ES2024's well-formedness methods (Node 20 and VS Code's runtime have them; the ES2022 lib does not declare them). */
type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

/** The text with each lone surrogate replaced by U+FFFD; the text itself when it has none (a native scan, no copy). */
export function wellFormed(text: string): string {
  const checked = text as WellFormedString;
  return checked.isWellFormed() ? text : checked.toWellFormed();
}
