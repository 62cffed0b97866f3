/** How entries and messages are named and quoted in the CLI's output. */
import { bashExecutionToText, systemMessageText, textParts, userText, type AgentMessage, type SessionEntry } from '../core/session';

/**
 * The text of a context message as `arbor context` shows it: text blocks joined with newlines
 * (thinking, tool calls and images left out), a bash run as the model sees it, a summary raw, a
 * system message as its text then its sections.
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
    case 'system':
      // pi's record of its prompt: its text, then each section (as pi-ai renders a system message).
      return systemMessageText(message);
    default:
      return '';
  }
}

/** A one-line description of an entry for human-readable listings. */
export function entryPreview(entry: SessionEntry, width = 72): string {
  const line = new OneLine(width);
  describeEntry(entry, line);
  return line.toString();
}

/** The parts on one line, joined by single spaces, cut at `width` characters. */
export function clip(parts: string | readonly string[], width: number): string {
  const line = new OneLine(width);
  for (const part of typeof parts === 'string' ? [parts] : parts) line.add(part);
  return line.toString();
}

function describeEntry(entry: SessionEntry, line: OneLine): OneLine {
  switch (entry.type) {
    case 'message':
      return describeMessage(entry.message as AgentMessage | undefined, line);
    case 'model_change':
      return line.add(`${String(entry.provider)}/${String(entry.modelId)}`);
    case 'thinking_level_change':
      return line.add(String(entry.thinkingLevel));
    case 'compaction':
      return line.add(`kept from ${String(entry.firstKeptEntryId)}, ${String(entry.tokensBefore)} tokens before:`).add(String(entry.summary));
    case 'branch_summary':
      return line.add(String(entry.summary));
    case 'custom':
      return line.add(String(entry.customType));
    case 'custom_message':
      return line.add(`${String(entry.customType)}:`).addContent(entry.content);
    case 'label':
      return line.add(String(entry.targetId)).add(typeof entry.label === 'string' && entry.label !== '' ? `"${entry.label}"` : '(cleared)');
    case 'session_info':
      return line.add(typeof entry.name === 'string' && entry.name.trim() !== '' ? `"${entry.name.trim()}"` : '(name cleared)');
    default:
      return line;
  }
}

function describeMessage(message: AgentMessage | undefined, line: OneLine): OneLine {
  if (!message) return line;
  switch (message.role) {
    case 'user':
      // The words typed, not the file blocks sent before them.
      return line.add(userText(message.content));
    case 'assistant':
      line.addContent(message.content);
      for (const block of message.content) if (block.type === 'toolCall' && !line.full) line.add(`${block.name}(…)`);
      return line;
    case 'bashExecution':
      return line.add(`$ ${message.command}`);
    case 'toolResult':
      return line.add(`${message.toolName}:`).addContent(message.content);
    case 'branchSummary':
    case 'compactionSummary':
      return line.add(message.summary);
    default:
      return line.addContent(message.content);
  }
}

/**
 * Words collected onto one line — whitespace runs collapsed to one space — up to `width`
 * characters, then an ellipsis. Stops reading as soon as the line is full: a listing of a large
 * session must not scan every tool result in full to print 72 characters of each.
 */
class OneLine {
  private text = '';

  constructor(private readonly width: number) {}

  get full(): boolean {
    return this.text.length > this.width;
  }

  add(part: string): this {
    let i = skipSpaces(part, 0);
    while (i < part.length && !this.full) {
      // The longest stretch that needs no change (words and single spaces), but no more than fits.
      const separator = this.text === '' ? 0 : 1;
      const limit = Math.min(part.length, i + this.width + 1 - this.text.length - separator);
      const start = i;
      while (i < limit) {
        const code = part.charCodeAt(i);
        if (!isSpace(code)) i++;
        else if (code === 32 && i + 1 < limit && !isSpace(part.charCodeAt(i + 1))) i += 2;
        else break;
      }
      const segment = part.slice(start, Math.min(i, limit));
      this.text = separator === 0 ? segment : `${this.text} ${segment}`;
      i = skipSpaces(part, i);
    }
    return this;
  }

  /** The text blocks of message content (a string counts as one). */
  addContent(content: unknown): this {
    if (typeof content === 'string') return this.add(content);
    if (!Array.isArray(content)) return this;
    for (const block of content) if (block?.type === 'text' && typeof block.text === 'string' && !this.full) this.add(block.text);
    return this;
  }

  toString(): string {
    if (!this.full) return this.text;
    const code = this.text.charCodeAt(this.width - 2);
    // Never leave half of a surrogate pair before the ellipsis.
    const end = code >= 0xd800 && code <= 0xdbff ? this.width - 2 : this.width - 1;
    return `${this.text.slice(0, end).trimEnd()}…`;
  }
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function isSpace(code: number): boolean {
  return code <= 32 || code === 0xa0 || code === 0x2028 || code === 0x2029;
}
