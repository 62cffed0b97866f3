/**
 * An `LlmProvider` (the port, not an SDK) that answers from a script and records every request.
 * For the turn loop's logic; the tests against the real adapter use the fake Anthropic server.
 */
import type { LlmProvider, LlmRequest, ModelInfo, ProviderEvent } from '../../../../src/core/llm/provider';
import { LlmError } from '../../../../src/core/llm/provider';
import type { AssistantMessage, ToolCall, Usage } from '../../../../src/core/session';

export type Script = (request: LlmRequest, n: number) => AsyncIterable<ProviderEvent> | Iterable<ProviderEvent>;

export class ScriptedProvider implements LlmProvider {
  readonly provider = 'anthropic';
  readonly api = 'anthropic-messages';
  /** Requests as sent (messages deep-copied at send time). */
  readonly requests: Omit<LlmRequest, 'signal'>[] = [];
  private readonly scripts: Script[];

  constructor(
    scripts: Script[],
    private readonly info: Partial<ModelInfo> = {},
  ) {
    this.scripts = [...scripts];
  }

  async *stream(request: LlmRequest): AsyncIterable<ProviderEvent> {
    const { signal: _signal, ...rest } = request;
    this.requests.push(JSON.parse(JSON.stringify(rest)) as Omit<LlmRequest, 'signal'>);
    const script = this.scripts.shift();
    if (!script) throw new Error(`No script for request ${this.requests.length}`);
    yield* script(request, this.requests.length) as AsyncIterable<ProviderEvent>;
  }

  modelInfo(modelId: string): ModelInfo {
    return { id: modelId, contextWindow: 200000, maxOutputTokens: 8192, supportsThinking: true, supportsImages: true, ...this.info };
  }
}

export function replyUsage(input: number, output = 10): Usage {
  return { input, output, cacheRead: 0, cacheWrite: 0, totalTokens: input + output, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
}

function message(request: LlmRequest, content: AssistantMessage['content'], extra: Partial<AssistantMessage>): AssistantMessage {
  return {
    role: 'assistant',
    content,
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: request.model,
    usage: replyUsage(100),
    stopReason: content.some((block) => block.type === 'toolCall') ? 'toolUse' : 'stop',
    timestamp: 0,
    ...extra,
  };
}

/** A text reply streamed in the given pieces. */
export function text(pieces: string | string[], extra: Partial<AssistantMessage> = {}): Script {
  const parts = typeof pieces === 'string' ? [pieces] : pieces;
  return function* (request) {
    yield { type: 'start', model: request.model };
    for (const delta of parts) yield { type: 'text_delta', index: 0, delta };
    yield { type: 'end', message: message(request, [{ type: 'text', text: parts.join('') }], extra) };
  };
}

/** A reply that calls tools (optionally after some text). */
export function calls(toolCalls: ToolCall[], preface?: string, extra: Partial<AssistantMessage> = {}): Script {
  return function* (request) {
    yield { type: 'start', model: request.model };
    const content: AssistantMessage['content'] = [];
    if (preface) {
      yield { type: 'text_delta', index: 0, delta: preface };
      content.push({ type: 'text', text: preface });
    }
    for (const call of toolCalls) {
      const index = content.length;
      yield { type: 'tool_call_start', index, id: call.id, name: call.name };
      yield { type: 'tool_call_delta', index, delta: JSON.stringify(call.arguments) };
      content.push(call);
    }
    yield { type: 'end', message: message(request, content, extra) };
  };
}

/** A failed request (e.g. "prompt is too long"). */
export function failure(reason: LlmError['reason'], errorMessage: string): Script {
  return function* (request) {
    const error = new LlmError(reason, errorMessage, { status: 400 });
    yield { type: 'end', message: message(request, [], { stopReason: 'error', errorMessage, usage: replyUsage(0, 0) }), error };
  };
}

/** Streams `first`, then waits until the request is aborted, then ends as the adapter does. */
export function hangAfter(first: string, onWaiting?: () => void): Script {
  return async function* (request) {
    yield { type: 'start', model: request.model };
    yield { type: 'text_delta', index: 0, delta: first };
    onWaiting?.();
    await new Promise<void>((resolve) => {
      if (request.signal?.aborted) resolve();
      request.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    yield { type: 'end', message: message(request, [{ type: 'text', text: first }], { stopReason: 'aborted', errorMessage: 'Request was aborted' }) };
  };
}

export function call(name: string, args: ToolCall['arguments'], id: string): ToolCall {
  return { type: 'toolCall', id, name, arguments: args };
}

/** A script that says when its request is made (`asked`), then answers with `answer` once `release` is called. */
export function gated(answer: Script): { script: Script; asked: Promise<void>; release: () => void } {
  let asked!: () => void;
  let release!: () => void;
  const askedPromise = new Promise<void>((resolve) => (asked = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const script: Script = async function* (request, n) {
    asked();
    await gate;
    yield* answer(request, n) as AsyncIterable<ProviderEvent>;
  };
  return { script, asked: askedPromise, release };
}
