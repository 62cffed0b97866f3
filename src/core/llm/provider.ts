/**
 * The LLM provider port: one streamed model reply per request. The agent loop, the summarizer and
 * the tests only see this interface; the Anthropic adapter (`anthropic/`) implements it on
 * `@anthropic-ai/sdk`. Nothing here knows about HTTP, keys or SDK types.
 *
 * A stream always ends with exactly one `end` event whose `message` is the assistant message to
 * append (partial content kept, `stopReason` 'aborted' or 'error' when it did not finish). Retries
 * happen inside the provider; when a retry starts after content was already streamed, a `retry`
 * event tells the consumer to drop what it showed of the failed attempt.
 */
import type { AssistantMessage, Json, LlmMessage, Usage } from '../session';

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON schema of the arguments object. */
  inputSchema: { [key: string]: Json };
}

/** pi's thinking levels (pi 1.6 added `max`); 'off' sends no thinking parameter. */
export const THINKING_LEVELS = ['off', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

export interface LlmRequest {
  model: string;
  systemPrompt: string;
  messages: LlmMessage[];
  tools?: ToolSpec[];
  maxTokens: number;
  thinking?: ThinkingLevel;
  /**
   * False: no prompt-cache breakpoints. A summary request is sent once: a cache write would cost
   * more than plain input and nothing would ever read it.
   */
  promptCache?: boolean;
  signal?: AbortSignal;
}

export type LlmErrorReason =
  | 'context-overflow'
  | 'auth'
  | 'rate-limit'
  | 'overloaded'
  | 'server'
  | 'network'
  | 'invalid-request'
  | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly reason: LlmErrorReason,
    message: string,
    readonly details: {
      status?: number;
      retryAfterMs?: number;
      attempts?: number;
      /** Whether the provider's retry policy treats this failure as transient. */
      retryable?: boolean;
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmError';
  }
}

/** Content indices are the positions in the final message's `content` array. */
export type ProviderEvent =
  | { type: 'start'; model: string }
  | { type: 'text_delta'; index: number; delta: string }
  | { type: 'thinking_delta'; index: number; delta: string }
  | { type: 'tool_call_start'; index: number; id: string; name: string }
  /** A piece of the arguments' JSON text as it streams. */
  | { type: 'tool_call_delta'; index: number; delta: string }
  | { type: 'usage'; usage: Usage }
  /**
   * A retryable failure; the next attempt starts after `delayMs`. Drop the partial reply shown so
   * far. `attempt` is the number of the attempt about to start (2 for the first retry).
   */
  | { type: 'retry'; attempt: number; delayMs: number; error: LlmError }
  | { type: 'end'; message: AssistantMessage; error?: LlmError };

/** USD per million tokens, of each kind of token. */
export interface TokenPrices {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Prices for a request whose input (input, cache reads and cache writes) is over `inputTokensAbove` tokens. */
export interface PriceTier extends TokenPrices {
  inputTokensAbove: number;
}

/** A model's prices (pi-ai's `cost`): the base prices, and the tier of the largest size a request's input passes. */
export interface ModelPricing extends TokenPrices {
  tiers?: PriceTier[];
}

export interface ModelInfo {
  id: string;
  contextWindow: number;
  maxOutputTokens: number;
  pricing?: ModelPricing;
  supportsThinking: boolean;
  supportsImages: boolean;
  /** False when the provider does not know the model and the numbers above are defaults. */
  known?: boolean;
}

/**
 * The prices of the model a reply names (its `provider` and `model` as written on the message), as
 * the provider's model information gives them; undefined when that provider or model is unknown.
 */
export type ModelPrices = (provider: string, modelId: string) => ModelInfo['pricing'];

export interface LlmProvider {
  /** The `provider` written on assistant messages (e.g. 'anthropic'). */
  readonly provider: string;
  /** The `api` written on assistant messages (e.g. 'anthropic-messages'). */
  readonly api: string;
  stream(request: LlmRequest): AsyncIterable<ProviderEvent>;
  modelInfo(modelId: string): ModelInfo;
  /**
   * The body `stream` would send for this request, built by the same code (Show Context shows it);
   * absent: the provider cannot say, and the request itself is shown.
   */
  requestBody?(request: LlmRequest): object;
}
