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
 * The two usage-based kinds need a known window (> 0). Same verdicts as pi-ai 1.6.0's
 * `isContextOverflow` (the unit tests run both on one table), plus one of Arbor's own: the words
 * Arbor records for a request the API refused as too long (see `ARBOR_OVERFLOW_WORDS`).
 */
import type { AssistantMessage } from '../session';

export type OverflowEvidence = 'error-message' | 'silent' | 'length-truncated';

/** What the check reads from an assistant message (the provider only for a rule of one provider's). */
export type OverflowCheckable = Pick<AssistantMessage, 'stopReason' | 'errorMessage' | 'usage'> & Partial<Pick<AssistantMessage, 'provider'>>;

interface Phrase {
  /** Who sends it, and an example of the full text. */
  source: string;
  /** A plain phrase is matched case-insensitively anywhere in the error text. */
  match: string | RegExp;
}

/**
 * The words Arbor records for a request the API refused as too long (the Anthropic adapter's
 * `context-overflow` error: "The conversation is too long for the model (413): …"). Every other
 * phrase is a provider's; this one lets a refusal whose body names no overflow (a bare 413) be
 * recovered from like the others.
 */
export const ARBOR_OVERFLOW_WORDS = 'The conversation is too long for the model';

/** Error texts that mean "the request does not fit the model's context". */
export const CONTEXT_OVERFLOW_PHRASES: readonly Phrase[] = [
  { source: 'Anthropic, token count: "prompt is too long: 213462 tokens > 200000 maximum"; z.ai: "Prompt too long"', match: /prompt (is )?too long/i },
  { source: 'z.ai, its CN endpoint: "Prompt exceeds max length"', match: 'prompt exceeds max length' },
  { source: 'Anthropic, HTTP 413 byte size: {"type":"request_too_large","message":"Request exceeds the maximum size"}', match: 'request_too_large' },
  { source: 'Amazon Bedrock: "Input is too long for requested model"', match: 'input is too long for requested model' },
  { source: 'OpenAI Chat Completions and Responses: "Your input exceeds the context window of this model"', match: 'exceeds the context window' },
  {
    source: 'OpenAI-compatible proxies (LiteLLM): "Requested token count exceeds the model\'s maximum context length of 131072 tokens", "Input length (265330) exceeds model\'s maximum context length (262144)"',
    match: /exceeds (the )?(model'?s )?maximum context length( of [\d,]+ tokens?|\s*\([\d,]+\))/i,
  },
  { source: 'LiteLLM, its own check before the call: "ContextWindowExceededError: … Context Window exceeded for given call"', match: 'context window exceeded' },
  { source: 'Google Gemini: "The input token count (1196265) exceeds the maximum number of tokens allowed (1048575)"', match: /input token count.*exceeds the maximum/i },
  { source: 'xAI Grok: "This model\'s maximum prompt length is 131072 but the request contains 537812 tokens"', match: /maximum prompt length is \d/i },
  { source: 'Groq: "Please reduce the length of the messages or completion"', match: 'reduce the length of the messages' },
  { source: 'OpenRouter (most backends), OpenAI-compatible servers: "This endpoint\'s maximum context length is 200000 tokens. However, you requested about 250000 tokens"', match: /maximum context length is \d+ tokens/i },
  { source: 'OpenRouter with Poolside: "Input length 300000 exceeds the maximum allowed input length of 262144 tokens."', match: /exceeds (the )?maximum allowed input length of [\d,]+ tokens?/i },
  { source: 'Together AI: "The input (300000 tokens) is longer than the model\'s context length (262144 tokens)."', match: /input \(\d+ tokens\) is longer than the model'?s context length \(\d+ tokens\)/i },
  { source: 'GitHub Copilot: "prompt token count of 140000 exceeds the limit of 128000"', match: /exceeds the limit of \d/i },
  { source: 'llama.cpp server: "the request exceeds the available context size, try increasing it"', match: 'exceeds the available context size' },
  { source: 'LM Studio: "tokens to keep from the initial prompt is greater than the context length"', match: 'greater than the context length' },
  { source: 'MiniMax: "invalid params, context window exceeds limit"', match: 'context window exceeds limit' },
  { source: 'Kimi For Coding: "Your request exceeded model token limit: 262144 (requested: 300000)"', match: 'exceeded model token limit' },
  { source: 'Mistral: "Prompt contains 140000 tokens … too large for model with 131072 maximum context length"', match: /too large for model with \d+ maximum context length/i },
  { source: 'DS4 server: "Prompt has 300000 tokens, but the configured context size is 262144 tokens"', match: /prompt has [\d,]+ tokens?, but the configured context size is [\d,]+ tokens?/i },
  { source: 'z.ai: its non-standard finish reason surfaced as the error text', match: 'model_context_window_exceeded' },
  { source: 'Ollama: "prompt too long; exceeded max context length by 1200 tokens"', match: /prompt too long; exceeded (max )?context length/i },
  { source: 'DashScope / Qwen (HTTP 400 invalid_parameter_error): "Range of input length should be [1, 258048]"', match: 'range of input length should be' },
  { source: 'OpenAI error code and generic wording: "context_length_exceeded", "context length exceeded"', match: /context[ _]length[ _]exceeded/i },
  { source: 'generic wording of several providers', match: 'too many tokens' },
  { source: 'generic wording of several providers', match: 'token limit exceeded' },
  {
    source: 'HTTP 413, any provider and any body, as the SDK words it ("413 status code (no body)", "413 {…}") or as pi-ai formats it ("github-copilot API error (413): …"); a 413 named later in the text does not count',
    match: /^([\w -]+ API error \(413\):|413(\s|:|$))/i,
  },
  { source: "Arbor's own words for a request the API refused as too long", match: new RegExp(`^${ARBOR_OVERFLOW_WORDS} \\(`) },
];

/**
 * Cerebras answers an oversized request with an empty 400 or 413: "400 status code (no body)".
 * Only from Cerebras is that an overflow (from Anthropic a bare 400 is some other refusal).
 */
const CEREBRAS_BODYLESS = /^4(00|13)\s*(status code)?\s*\(no body\)/i;

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
  if (message.stopReason === 'error' && message.errorMessage && isOverflowError(message.errorMessage, message.provider)) return 'error-message';
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

/**
 * A reply cut at the output limit (`length`) with less output than the limit the request asked for
 * (`desiredMaxOutput`, before any cut the window made): the window or the provider cut it, not its
 * own length, so compacting and asking again can help (pi-ai 1.6.0's `isRecoverableLength`, same
 * verdicts). Without a limit (undefined, 0) it never is.
 */
export function isRecoverableLength(message: Pick<AssistantMessage, 'stopReason' | 'usage'>, desiredMaxOutput: number | undefined): boolean {
  return message.stopReason === 'length' && desiredMaxOutput !== undefined && desiredMaxOutput > 0 && message.usage.output < desiredMaxOutput;
}

/** An error text that names an overflow and is not a rate-limit text (any provider's rules but Cerebras's). */
export function isOverflowText(errorMessage: string): boolean {
  return isOverflowError(errorMessage, undefined);
}

function isOverflowError(errorMessage: string, provider: string | undefined): boolean {
  if (matchesAny(errorMessage, NOT_OVERFLOW_PHRASES)) return false;
  return matchesAny(errorMessage, CONTEXT_OVERFLOW_PHRASES) || (provider === 'cerebras' && CEREBRAS_BODYLESS.test(errorMessage));
}

function matchesAny(text: string, phrases: readonly Phrase[]): boolean {
  const lower = text.toLowerCase();
  return phrases.some(({ match }) => (typeof match === 'string' ? lower.includes(match) : match.test(text)));
}
