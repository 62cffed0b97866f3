/**
 * The Anthropic Messages API wire format, as far as the fake server speaks it: response messages,
 * stream events and error bodies. Local types (not the SDK's) so the fake describes what goes on
 * the wire, independent of how a given SDK version models it.
 */
import type { Json } from '../../../src/core/session';

export type StopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

export interface TextBlock {
  type: 'text';
  text: string;
}
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}
export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: { [key: string]: Json };
}
export type ContentBlock = TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock;

export interface WireUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface WireMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason | null;
  stop_sequence: string | null;
  usage: WireUsage;
}

export type BlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'input_json_delta'; partial_json: string };

/** Every event the fake can put on a stream, tagged by the SSE event name it is sent under. */
export type StreamEvent =
  | { type: 'message_start'; message: WireMessage }
  | { type: 'content_block_start'; index: number; content_block: ContentBlock }
  | { type: 'content_block_delta'; index: number; delta: BlockDelta }
  | { type: 'content_block_stop'; index: number }
  | {
      type: 'message_delta';
      delta: { stop_reason: StopReason | null; stop_sequence: string | null };
      usage: { output_tokens: number };
    }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: { type: string; message: string } };

/** Anthropic's error types (`error.type` in the body). */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error'
  | 'overloaded_error';

export interface ErrorBody {
  type: 'error';
  error: { type: ErrorType; message: string };
  request_id: string;
}

/** The request body fields the fake reads; everything else is recorded as sent. */
export interface MessagesRequestBody {
  model?: string;
  max_tokens?: number;
  stream?: boolean;
  system?: Json;
  messages?: Json;
  tools?: Json;
  thinking?: Json;
  [key: string]: Json | undefined;
}
