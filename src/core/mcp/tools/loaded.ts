/**
 * Which deferred tools `tool_search` loaded on a branch, read back from the branch itself, so they
 * stay declared after a reload, a move in the tree or a fork, and a pi session's loaded tools stay
 * declared in Arbor: pi records a loaded tool in the system message of its next request (the tools
 * it declared, replayed in order), and both record the names in the `tool_search` result's
 * `details.loaded`.
 */
import { isKnownEntry, type AgentMessage, type MessageEntry, type SessionEntry } from '../../session';
import { currentSystemMessage } from '../../session/systemMessages';

export const TOOL_SEARCH_TOOL = 'tool_search';

function isMessageEntry(entry: SessionEntry): entry is MessageEntry {
  return entry.type === 'message' && isKnownEntry(entry);
}

/** The names of `tool_search` results' `details.loaded` and of the tools the branch's system messages declare. */
export function loadedToolNames(branch: readonly SessionEntry[]): string[] {
  const messages: AgentMessage[] = branch.filter(isMessageEntry).map((entry) => entry.message);
  const names: string[] = [];
  for (const tool of currentSystemMessage(messages)?.toolsAdded ?? []) names.push(tool.name);
  for (const message of messages) {
    if (message.role !== 'toolResult' || message.toolName !== TOOL_SEARCH_TOOL || message.isError) continue;
    const details = message.details;
    const loaded = details !== null && typeof details === 'object' && !Array.isArray(details) ? details.loaded : undefined;
    if (Array.isArray(loaded)) for (const name of loaded) if (typeof name === 'string') names.push(name);
  }
  return [...new Set(names)];
}
