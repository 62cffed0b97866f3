/**
 * What a Session Tree row shows (issue 11): a label with the entry's tag and the first line of its
 * text, a description with the position marker, the entry's label and a compaction's numbers, a
 * codicon name, the context value the manifest's menus match on, and the tooltip text. The glue
 * only maps this onto a TreeItem.
 */
import { formatTokens } from '../tokens/meterText';
import { itemUpdate, shownText } from '../chat/buildItems';
import { summarizeArgs } from '../chat/toolSummary';
import { localDateTime } from '../util/localTime';
import { describeEntry, firstLine, isKnownEntry, messageRole, type SessionEntry, type ToolCall } from '../session';

/** One row of the view, as core's display tree gives it. */
export interface RowInput {
  entry: SessionEntry;
  label: string | undefined;
  onActivePath: boolean;
  /** The row that marks the position (the position itself, or its nearest shown ancestor). */
  isCurrent: boolean;
  /** For a tool result: the call it answers (`toolCallFor`), which says more than the output's first line. */
  call?: ToolCall;
  /** When the label was set (the label entry's timestamp), for the tooltip. */
  labeledAt?: string;
}

export interface RowView {
  label: string;
  description: string | undefined;
  /** A codicon name. */
  icon: string;
  /** Words the manifest's `viewItem =~ /\bword\b/` clauses match. */
  contextValue: string;
  /** Plain text for the tooltip (the glue escapes it into Markdown). */
  tooltip: string;
}

export const CURRENT_MARK = '● current';

/** Past this, a tooltip shows the start of the text (a row's tooltip travels with the row, and a file may hold a 100 MB message). */
export const MAX_TOOLTIP_CHARS = 4000;

const MESSAGE_KINDS: Record<string, string> = {
  user: 'user',
  assistant: 'assistant',
  toolResult: 'toolResult',
  bashExecution: 'bash',
  custom: 'customMessage',
  branchSummary: 'branchSummary',
  compactionSummary: 'compaction',
};

const ENTRY_KINDS: Record<string, string> = {
  compaction: 'compaction',
  branch_summary: 'branchSummary',
  custom_message: 'customMessage',
  model_change: 'modelChange',
  thinking_level_change: 'thinkingLevel',
  label: 'label',
  session_info: 'sessionInfo',
  custom: 'custom',
};

const ICONS: Record<string, string> = {
  user: 'account',
  assistant: 'sparkle',
  toolResult: 'tools',
  bash: 'terminal',
  customMessage: 'note',
  compaction: 'fold',
  branchSummary: 'git-merge',
  modelChange: 'hubot',
  thinkingLevel: 'lightbulb',
  label: 'tag',
  sessionInfo: 'info',
  custom: 'symbol-misc',
};

/** One word for what an entry is: `user`, `assistant`, `toolResult`, `compaction`, `branchSummary`, `label`, ... */
export function rowKind(entry: SessionEntry): string {
  if (entry.type === 'message') return MESSAGE_KINDS[messageRole(entry) ?? ''] ?? 'message';
  return isKnownEntry(entry) ? (ENTRY_KINDS[entry.type] ?? 'unknown') : 'unknown';
}

export function presentRow(row: RowInput): RowView {
  const { tag, text, detail } = describeEntry(row.entry);
  const kind = rowKind(row.entry);
  // A tool result reads as its call, as the chat's card title does ("tool read: src/a.ts"); its
  // output stays in the tooltip.
  const summary = firstLine(row.call && kind === 'toolResult' ? summarizeArgs(row.call.name, row.call.arguments) || text : text);
  const stats = compactionStats(row.entry);
  const words = ['entry', kind, row.onActivePath ? 'onPath' : '', row.isCurrent ? 'current' : '', row.label !== undefined ? 'labeled' : ''];
  return {
    label: summary ? `${tag}: ${summary}` : tag,
    description: [row.isCurrent ? CURRENT_MARK : undefined, row.label, stats].filter((part) => part !== undefined).join(' · ') || undefined,
    icon: ICONS[kind] ?? 'circle-small',
    contextValue: words.filter((word) => word !== '').join(' '),
    tooltip: [labelLine(row), shownText(text || tag, MAX_TOOLTIP_CHARS), stats ?? detail].filter((part) => part !== undefined).join('\n\n'),
  };
}

/** "[label]", with when it was set when that is known (pi 0.73.1 shows the label's time too). */
function labelLine(row: RowInput): string | undefined {
  if (row.label === undefined) return undefined;
  const at = row.labeledAt !== undefined ? new Date(row.labeledAt) : undefined;
  return at && !Number.isNaN(at.getTime()) ? `[${row.label}] · labeled ${localDateTime(at)}` : `[${row.label}]`;
}

/**
 * "summarized 12 entries · 182k → 21k tokens" from what the compaction entry stores, read the way
 * the chat's compaction card reads it; a compaction pi wrote (no Arbor record) has only "182k tokens before".
 */
export function compactionStats(entry: SessionEntry): string | undefined {
  const update = itemUpdate(entry);
  if (update.kind !== 'item' || update.item.kind !== 'compaction') return undefined;
  const { tokensBefore, tokensAfter, summarizedEntries } = update.item;
  const tokens = tokensAfter !== undefined ? `${formatTokens(tokensBefore)} → ${formatTokens(tokensAfter)} tokens` : `${formatTokens(tokensBefore)} tokens before`;
  return summarizedEntries !== undefined ? `summarized ${summarizedEntries} ${summarizedEntries === 1 ? 'entry' : 'entries'} · ${tokens}` : tokens;
}

/** How far up a tool result looks for its call: past the other results of the same reply, not across turns. */
const CALL_SEARCH_DEPTH = 64;

/**
 * The tool call a tool-result entry answers: the call with its `toolCallId` in the nearest
 * assistant message above it (its siblings' results sit between them). Undefined for anything else
 * or when the call is not there (a hand-edited or foreign file).
 */
export function toolCallFor(entry: SessionEntry, get: (id: string) => SessionEntry | undefined): ToolCall | undefined {
  if (!isKnownEntry(entry) || entry.type !== 'message' || entry.message.role !== 'toolResult') return undefined;
  const wanted = entry.message.toolCallId;
  let parent = entry.parentId === null ? undefined : get(entry.parentId);
  for (let depth = 0; parent && depth < CALL_SEARCH_DEPTH; depth++) {
    if (isKnownEntry(parent) && parent.type === 'message' && parent.message.role === 'assistant') {
      return parent.message.content.find((block): block is ToolCall => block.type === 'toolCall' && block.id === wanted);
    }
    parent = parent.parentId === null ? undefined : get(parent.parentId);
  }
  return undefined;
}
