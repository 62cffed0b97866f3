/**
 * pi 1.6's system messages: its record of the system prompt (named sections, plus free text) and
 * of the tools it declared, kept in the session as `message` entries of role `system`
 * (docs/session-format.md, "System messages"). The first holds everything; later ones patch it.
 * Replaying them in path order gives the prompt and tools in force, which is what a compaction's
 * `systemMessage` checkpoint holds.
 */
import { textParts } from './text';
import type { AgentMessage, SystemMessage, ToolDeclaration } from './types';

/**
 * The prompt and tools after every system message of `messages`, in order, as one message, or
 * undefined when there is none (and no tool). Free text accumulates (a later message never clears
 * it); sections are set or (null) removed by name, keeping their first position; tools are
 * removed, then added, by name. The timestamp is the first system message's.
 */
export function currentSystemMessage(messages: readonly AgentMessage[]): SystemMessage | undefined {
  const content: string[] = [];
  const sections = new Map<string, string>();
  const tools = new Map<string, ToolDeclaration>();
  let timestamp: number | undefined;
  for (const message of messages) {
    if (message.role !== 'system') continue;
    timestamp ??= message.timestamp;
    const text = textParts(message.content).join('\n');
    if (text.length > 0) content.push(text);
    for (const [name, value] of Object.entries(message.sections ?? {})) {
      if (value === null) sections.delete(name);
      else sections.set(name, value);
    }
    for (const tool of message.toolsRemoved ?? []) tools.delete(tool.name);
    for (const tool of message.toolsAdded ?? []) tools.set(tool.name, tool);
  }
  if (timestamp === undefined && tools.size === 0) return undefined;
  return {
    role: 'system',
    content: content.join('\n\n'),
    ...(sections.size > 0 ? { sections: Object.fromEntries(sections) } : {}),
    ...(tools.size > 0 ? { toolsAdded: [...tools.values()] } : {}),
    timestamp: timestamp ?? 0,
  };
}

/** A system message's text as one prompt: its free text, then each section, blank-line separated. */
export function systemMessageText(message: Pick<SystemMessage, 'content' | 'sections'>): string {
  const parts = [textParts(message.content).join('\n')];
  for (const value of Object.values(message.sections ?? {})) if (value !== null) parts.push(value);
  return parts.filter((part) => part.length > 0).join('\n\n');
}
