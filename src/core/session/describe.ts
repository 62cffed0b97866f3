/** What an entry shows as in the editor's views: a tag for tree rows, its text, a detail line. */
import { systemMessageText } from './systemMessages';
import { messageText } from './text';
import { isKnownEntry, type AgentMessage, type SessionEntry } from './types';

/** How a conversation entry is rendered in the chat. */
export type EntryDisplayKind = 'user' | 'assistant' | 'toolResult' | 'bash' | 'custom' | 'compaction' | 'branchSummary';

export interface EntryText {
  /** What the chat renders it as; undefined for bookkeeping entries the chat does not show. */
  kind: EntryDisplayKind | undefined;
  /** A short tag for the tree row: "user", "assistant", "compaction", ... */
  tag: string;
  text: string;
  detail?: string;
}

export function describeEntry(entry: SessionEntry): EntryText {
  if (!isKnownEntry(entry)) return { kind: undefined, tag: entry.type, text: '' };
  switch (entry.type) {
    case 'message':
      return describeMessage(entry.message);
    case 'compaction':
      return { kind: 'compaction', tag: 'compaction', text: entry.summary, detail: `${entry.tokensBefore} tokens before` };
    case 'branch_summary':
      return { kind: 'branchSummary', tag: 'branch summary', text: entry.summary };
    case 'custom_message':
      return { kind: entry.display ? 'custom' : undefined, tag: entry.customType, text: messageText({ content: entry.content }, '\n') };
    case 'model_change':
      return { kind: undefined, tag: 'model', text: `${entry.provider}/${entry.modelId}` };
    case 'thinking_level_change':
      return { kind: undefined, tag: 'thinking', text: entry.thinkingLevel };
    case 'label':
      return { kind: undefined, tag: 'label', text: entry.label ? `${entry.label} → ${entry.targetId}` : `cleared on ${entry.targetId}` };
    case 'session_info':
      return { kind: undefined, tag: 'name', text: entry.name ?? '' };
    case 'custom':
      return { kind: undefined, tag: entry.customType, text: '' };
    case 'context_edit':
      // pi's tree shows an edit as what it does to its target.
      return { kind: undefined, tag: 'context edit', text: `${entry.replacement === null ? 'hides' : 'replaces'} ${entry.targetId}` };
    case 'usage':
      return { kind: undefined, tag: 'usage', text: `${entry.kind} ${entry.provider}/${entry.model}` };
  }
}

function describeMessage(message: AgentMessage): EntryText {
  switch (message.role) {
    case 'user':
      return { kind: 'user', tag: 'user', text: messageText(message, '\n') };
    case 'assistant': {
      const tools = message.content.filter((block) => block.type === 'toolCall').map((block) => block.name);
      const notes = [
        tools.length > 0 ? `tools: ${tools.join(', ')}` : undefined,
        message.stopReason === 'error' ? `error: ${message.errorMessage ?? 'no message'}` : undefined,
        message.stopReason === 'aborted' ? 'aborted' : undefined,
      ];
      const detail = notes.filter((note) => note !== undefined).join(' · ');
      const text = messageText(message, '\n');
      // Without text of its own, the notes are the text (and not repeated as the detail line).
      return { kind: 'assistant', tag: 'assistant', text: text || detail, ...(text && detail ? { detail } : {}) };
    }
    case 'toolResult':
      return { kind: 'toolResult', tag: `tool ${message.toolName}`, text: messageText(message, '\n'), ...(message.isError ? { detail: 'error' } : {}) };
    case 'bashExecution':
      return { kind: 'bash', tag: 'bash', text: `$ ${message.command}\n${message.output}` };
    case 'custom':
      return { kind: message.display ? 'custom' : undefined, tag: message.customType, text: messageText(message, '\n') };
    case 'branchSummary':
      return { kind: 'branchSummary', tag: 'branch summary', text: message.summary };
    case 'compactionSummary':
      return { kind: 'compaction', tag: 'compaction', text: message.summary };
    case 'system':
      // pi's record of its prompt and tools: listed in the tree, never rendered as chat.
      return { kind: undefined, tag: 'system', text: systemMessageText(message) };
    default:
      // A role from a newer or foreign writer: listed by its name, never rendered as chat.
      return { kind: undefined, tag: String((message as { role: string }).role), text: messageText(message as { content?: never }, '\n') };
  }
}

/** The first line of `text`, cut to `max` characters. */
export function firstLine(text: string, max = 80): string {
  const line = text.trimStart().split('\n', 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
