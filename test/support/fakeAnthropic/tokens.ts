/**
 * The fake server's token arithmetic. Input tokens are computed from the request itself so a test
 * can check token accounting end to end: the count is ceil(n / 4), where n is the length of
 * `JSON.stringify({ system, messages, tools })` (fields absent from the body are left out). The
 * same function answers `count_tokens` and fills `message_start` usage, so both always agree.
 * Output tokens are ceil(n / 4) of the reply's text, thinking and tool-input JSON.
 */
import type { ContentBlock, MessagesRequestBody } from './wire';

const CHARS_PER_TOKEN = 4;

export function countInputTokens(body: MessagesRequestBody): number {
  const counted = JSON.stringify({ system: body.system, messages: body.messages, tools: body.tools });
  return Math.ceil(counted.length / CHARS_PER_TOKEN);
}

export function countOutputTokens(content: readonly ContentBlock[]): number {
  let chars = 0;
  for (const block of content) {
    if (block.type === 'text') chars += block.text.length;
    else if (block.type === 'thinking') chars += block.thinking.length;
    else if (block.type === 'redacted_thinking') chars += block.data.length;
    else chars += JSON.stringify(block.input).length;
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}
