/** The searchable texts of an entry, each with what it is (for the result's kind). */
import { textParts, userText, type SessionEntry, type StoredMessage } from '../session';
import { stringifyJson } from '../util/jsonText';

export type SearchField = 'text' | 'thinking' | 'tool-call' | 'tool-result' | 'bash' | 'error' | 'summary' | 'label' | 'name' | 'custom';

export interface SearchableText {
  field: SearchField;
  text: string;
}

export function searchableTexts(entry: SessionEntry): SearchableText[] {
  switch (entry.type) {
    case 'message':
      return messageTexts(entry.message as StoredMessage | undefined);
    case 'custom_message':
      return texts('custom', textParts(entry.content as never).join('\n'));
    case 'compaction':
    case 'branch_summary':
      return texts('summary', entry.summary);
    case 'label':
      return texts('label', entry.label);
    case 'session_info':
      return texts('name', entry.name);
    default:
      return [];
  }
}

function messageTexts(message: StoredMessage | undefined): SearchableText[] {
  if (!message || typeof message !== 'object') return [];
  switch (message.role) {
    case 'user':
      // The words typed (and "· 1 file"), not the text of the files sent before them.
      return texts('text', userText(message.content as never));
    case 'custom':
      return texts('text', textParts(message.content as never).join('\n'));
    case 'toolResult':
      return texts('tool-result', textParts(message.content as never).join('\n'));
    case 'bashExecution':
      return texts('bash', `$ ${String(message.command)}\n${String(message.output)}`);
    case 'assistant': {
      const found: SearchableText[] = [];
      for (const block of Array.isArray(message.content) ? message.content : []) {
        if (block?.type === 'text') found.push(...texts('text', block.text));
        else if (block?.type === 'thinking') found.push(...texts('thinking', block.thinking));
        else if (block?.type === 'toolCall') found.push(...texts('tool-call', `${String(block.name)} ${stringifyJson(block.arguments ?? {})}`));
      }
      return [...found, ...texts('error', message.errorMessage)];
    }
    default:
      return [];
  }
}

function texts(field: SearchField, text: unknown): SearchableText[] {
  return typeof text === 'string' && text !== '' ? [{ field, text }] : [];
}
