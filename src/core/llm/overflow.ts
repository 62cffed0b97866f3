/**
 * Is this assistant reply a context overflow (a request too large for the window)? Three kinds of evidence:
 *
 * - `error-message`: the request failed (`stopReason: 'error'`) with a provider's "too long" text
 *   that is not a rate-limit/throttling text;
 * - `silent`: the provider accepted an oversized request and answered (`stopReason: 'stop'`), but
 *   the reported input (`input + cacheRead`) is larger than the window;
 * - `length-truncated`: the provider cut the input to the window and had no room left to answer
 *   (`stopReason: 'length'`, `output === 0`, `input + cacheRead ≥ 99%` of the window).
 *
 * The two usage-based kinds need a known window (> 0). Same verdicts as pi-ai 0.73.1's
 * `isContextOverflow` (the unit tests run both on one table).
 */
import type { AssistantMessage } from '../session';

export type OverflowEvidence = 'error-message' | 'silent' | 'length-truncated';

/** What the check reads from an assistant message. */
export type OverflowCheckable = Pick<AssistantMessage, 'stopReason' | 'errorMessage' | 'usage'>;

interface Phrase {
  /** Who sends it, and an example of the full text. */
  source: string;
  /** A plain phrase is matched case-insensitively anywhere in the error text. */
  match: string | RegExp;
}

/** Error texts that mean "the request does not fit the model's context". */
export const CONTEXT_OVERFLOW_PHRASES: readonly Phrase[] = [
  { source: 'Anthropic, token count: "prompt is too long: 213462 tokens > 200000 maximum"', match: 'prompt is too long' },
  { source: 'Anthropic, HTTP 413 byte size: {"type":"request_too_large","message":"Request exceeds the maximum size"}', match: 'request_too_large' },
  { source: 'Amazon Bedrock: "Input is too long for requested model"', match: 'input is too long for requested model' },
  { source: 'OpenAI Chat Completions and Responses: "Your input exceeds the context window of this model"', match: 'exceeds the context window' },
  { source: 'Google Gemini: "The input token count (1196265) exceeds the maximum number of tokens allowed (1048575)"', match: /input token count.*exceeds the maximum/i },
  { source: 'xAI Grok: "This model\'s maximum prompt length is 131072 but the request contains 537812 tokens"', match: /maximum prompt length is \d/i },
  { source: 'Groq: "Please reduce the length of the messages or completion"', match: 'reduce the length of the messages' },
  { source: 'OpenRouter (any backend), OpenAI-compatible servers: "This endpoint\'s maximum context length is 200000 tokens. However, you requested about 250000 tokens"', match: /maximum context length is \d+ tokens/i },
  { source: 'GitHub Copilot: "prompt token count of 140000 exceeds the limit of 128000"', match: /exceeds the limit of \d/i },
  { source: 'llama.cpp server: "the request exceeds the available context size, try increasing it"', match: 'exceeds the available context size' },
  { source: 'LM Studio: "tokens to keep from the initial prompt is greater than the context length"', match: 'greater than the context length' },
  { source: 'MiniMax: "invalid params, context window exceeds limit"', match: 'context window exceeds limit' },
  { source: 'Kimi For Coding: "Your request exceeded model token limit: 262144 (requested: 300000)"', match: 'exceeded model token limit' },
  { source: 'Mistral: "Prompt contains 140000 tokens … too large for model with 131072 maximum context length"', match: /too large for model with \d+ maximum context length/i },
  { source: 'z.ai: its non-standard finish reason surfaced as the error text', match: 'model_context_window_exceeded' },
  { source: 'Ollama: "prompt too long; exceeded max context length by 1200 tokens"', match: /prompt too long; exceeded (max )?context length/i },
  { source: 'OpenAI error code and generic wording: "context_length_exceeded", "context length exceeded"', match: /context[ _]length[ _]exceeded/i },
  { source: 'generic wording of several providers', match: 'too many tokens' },
  { source: 'generic wording of several providers', match: 'token limit exceeded' },
  { source: 'Cerebras: oversized requests fail with an empty body: "400 status code (no body)", "413 (no body)"', match: /^4(00|13)\s*(status code)?\s*\(no body\)/i },
];

/**
 * Error texts that are never an overflow, even when they contain an overflow phrase (Bedrock
 * throttling says "ThrottlingException: Too many tokens, please wait before trying again").
 */
export const NOT_OVERFLOW_PHRASES: readonly Phrase[] = [
  { source: 'Amazon Bedrock, as pi-ai formats its throttling and availability errors: "Throttling error: …", "Service unavailable: …"', match: /^(throttling error|service unavailable):/i },
  { source: 'rate limiting, any provider: "rate limit exceeded", "Rate limit reached for requests"', match: 'rate limit' },
  { source: 'HTTP 429 wording, any provider: "Too many requests"', match: 'too many requests' },
];

/** Share of the window that a `length` stop with no output must have filled. */
const TRUNCATED_INPUT_SHARE = 0.99;

/** Which kind of overflow the message shows, or undefined when it is none. */
export function contextOverflowEvidence(message: OverflowCheckable, contextWindow?: number): OverflowEvidence | undefined {
  if (message.stopReason === 'error' && message.errorMessage && isOverflowText(message.errorMessage)) return 'error-message';
  if (!(contextWindow !== undefined && contextWindow > 0)) return undefined;
  const input = message.usage.input + message.usage.cacheRead;
  if (message.stopReason === 'stop' && input > contextWindow) return 'silent';
  if (message.stopReason === 'length' && message.usage.output === 0 && input >= contextWindow * TRUNCATED_INPUT_SHARE) return 'length-truncated';
  return undefined;
}

/** True when the message shows a context overflow (pi-ai's `isContextOverflow`, same verdicts). */
export function isContextOverflow(message: OverflowCheckable, contextWindow?: number): boolean {
  return contextOverflowEvidence(message, contextWindow) !== undefined;
}

/** An error text that names an overflow and is not a rate-limit text. */
export function isOverflowText(errorMessage: string): boolean {
  return !matchesAny(errorMessage, NOT_OVERFLOW_PHRASES) && matchesAny(errorMessage, CONTEXT_OVERFLOW_PHRASES);
}

function matchesAny(text: string, phrases: readonly Phrase[]): boolean {
  const lower = text.toLowerCase();
  return phrases.some(({ match }) => (typeof match === 'string' ? lower.includes(match) : match.test(text)));
}
