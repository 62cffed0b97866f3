/** Reading the text out of message content (string, or text/image blocks), and a prompt's content. */
import type { ImageContent, TextContent, ThinkingContent, ToolCall } from './types';

type Block = TextContent | ImageContent | ThinkingContent | ToolCall;

/** Content blocks as they come from files or API replies: only `type` is certain. */
type LooseBlock = Block | { type: string; text?: string };

/** The text blocks' texts (a string content counts as one block). */
export function textParts(content: string | readonly LooseBlock[] | undefined): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  const parts: string[] = [];
  for (const block of content) {
    if (block && block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
  }
  return parts;
}

/** The user message's content: pi's shape, the text then the images. */
export function promptContent(text: string, images: readonly ImageContent[]): (TextContent | ImageContent)[] {
  return [{ type: 'text', text }, ...images];
}

/** A message's text blocks joined with `separator` (none by default, as pi's editor text). */
export function messageText(message: { content?: string | readonly LooseBlock[] }, separator = ''): string {
  return textParts(message.content).join(separator);
}

/**
 * A session name on one line: line breaks become one space and the ends are trimmed, as pi 1.6
 * stores names. Applied when Arbor writes a name and when it reads one (an older writer's name
 * with line breaks still shows on one line).
 */
export function oneLineName(name: string): string {
  return name.replace(/[\r\n]+/g, ' ').trim();
}
