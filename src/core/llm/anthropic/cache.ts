/**
 * Prompt-caching breakpoints (`cache_control`). The API caches the request prefix up to each
 * marked block, and a later request reads the cache when its own breakpoint finds a written prefix
 * within 20 blocks behind it. The API allows four breakpoints; we use them as:
 *
 * 1. the system prompt: stable for the whole session;
 * 2. the last tool: the tool list is stable, and it precedes the messages;
 * 3. the last user message (in a tool loop, the tool results): writes the whole conversation so
 *    far, for the next request to read;
 * 4. the user message before it: that is exactly where the previous request wrote its cache, so
 *    this request reads it even when the last turn added more than 20 blocks (a reply with many
 *    tool calls and their results), which breakpoint 3's look-back alone would miss.
 *
 * `recentUserMessages: 1` keeps only breakpoint 3, which is what pi sends.
 */
import type { ContentBlockParam, TextBlockParam, Tool } from '@anthropic-ai/sdk/resources/messages/messages';
import type { AnthropicMessage } from './convert';

export interface PromptCacheOptions {
  /** Default true. */
  enabled?: boolean;
  /** How many of the last user messages get a breakpoint (default 2). */
  recentUserMessages?: 1 | 2;
}

const EPHEMERAL = { type: 'ephemeral' } as const;

export function systemBlocks(systemPrompt: string, cache: PromptCacheOptions): TextBlockParam[] | undefined {
  if (!systemPrompt) return undefined;
  return [{ type: 'text', text: systemPrompt, ...(cacheOn(cache) ? { cache_control: EPHEMERAL } : {}) }];
}

/** Marks the last tool (mutates the freshly built list). */
export function markTools(tools: Tool[], cache: PromptCacheOptions): void {
  const last = tools[tools.length - 1];
  if (last && cacheOn(cache)) last.cache_control = EPHEMERAL;
}

/**
 * Marks the last block of the last one or two user messages. The list is this request's own; the
 * messages in it are conversions later requests reuse, so a marked one is replaced by a marked copy.
 */
export function markRecentUserMessages(messages: AnthropicMessage[], cache: PromptCacheOptions): void {
  if (!cacheOn(cache)) return;
  let left = cache.recentUserMessages ?? 2;
  for (let i = messages.length - 1; i >= 0 && left > 0; i--) {
    const message = messages[i]!;
    if (message.role !== 'user') continue;
    const blocks: ContentBlockParam[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...message.content];
    const last = blocks[blocks.length - 1];
    if (last && isCacheable(last)) blocks[blocks.length - 1] = { ...last, cache_control: EPHEMERAL } as ContentBlockParam;
    messages[i] = { ...message, content: blocks };
    left--;
  }
}

function isCacheable(block: ContentBlockParam): block is ContentBlockParam & { cache_control?: unknown } {
  return block.type === 'text' || block.type === 'image' || block.type === 'tool_result';
}

function cacheOn(cache: PromptCacheOptions): boolean {
  return cache.enabled !== false;
}
