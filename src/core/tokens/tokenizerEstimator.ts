/**
 * A tokenizer-based estimate: gpt-tokenizer's o200k_base counts of what the model actually
 * receives (the converted bash text, the summary wrappers), plus small per-message framing.
 * Unlike pi's chars/4 it is not fooled by code, JSON or CJK text; the remaining gap to a given
 * provider's tokenizer is closed by `TokenCalibration`.
 *
 * The tokenizer's tables take a few hundred milliseconds to load, so they are imported only on
 * first use (`loadTokenizerEstimator`), never at activation or CLI start.
 *
 * Counts are cached per message object (WeakMap): recounting a context after one new message
 * tokenizes only that message. Messages must not be mutated after they were counted (count
 * streamed assistant messages once they are final).
 */
import {
  BRANCH_SUMMARY_PREFIX,
  BRANCH_SUMMARY_SUFFIX,
  COMPACTION_SUMMARY_PREFIX,
  COMPACTION_SUMMARY_SUFFIX,
  bashExecutionToText,
  type AgentMessage,
  type ImageContent,
  type TextContent,
} from '../session';
import type { TokenEstimator } from './estimator';
import { stringifyJson } from '../util/jsonText';

/** Role and separator tokens each message costs on the wire (a typical chat template's). */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Framing of a tool call or result block (ids, names, JSON wrapper). */
export const TOOL_BLOCK_OVERHEAD_TOKENS = 8;
/** A typical image after provider downscaling (about 1000×1000 px). Counted for user images too. */
export const IMAGE_TOKENS = 1200;

export type TextTokenCounter = (text: string) => number;

let tokenizerLoad: Promise<TextTokenCounter> | undefined;

/** gpt-tokenizer's o200k_base counter, imported on first call and shared afterwards. */
export function loadTextTokenizer(): Promise<TextTokenCounter> {
  tokenizerLoad ??= import('gpt-tokenizer/encoding/o200k_base').then((tokenizer) => {
    // Special-token strings in user content ("<|endoftext|>") are plain text here, not an error.
    const options = { disallowedSpecial: new Set<string>() };
    return boundedCounter((text: string) => (text === '' ? 0 : tokenizer.countTokens(text, options)));
  });
  return tokenizerLoad;
}

/** Longest stretch without whitespace counted in one piece. */
export const MAX_UNBROKEN_CHARS = 128;

/**
 * BPE's time grows with the square of a stretch the pre-tokenizer cannot split (80 000 `x`s take
 * half a minute; a file may hold a 16 MB line of them, or 100 000 brackets). Such a stretch is
 * counted in pieces of MAX_UNBROKEN_CHARS: linear time, and a token or so more per piece than a
 * whole count (well under 1 %, on text that has such stretches at all).
 */
export function boundedCounter(count: TextTokenCounter): TextTokenCounter {
  return (text) => {
    let total = 0;
    let start = 0;
    let run = 0;
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) <= 32) run = 0;
      else if (++run > MAX_UNBROKEN_CHARS) {
        total += count(text.slice(start, i));
        start = i;
        run = 1;
      }
    }
    return total + count(start === 0 ? text : text.slice(start));
  };
}

/** A fresh tokenizer estimator (with its own cache), loading the tokenizer if needed. */
export async function loadTokenizerEstimator(): Promise<TokenEstimator> {
  return createTokenizerEstimator(await loadTextTokenizer());
}

/** A tokenizer estimator over any text counter (tests pass a trivial one). */
export function createTokenizerEstimator(countText: TextTokenCounter, name = 'gpt-tokenizer'): TokenEstimator {
  const cache = new WeakMap<object, number>();
  return {
    name,
    estimate(message) {
      const cached = cache.get(message);
      if (cached !== undefined) return cached;
      const tokens = messageTokens(message, countText);
      cache.set(message, tokens);
      return tokens;
    },
    estimateText: countText,
  };
}

function messageTokens(message: AgentMessage, count: TextTokenCounter): number {
  switch (message.role) {
    case 'user':
    case 'custom':
      return MESSAGE_OVERHEAD_TOKENS + contentTokens(message.content, count);
    case 'toolResult':
      return MESSAGE_OVERHEAD_TOKENS + TOOL_BLOCK_OVERHEAD_TOKENS + contentTokens(message.content, count);
    case 'assistant': {
      let tokens = MESSAGE_OVERHEAD_TOKENS;
      for (const block of message.content) {
        if (block.type === 'text') tokens += count(block.text);
        else if (block.type === 'thinking') tokens += count(block.thinking);
        else if (block.type === 'toolCall') tokens += TOOL_BLOCK_OVERHEAD_TOKENS + count(block.name) + count(stringifyJson(block.arguments));
      }
      return tokens;
    }
    case 'bashExecution':
      // `!!cmd` output is never sent (pi still counts it).
      return message.excludeFromContext ? 0 : MESSAGE_OVERHEAD_TOKENS + count(bashExecutionToText(message));
    case 'branchSummary':
      return MESSAGE_OVERHEAD_TOKENS + count(BRANCH_SUMMARY_PREFIX + message.summary + BRANCH_SUMMARY_SUFFIX);
    case 'compactionSummary':
      return MESSAGE_OVERHEAD_TOKENS + count(COMPACTION_SUMMARY_PREFIX + message.summary + COMPACTION_SUMMARY_SUFFIX);
    default:
      return 0;
  }
}

function contentTokens(content: string | readonly (TextContent | ImageContent)[], count: TextTokenCounter): number {
  if (typeof content === 'string') return count(content);
  if (!Array.isArray(content)) return 0;
  let tokens = 0;
  for (const block of content) {
    if (block.type === 'text' && block.text) tokens += count(block.text);
    else if (block.type === 'image') tokens += IMAGE_TOKENS;
  }
  return tokens;
}
