/**
 * What a Session Tree row shows (issue 11): a label with the entry's tag and the first line of its
 * text, a description with the position marker, the entry's label and a compaction's numbers, a
 * codicon name, the context value the manifest's menus match on, and the tooltip text. The glue
 * only maps this onto a TreeItem.
 */
import { formatTokens } from '../tokens/meterText';
import { itemUpdate } from '../chat/buildItems';
import { describeEntry, firstLine, isKnownEntry, messageRole, type SessionEntry } from '../session';

/** One row of the view, as core's display tree gives it. */
export interface RowInput {
  entry: SessionEntry;
  label: string | undefined;
  onActivePath: boolean;
  /** The row that marks the position (the position itself, or its nearest shown ancestor). */
  isCurrent: boolean;
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
  const summary = firstLine(text);
  const stats = compactionStats(row.entry);
  const words = ['entry', kind, row.onActivePath ? 'onPath' : '', row.isCurrent ? 'current' : '', row.label !== undefined ? 'labeled' : ''];
  return {
    label: summary ? `${tag}: ${summary}` : tag,
    description: [row.isCurrent ? CURRENT_MARK : undefined, row.label, stats].filter((part) => part !== undefined).join(' · ') || undefined,
    icon: ICONS[kind] ?? 'circle-small',
    contextValue: words.filter((word) => word !== '').join(' '),
    tooltip: [row.label !== undefined ? `[${row.label}]` : undefined, text || tag, stats ?? detail].filter((part) => part !== undefined).join('\n\n'),
  };
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
