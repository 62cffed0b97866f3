/**
 * Turns a scripted reply into what goes on the wire: the assembled message (the non-streaming
 * response, and the sum of the stream) and the stream events in the order the API sends them.
 * Text and thinking are split into several deltas, tool input into several pieces of partial JSON
 * (starting with an empty piece, as the API does), and a thinking block's signature arrives in one
 * `signature_delta` after its thinking.
 */
import { countInputTokens, countOutputTokens } from './tokens';
import type { MessageReply } from './script';
import type { BlockDelta, ContentBlock, MessagesRequestBody, StreamEvent, WireMessage, WireUsage } from './wire';

export const DEFAULT_CHUNK_SIZE = 8;
const DEFAULT_MODEL = 'claude-sonnet-4-5';

export interface MessageIds {
  messageId: string;
  /** Called once per tool_use block the script left without an id. */
  toolUseId: () => string;
}

export function assembleMessage(reply: MessageReply, body: MessagesRequestBody | undefined, ids: MessageIds): WireMessage {
  const content: ContentBlock[] = reply.blocks.map((block) =>
    block.type === 'tool_use' ? { ...block, id: block.id ?? ids.toolUseId() } : block,
  );
  const stopReason = reply.stopReason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  return {
    id: ids.messageId,
    type: 'message',
    role: 'assistant',
    model: typeof body?.model === 'string' ? body.model : DEFAULT_MODEL,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: replyUsage(reply, body, content),
  };
}

/** The API counts cached prompt tokens apart from `input_tokens`, so scripted cache tokens come out of the computed total. */
function replyUsage(reply: MessageReply, body: MessagesRequestBody | undefined, content: ContentBlock[]): WireUsage {
  const pinned = reply.usage ?? {};
  const cacheRead = pinned.cache_read_input_tokens ?? 0;
  const cacheWrite = pinned.cache_creation_input_tokens ?? 0;
  const prompt = body ? countInputTokens(body) : 0;
  return {
    input_tokens: pinned.input_tokens ?? Math.max(0, prompt - cacheRead - cacheWrite),
    output_tokens: pinned.output_tokens ?? countOutputTokens(content),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
}

export function streamEvents(message: WireMessage, chunkSize = DEFAULT_CHUNK_SIZE): StreamEvent[] {
  const { usage } = message;
  const events: StreamEvent[] = [
    {
      type: 'message_start',
      // The API's first event already counts the first output token.
      message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: Math.min(1, usage.output_tokens) } },
    },
    { type: 'ping' },
  ];
  message.content.forEach((block, index) => {
    events.push({ type: 'content_block_start', index, content_block: emptyBlock(block) });
    for (const delta of blockDeltas(block, chunkSize)) events.push({ type: 'content_block_delta', index, delta });
    events.push({ type: 'content_block_stop', index });
  });
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence },
      usage: { output_tokens: usage.output_tokens },
    },
    { type: 'message_stop' },
  );
  return events;
}

function emptyBlock(block: ContentBlock): ContentBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'redacted_thinking':
      return block;
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  }
}

function blockDeltas(block: ContentBlock, size: number): BlockDelta[] {
  switch (block.type) {
    case 'text':
      return pieces(block.text, size).map((text) => ({ type: 'text_delta', text }));
    case 'thinking':
      return [
        ...pieces(block.thinking, size).map((thinking): BlockDelta => ({ type: 'thinking_delta', thinking })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'redacted_thinking':
      return [];
    case 'tool_use':
      return ['', ...pieces(JSON.stringify(block.input), size)].map((partial_json) => ({ type: 'input_json_delta', partial_json }));
  }
}

/** Splits by code points so no delta ends in half a surrogate pair. */
export function pieces(value: string, size: number): string[] {
  const points = Array.from(value);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}
