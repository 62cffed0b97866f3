/** How entries and messages are named and quoted in the CLI's output. */
import { bashExecutionToText, textParts, type AgentMessage, type SessionEntry } from '../core/session';

/**
 * The text of a context message as `arbor context` shows it: text blocks joined with newlines
 * (thinking, tool calls and images left out), a bash run as the model sees it, a summary raw.
 */
export function contextMessageText(message: AgentMessage): string {
  switch (message.role) {
    case 'user':
    case 'assistant':
    case 'toolResult':
    case 'custom':
      return textParts(message.content).join('\n');
    case 'bashExecution':
      return bashExecutionToText(message);
    case 'branchSummary':
    case 'compactionSummary':
      return message.summary;
    default:
      return '';
  }
}

/** A one-line description of an entry for human-readable listings. */
export function entryPreview(entry: SessionEntry, width = 72): string {
  return clip(entrySummary(entry), width);
}

function entrySummary(entry: SessionEntry): string {
  switch (entry.type) {
    case 'message':
      return messageSummary(entry.message as AgentMessage);
    case 'model_change':
      return `${String(entry.provider)}/${String(entry.modelId)}`;
    case 'thinking_level_change':
      return String(entry.thinkingLevel);
    case 'compaction':
      return `kept from ${String(entry.firstKeptEntryId)}, ${String(entry.tokensBefore)} tokens before: ${String(entry.summary)}`;
    case 'branch_summary':
      return String(entry.summary);
    case 'custom':
      return String(entry.customType);
    case 'custom_message':
      return `${String(entry.customType)}: ${textParts(entry.content as never).join(' ')}`;
    case 'label':
      return typeof entry.label === 'string' && entry.label !== '' ? `${String(entry.targetId)} "${entry.label}"` : `${String(entry.targetId)} (cleared)`;
    case 'session_info':
      return typeof entry.name === 'string' && entry.name.trim() !== '' ? `"${entry.name.trim()}"` : '(name cleared)';
    default:
      return '';
  }
}

function messageSummary(message: AgentMessage | undefined): string {
  if (!message) return '';
  if (message.role === 'assistant') {
    const calls = message.content.filter((block) => block.type === 'toolCall').map((block) => `${block.name}(…)`);
    return [textParts(message.content).join(' '), ...calls].filter((part) => part !== '').join(' ');
  }
  if (message.role === 'bashExecution') return `$ ${message.command}`;
  if (message.role === 'toolResult') return `${message.toolName}: ${textParts(message.content).join(' ')}`;
  return contextMessageText(message);
}

/** One line, at most `width` characters (an ellipsis marks a cut). */
export function clip(text: string, width: number): string {
  // Only the head can be shown; don't scan a megabyte tool result to print 72 characters of it.
  const line = text.slice(0, width * 4 + 256).replace(/\s+/g, ' ').trim();
  return line.length <= width ? line : `${line.slice(0, width - 1)}…`;
}
