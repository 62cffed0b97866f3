/** Reading request bodies, which arrive as untyped JSON: objects, and a message's content as blocks. */
import type { Json } from '../../../src/core/session';

export type JsonObject = { [key: string]: Json };

export const isObject = (value: Json | undefined): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A message's (or tool result's) content as blocks: a string is one text block; undefined when it is neither. */
export function contentBlocks(holder: JsonObject): JsonObject[] | undefined {
  const content = holder['content'];
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return undefined;
  return content.filter(isObject);
}
