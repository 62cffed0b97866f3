/**
 * Reply builders for scripting the fake server. Every builder returns a `Reply`; `reply(...)`
 * merges several into one (blocks in order, later options win), so a test writes
 *
 *   server.script(text('Hello'));
 *   server.script(reply(thinking('Let me look', 'sig-1'), toolUse('read', { path: 'a.ts' })));
 *   server.script(reply(text('Half a rep'), resetAfter(4)));
 *   server.script(error(429, 'rate_limit_error', 'Slow down', { retryAfter: 1 }));
 *
 * The stop reason defaults to `tool_use` when the reply calls a tool and `end_turn` otherwise.
 */
import type { Json } from '../../../src/core/session';
import type { ContentBlock, ErrorType, StopReason } from './wire';
import type { RecordedRequest } from './recording';

/** Usage fields a test may pin; the rest are computed (see tokens.ts). */
export interface UsageOverrides {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

/** A tool_use block before the server gives it an id (when the test did not). */
export type ScriptedBlock = Exclude<ContentBlock, { type: 'tool_use' }> | (Omit<Extract<ContentBlock, { type: 'tool_use' }>, 'id'> & { id?: string });

export interface MessageReply {
  kind: 'message';
  blocks: ScriptedBlock[];
  stopReason?: StopReason;
  usage?: UsageOverrides;
  /** Characters per text/thinking delta and per piece of tool-input JSON. */
  chunkSize?: number;
  /** Wait before sending the response headers. */
  headerDelayMs?: number;
  /** Wait between stream events. */
  chunkDelayMs?: number;
  /** Send this many events, then destroy the socket (a connection reset mid-stream). */
  resetAfterEvents?: number;
  /** Send this many events, then an `error` event, then end the stream. */
  midStreamError?: { afterEvents: number; type: ErrorType; message: string };
  /** Streams only: send this many events, then wait until `until` settles before the rest. */
  hold?: { afterEvents: number; until: Promise<void> };
  /** Extra response headers, e.g. `anthropic-ratelimit-*`. */
  headers?: Record<string, string>;
}

export interface ErrorReply {
  kind: 'error';
  status: number;
  type: ErrorType;
  message: string;
  /** Seconds, sent as the `retry-after` header. */
  retryAfter?: number;
  headers?: Record<string, string>;
}

export type Reply = MessageReply | ErrorReply;

/** Computes the reply from the request, for tests that react to what was sent. */
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

const empty = (): MessageReply => ({ kind: 'message', blocks: [] });

/** Merges message replies: blocks concatenated in order, options of later parts win. */
export function reply(...parts: MessageReply[]): MessageReply {
  const merged = empty();
  for (const part of parts) {
    const { blocks, usage, headers, ...options } = part;
    Object.assign(merged, options);
    merged.blocks.push(...blocks);
    if (usage) merged.usage = { ...merged.usage, ...usage };
    if (headers) merged.headers = { ...merged.headers, ...headers };
  }
  return merged;
}

export function text(value: string): MessageReply {
  return { kind: 'message', blocks: [{ type: 'text', text: value }] };
}

export function thinking(value: string, signature: string): MessageReply {
  return { kind: 'message', blocks: [{ type: 'thinking', thinking: value, signature }] };
}

export function redactedThinking(data: string): MessageReply {
  return { kind: 'message', blocks: [{ type: 'redacted_thinking', data }] };
}

export function toolUse(name: string, input: { [key: string]: Json }, id?: string): MessageReply {
  return { kind: 'message', blocks: [{ type: 'tool_use', name, input, ...(id === undefined ? {} : { id }) }] };
}

export function stop(stopReason: StopReason): MessageReply {
  return { ...empty(), stopReason };
}

export function usage(overrides: UsageOverrides): MessageReply {
  return { ...empty(), usage: overrides };
}

export function headers(values: Record<string, string>): MessageReply {
  return { ...empty(), headers: values };
}

/** Rate-limit headers as the API sends them on every reply. */
export function rateLimitHeaders(remaining: { requests: number; tokens: number }, limit = { requests: 50, tokens: 40_000 }): MessageReply {
  const reset = '2026-01-01T00:01:00Z';
  return headers({
    'anthropic-ratelimit-requests-limit': String(limit.requests),
    'anthropic-ratelimit-requests-remaining': String(remaining.requests),
    'anthropic-ratelimit-requests-reset': reset,
    'anthropic-ratelimit-tokens-limit': String(limit.tokens),
    'anthropic-ratelimit-tokens-remaining': String(remaining.tokens),
    'anthropic-ratelimit-tokens-reset': reset,
  });
}

export function chunks(size: number): MessageReply {
  return { ...empty(), chunkSize: size };
}

export function slow(options: { chunkDelayMs?: number; headerDelayMs?: number }): MessageReply {
  return { ...empty(), ...options };
}

/**
 * Streams this many events, then holds the rest until `until` settles: a test that must see a reply
 * half-streamed looks at it, then lets it finish (no timing involved).
 */
export function holdAfter(events: number, until: Promise<void>): MessageReply {
  return { ...empty(), hold: { afterEvents: events, until } };
}

export function resetAfter(events: number): MessageReply {
  return { ...empty(), resetAfterEvents: events };
}

export function midStreamError(
  afterEvents: number,
  type: ErrorType = 'overloaded_error',
  message = 'Overloaded',
): MessageReply {
  return { ...empty(), midStreamError: { afterEvents, type, message } };
}

export function error(
  status: number,
  type: ErrorType,
  message: string,
  options: { retryAfter?: number; headers?: Record<string, string> } = {},
): ErrorReply {
  return { kind: 'error', status, type, message, ...options };
}

/** The 400 the API answers when the prompt exceeds the context window. */
export function overflow(tokens: number, max: number): ErrorReply {
  return error(400, 'invalid_request_error', `prompt is too long: ${tokens} tokens > ${max} maximum`);
}

export const rateLimited = (retryAfter = 1): ErrorReply =>
  error(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', { retryAfter });
export const overloaded = (): ErrorReply => error(529, 'overloaded_error', 'Overloaded');
export const serverError = (): ErrorReply => error(500, 'api_error', 'Internal server error');
