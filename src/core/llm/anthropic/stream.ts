/**
 * Assembles one reply from the API's stream events, and says what to tell the consumer about each
 * event. Content positions in our message are not the API's block indices (server-side blocks are
 * skipped), so deltas carry our positions. Tool input arrives as JSON text in pieces; it is parsed
 * when its block stops (a block cut off by an abort keeps what parses, else `{}`).
 */
import type { RawMessageStreamEvent, StopReason as WireStopReason } from '@anthropic-ai/sdk/resources/messages/messages';
import type { AssistantMessage, Json, StopReason, Usage } from '../../session';
import type { ModelInfo, ProviderEvent } from '../provider';
import { API, PROVIDER } from './convert';
import { applyWireUsage, emptyUsage } from './usage';
import { stringifyJson } from '../../util/jsonText';

/** What a redacted thinking block shows; its encrypted data rides in `thinkingSignature`. */
export const REDACTED_THINKING_TEXT = '(thinking redacted by the provider)';

type Content = AssistantMessage['content'][number];

export interface StopOutcome {
  stopReason: StopReason;
  /** Set when the API's stop reason is itself a failure (a refusal, an unknown reason). */
  errorMessage?: string;
}

export class ReplyAssembler {
  readonly content: Content[] = [];
  usage: Usage = emptyUsage();
  responseId: string | undefined;
  responseModel: string | undefined;
  wireStopReason: WireStopReason | string | undefined;
  /** The API sent `message_stop`: the reply is whole. */
  complete = false;
  /** API block index → our content position, and the tool input JSON gathered so far. */
  private readonly blocks = new Map<number, { position: number; json?: string }>();

  constructor(private readonly pricing: ModelInfo['pricing']) {}

  /** Applies one event; returns the events for the consumer. */
  apply(event: RawMessageStreamEvent): ProviderEvent[] {
    switch (event.type) {
      case 'message_start':
        this.responseId = event.message.id;
        this.responseModel = event.message.model;
        this.usage = applyWireUsage(this.usage, event.message.usage, this.pricing);
        return [{ type: 'usage', usage: this.usage }];
      case 'content_block_start':
        return this.startBlock(event.index, event.content_block);
      case 'content_block_delta':
        return this.delta(event.index, event.delta);
      case 'content_block_stop':
        this.finishBlock(event.index);
        return [];
      case 'message_delta':
        if (event.delta.stop_reason) this.wireStopReason = event.delta.stop_reason;
        this.usage = applyWireUsage(this.usage, event.usage, this.pricing);
        return [{ type: 'usage', usage: this.usage }];
      case 'message_stop':
        this.complete = true;
        return [];
      default:
        return [];
    }
  }

  private startBlock(index: number, block: Extract<RawMessageStreamEvent, { type: 'content_block_start' }>['content_block']): ProviderEvent[] {
    const position = this.content.length;
    switch (block.type) {
      case 'text':
        this.content.push({ type: 'text', text: '' });
        this.blocks.set(index, { position });
        return block.text ? this.delta(index, { type: 'text_delta', text: block.text }) : [];
      case 'thinking':
        this.content.push({ type: 'thinking', thinking: '', thinkingSignature: block.signature ?? '' });
        this.blocks.set(index, { position });
        return block.thinking ? this.delta(index, { type: 'thinking_delta', thinking: block.thinking }) : [];
      case 'redacted_thinking':
        this.content.push({ type: 'thinking', thinking: REDACTED_THINKING_TEXT, thinkingSignature: block.data, redacted: true });
        this.blocks.set(index, { position });
        return [{ type: 'thinking_delta', index: position, delta: REDACTED_THINKING_TEXT }];
      case 'tool_use': {
        const input = isObject(block.input) && Object.keys(block.input).length > 0 ? stringifyJson(block.input) : '';
        this.content.push({ type: 'toolCall', id: block.id, name: block.name, arguments: {} });
        this.blocks.set(index, { position, json: input });
        return [{ type: 'tool_call_start', index: position, id: block.id, name: block.name }];
      }
      default:
        return [];
    }
  }

  private delta(index: number, delta: Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>['delta']): ProviderEvent[] {
    const entry = this.blocks.get(index);
    const block = entry && this.content[entry.position];
    if (!entry || !block) return [];
    if (delta.type === 'text_delta' && block.type === 'text') {
      block.text += delta.text;
      return [{ type: 'text_delta', index: entry.position, delta: delta.text }];
    }
    if (delta.type === 'thinking_delta' && block.type === 'thinking') {
      block.thinking += delta.thinking;
      return [{ type: 'thinking_delta', index: entry.position, delta: delta.thinking }];
    }
    if (delta.type === 'signature_delta' && block.type === 'thinking') {
      block.thinkingSignature = (block.thinkingSignature ?? '') + delta.signature;
      return [];
    }
    if (delta.type === 'input_json_delta' && block.type === 'toolCall') {
      entry.json = (entry.json ?? '') + delta.partial_json;
      // The API opens every tool input with an empty piece: nothing to tell.
      return delta.partial_json ? [{ type: 'tool_call_delta', index: entry.position, delta: delta.partial_json }] : [];
    }
    return [];
  }

  private finishBlock(index: number): void {
    const entry = this.blocks.get(index);
    const block = entry && this.content[entry.position];
    if (entry && block?.type === 'toolCall') {
      block.arguments = parseArguments(entry.json ?? '');
      delete entry.json;
    }
  }

  /** Parses tool inputs left open (the stream stopped inside them). */
  private finishOpenBlocks(): void {
    for (const [index, entry] of this.blocks) if (entry.json !== undefined) this.finishBlock(index);
  }

  /** The message to append. `failure` set: the reply did not finish (aborted or failed). */
  message(base: { model: string; timestamp: number }, failure?: { stopReason: 'aborted' | 'error'; errorMessage: string }): AssistantMessage {
    this.finishOpenBlocks();
    const outcome: StopOutcome = failure ?? mapStopReason(this.wireStopReason);
    const message: AssistantMessage = {
      role: 'assistant',
      content: this.content,
      api: API,
      provider: PROVIDER,
      model: base.model,
      usage: this.usage,
      stopReason: outcome.stopReason,
      timestamp: base.timestamp,
    };
    if (this.responseModel && this.responseModel !== base.model) message.responseModel = this.responseModel;
    if (this.responseId) message.responseId = this.responseId;
    if (outcome.errorMessage) message.errorMessage = outcome.errorMessage;
    return message;
  }
}

/**
 * end_turn, stop_sequence and pause_turn (the server paused a long turn; sending the context
 * again continues it) → 'stop'; max_tokens and model_context_window_exceeded (the window cut the
 * answer) → 'length'; tool_use → 'toolUse'; refusal → 'error' with a message.
 */
export function mapStopReason(reason: string | undefined): StopOutcome {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return { stopReason: 'stop' };
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return { stopReason: 'length' };
    case 'tool_use':
      return { stopReason: 'toolUse' };
    case 'refusal':
      return { stopReason: 'error', errorMessage: 'The model declined to continue (refusal)' };
    case undefined:
      return { stopReason: 'error', errorMessage: 'The reply ended without a stop reason' };
    default:
      return { stopReason: 'error', errorMessage: `The reply ended with an unknown stop reason: ${reason}` };
  }
}

function parseArguments(json: string): { [key: string]: Json } {
  if (!json.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return isObject(parsed) ? (parsed as { [key: string]: Json }) : {};
  } catch {
    return {};
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
