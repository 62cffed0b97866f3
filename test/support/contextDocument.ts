/**
 * Reading Show Context's document back in tests, and comparing its messages with a request body
 * at the fake server. The next prompt moves the prompt-cache breakpoints (they mark the last user
 * messages) and a marked string becomes a text block: both are undone on each side before comparing.
 */
import { CONTEXT_SECTION } from '../../src/core/agent';

export interface ContextDocumentParts {
  system: string;
  tools: unknown;
  messages: unknown[];
  parameters: Record<string, unknown>;
}

/** The sections by their heading lines (the last of each: the JSON ones hold no line breaks of their own). */
export function readContextDocument(text: string): ContextDocumentParts {
  const at = (heading: string): number => text.lastIndexOf(`\n${heading}\n`);
  const system = at(CONTEXT_SECTION.system);
  const tools = at(CONTEXT_SECTION.tools);
  const messages = at(CONTEXT_SECTION.messages);
  const parameters = at(CONTEXT_SECTION.parameters);
  const section = (from: number, heading: string, to: number): string => text.slice(from + heading.length + 2, to).replace(/\n$/, '');
  return {
    system: section(system, CONTEXT_SECTION.system, tools),
    tools: JSON.parse(section(tools, CONTEXT_SECTION.tools, messages)),
    messages: JSON.parse(section(messages, CONTEXT_SECTION.messages, parameters)) as unknown[],
    parameters: JSON.parse(section(parameters, CONTEXT_SECTION.parameters, text.length)) as Record<string, unknown>,
  };
}

/** The messages without cache breakpoints, every string content as the one text block it stands for. */
export function withoutCacheMarks(messages: readonly unknown[]): unknown[] {
  return messages.map((message) => {
    const { role, content } = message as { role: string; content: unknown };
    const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : (content as Record<string, unknown>[]);
    return { role, content: blocks.map(({ cache_control: _cache, ...block }) => block) };
  });
}
