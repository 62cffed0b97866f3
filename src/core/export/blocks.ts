/**
 * The branch as a list of blocks (one per conversation entry) that the Markdown and HTML
 * exporters render. Bookkeeping entries (labels, names, custom data, position markers) become
 * no block of their own: labels show on their target, the name in the title.
 */
import { previewJson } from '../util/jsonText';
import { textParts, type AgentMessage, type ImageContent, type SessionEntry, type SessionHeader, type SessionTree } from '../session';

export type Part =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string; lang?: string }
  | { kind: 'quote'; title: string; text: string }
  | { kind: 'note'; text: string };

/** What a block shows, so renderers can give summaries their own card. */
export type BlockKind = 'user' | 'assistant' | 'tool' | 'shell' | 'extension' | 'compaction' | 'branch-summary' | 'setting';

export interface Block {
  id: string;
  kind: BlockKind;
  heading: string;
  label: string | undefined;
  parts: Part[];
}

export interface BranchDocument {
  title: string;
  /** Key facts shown under the title (session id, cwd, position). */
  facts: [string, string][];
  blocks: Block[];
}

export function branchDocument(header: SessionHeader, tree: SessionTree, path: readonly SessionEntry[]): BranchDocument {
  const leaf = path[path.length - 1];
  const facts: [string, string][] = [
    ['session', header.id],
    ['cwd', String(header.cwd ?? '')],
    ['created', String(header.timestamp ?? '')],
    ['branch', leaf ? `${path.length} entries, up to ${leaf.id}` : 'empty'],
  ];
  const blocks: Block[] = [];
  for (const entry of path) {
    const parts = entryParts(entry);
    if (!parts) continue;
    blocks.push({ id: entry.id, kind: kindOf(entry), heading: headingOf(entry), label: tree.labelOf(entry.id)?.label, parts });
  }
  return { title: tree.sessionName ?? `Session ${header.id}`, facts, blocks };
}

function kindOf(entry: SessionEntry): BlockKind {
  switch (entry.type) {
    case 'message': {
      const role = (entry.message as AgentMessage).role;
      if (role === 'assistant') return 'assistant';
      if (role === 'toolResult') return 'tool';
      if (role === 'bashExecution') return 'shell';
      return role === 'user' ? 'user' : 'extension';
    }
    case 'custom_message':
      return 'extension';
    case 'compaction':
      return 'compaction';
    case 'branch_summary':
      return 'branch-summary';
    default:
      return 'setting';
  }
}

function headingOf(entry: SessionEntry): string {
  switch (entry.type) {
    case 'message': {
      const message = entry.message as AgentMessage;
      if (message.role === 'assistant') return `Assistant (${message.provider}/${message.model})`;
      if (message.role === 'toolResult') return `Tool result: ${message.toolName}${message.isError ? ' (error)' : ''}`;
      if (message.role === 'bashExecution') return 'Shell command';
      if (message.role === 'custom') return `Extension message: ${message.customType}`;
      return message.role === 'user' ? 'User' : String(message.role);
    }
    case 'custom_message':
      return `Extension message: ${String(entry.customType)}`;
    case 'compaction':
      return 'Compaction summary';
    case 'branch_summary':
      return 'Branch summary';
    case 'model_change':
      return 'Model change';
    case 'thinking_level_change':
      return 'Thinking level change';
    default:
      return entry.type;
  }
}

/** The parts of one entry; undefined for entries that get no block. */
function entryParts(entry: SessionEntry): Part[] | undefined {
  switch (entry.type) {
    case 'message':
      return messageParts(entry.message as AgentMessage);
    case 'custom_message':
      return contentParts(entry.content as never);
    case 'compaction':
      return [
        { kind: 'note', text: `${String(entry.tokensBefore)} tokens summarized; kept from entry ${String(entry.firstKeptEntryId)}` },
        { kind: 'text', text: String(entry.summary) },
      ];
    case 'branch_summary':
      return [
        { kind: 'note', text: 'Summary of a branch this conversation came back from' },
        { kind: 'text', text: String(entry.summary) },
      ];
    case 'model_change':
      return [{ kind: 'note', text: `Model: ${String(entry.provider)}/${String(entry.modelId)}` }];
    case 'thinking_level_change':
      return [{ kind: 'note', text: `Thinking level: ${String(entry.thinkingLevel)}` }];
    default:
      return undefined;
  }
}

function messageParts(message: AgentMessage | undefined): Part[] | undefined {
  if (!message) return undefined;
  switch (message.role) {
    case 'user':
    case 'custom':
      return contentParts(message.content);
    case 'assistant':
      return assistantParts(message);
    case 'toolResult':
      return [{ kind: 'code', text: textParts(message.content).join('\n') }, ...imageNotes(message.content)];
    case 'bashExecution': {
      const parts: Part[] = [{ kind: 'code', lang: 'sh', text: `$ ${message.command}\n${message.output}` }];
      if (message.cancelled) parts.push({ kind: 'note', text: 'cancelled' });
      else if (message.exitCode) parts.push({ kind: 'note', text: `exit code ${message.exitCode}` });
      if (message.excludeFromContext) parts.push({ kind: 'note', text: 'not sent to the model' });
      return parts;
    }
    default:
      return undefined;
  }
}

function assistantParts(message: Extract<AgentMessage, { role: 'assistant' }>): Part[] {
  const parts: Part[] = [];
  for (const block of message.content) {
    if (block.type === 'text') parts.push({ kind: 'text', text: block.text });
    else if (block.type === 'thinking' && block.thinking) parts.push({ kind: 'quote', title: 'Thinking', text: block.thinking });
    else if (block.type === 'toolCall') parts.push({ kind: 'code', lang: 'json', text: `${block.name} ${previewJson(block.arguments)}` });
  }
  if (message.stopReason === 'error' || message.stopReason === 'aborted') {
    parts.push({ kind: 'note', text: `${message.stopReason}${message.errorMessage ? `: ${message.errorMessage}` : ''}` });
  }
  return parts;
}

function contentParts(content: string | readonly (ImageContent | { type: string })[] | undefined): Part[] {
  return [{ kind: 'text', text: textParts(content as never).join('\n') }, ...imageNotes(content)];
}

/** Images are named, not embedded: the export stays small and holds no foreign data. */
function imageNotes(content: unknown): Part[] {
  if (!Array.isArray(content)) return [];
  return content
    .filter((block): block is ImageContent => block?.type === 'image')
    .map((image) => ({ kind: 'note', text: `image (${String(image.mimeType)}, ${Math.round(((image.data?.length ?? 0) * 3) / 4 / 1024)} KB) not included` }));
}
