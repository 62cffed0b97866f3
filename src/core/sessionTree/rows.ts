/**
 * What a Session Tree row shows (issue 11, and issue 16 for a 300 px side bar): a label that
 * starts with the position mark when the row is the current one, then the entry's line of plain
 * text (a message's first line, a branch summary's goal, a compaction's numbers), the entry's label
 * in brackets before that text (a description at the end is cut off at the default width); the
 * model's view, the pin when a mark took the icon, and the files changed as the description; a
 * codicon name (the pin's for a pinned row); the context value the manifest's menus match on; a Markdown
 * tooltip (rendered untrusted by the glue); and an accessible label that spells out the entry's
 * kind. The glue only maps this onto a TreeItem.
 */
import { localDateTime } from '../util/localTime';
import { describeEntry, isKnownEntry, messageRole, userText, type ContextMark, type SessionEntry, type ToolCall, type UserMessage } from '../session';
import { cutText } from '../util/markdownText';
import { compactionLine, compactionNumbers, compactionSentence, compactionShown, entryLine, ROW_TEXT_CHARS } from './rowText';
import { filesMark, type StepFiles } from './fileRows';
import { imageLines } from './rowImages';
import { fileList, rowTooltip, type TooltipBody } from './rowTooltip';
import { pinContextWord, pinnedIcon, PINNED_TOOLTIP_LINE } from './pinnedRow';
import { contextMarkIcon, contextMarkLine, contextMarkWord, contextMarkWords } from './markedRow';

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
  /** The workspace's files recorded as changed right after this entry (`stepFiles`). */
  files?: StepFiles;
  /** The entry is pinned (`arbor.pin`). */
  pinned?: boolean;
  /** The model does not see the entry as written at the position (core/session/contextMarks). */
  contextMark?: ContextMark;
}

export interface RowView {
  /** Plain text: "● " first on the current row, then "[label] " when the user set one, then what the entry says. */
  label: string;
  /** What the model sees of it, "pinned" when the icon says something else, the files changed. */
  description: string | undefined;
  /** A codicon name. */
  icon: string;
  /** The icon is drawn dimmed: the model does not see the entry at the position. */
  quiet?: boolean;
  /** Words the manifest's `viewItem =~ /\bword\b/` clauses match. */
  contextValue: string;
  /** Markdown for the tooltip, to be rendered untrusted (no command links, no HTML). */
  tooltip: string;
  /** What a screen reader says: "user: <first line>, ● current · <label>". */
  accessibilityLabel: string;
}

/** The position mark: first in the current row's label, so a narrow side bar never cuts it off. */
export const POSITION_MARK = '●';
/** How the accessible label names the current row. */
export const CURRENT_MARK = `${POSITION_MARK} current`;

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
  context_edit: 'contextEdit',
  usage: 'usage',
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
  usage: 'pulse',
};

/** Kinds whose icon says what they are: their label is their text alone, without the kind's tag. */
const ICON_SAYS_IT = new Set(['user', 'assistant']);

/** One word for what an entry is: `user`, `assistant`, `toolResult`, `compaction`, `branchSummary`, `label`, ... */
export function rowKind(entry: SessionEntry): string {
  // Own properties only: a role or type named "constructor" in a hostile file is not a kind.
  if (entry.type === 'message') return ownValue(MESSAGE_KINDS, messageRole(entry) ?? '') ?? 'message';
  return (isKnownEntry(entry) ? ownValue(ENTRY_KINDS, entry.type) : undefined) ?? 'unknown';
}

function ownValue(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A kind's tag is a word or two; a file can name a tool or a custom type with a megabyte. */
const TAG_CHARS = 40;
/** A label leads the row, so a long one is cut short there (the tooltip and the spoken label have more). */
const SHOWN_LABEL_CHARS = 24;

export function presentRow(row: RowInput): RowView {
  const described = describeEntry(row.entry);
  const kind = rowKind(row.entry);
  // A user message reads as the words typed, not the file blocks sent before them.
  const text = kind === 'user' ? userText((row.entry as { message: UserMessage }).message.content) : described.text;
  const { detail } = described;
  const tag = cutText(described.tag, TAG_CHARS);
  const label = row.label === undefined ? undefined : cutText(row.label, ROW_TEXT_CHARS);
  const numbers = kind === 'compaction' ? compactionNumbers(row.entry) : undefined;
  const line = numbers ? undefined : entryLine(kind, text, row.call);
  // Spoken in full ("tool read: src/a.ts"); shown without what the icon already says.
  const spoken = numbers ? compactionLine(numbers) : line ? `${tag}: ${line}` : tag;
  const shown = numbers ? compactionShown(numbers) : !line ? tag : ICON_SAYS_IT.has(kind) ? line : `${shownTag(kind, tag)}: ${line}`;
  const words = ['entry', kind, row.onActivePath ? 'onPath' : '', row.isCurrent ? 'current' : '', row.label !== undefined ? 'labeled' : '', row.files ? 'files' : '', pinContextWord(row.pinned), contextMarkWord(row.contextMark)];
  const mark = row.files ? filesMark(row.files) : undefined;
  const modelSees = contextMarkWords(row.contextMark);
  const notes = [modelSees, row.isCurrent ? CURRENT_MARK : undefined, row.pinned ? 'pinned' : undefined, label, mark].filter((part) => part !== undefined).join(' · ');
  const { icon, pinnedWord } = pinnedIcon(row.pinned, contextMarkIcon(row.contextMark), kind === 'contextEdit' ? editIcon(row.entry) : (ownValue(ICONS, kind) ?? 'circle-small'));
  const description = [modelSees, pinnedWord, mark].filter((part) => part !== undefined).join(' · ');
  const labelLines = contextMarkLine(row.contextMark, pinnedLabelLine(row.pinned, labelLine(row)));
  const labeled = row.label === undefined ? shown : `[${cutText(row.label, SHOWN_LABEL_CHARS)}] ${shown}`;
  return {
    label: row.isCurrent ? `${POSITION_MARK} ${labeled}` : labeled,
    description: description === '' ? undefined : description,
    icon,
    ...(row.contextMark === 'hidden' ? { quiet: true } : {}),
    contextValue: words.filter((word) => word !== '').join(' '),
    tooltip: withFiles(rowTooltip(labelLines, tooltipBody(kind, text, tag), numbers ? compactionSentence(numbers) : detail, imageLines(row.entry)), row.files),
    accessibilityLabel: notes ? `${spoken}, ${notes}` : spoken,
  };
}

/** A context edit's row shows what it does: a closed eye for a hide, a pencil for new content. */
function editIcon(entry: SessionEntry): string {
  return (entry as { replacement?: unknown }).replacement === null ? 'eye-closed' : 'pencil';
}

/** The tooltip, then the files a step changed as lists of paths (plain text: each path as code). */
function withFiles(tooltip: string, files: StepFiles | undefined): string {
  if (!files) return tooltip;
  const lists = [fileList('Files changed:', files.changed), fileList('Changed outside the agent:', files.outside)];
  return [tooltip, ...lists].filter((part) => part !== undefined && part !== '').join('\n\n');
}

/** A tool result's tag without "tool " (its icon says that): "read: src/a.ts". */
function shownTag(kind: string, tag: string): string {
  return kind === 'toolResult' && tag.startsWith('tool ') ? tag.slice('tool '.length) : tag;
}

function tooltipBody(kind: string, text: string, tag: string): TooltipBody {
  switch (kind) {
    case 'user':
    case 'assistant':
    case 'customMessage':
      return { kind: 'markdown', text };
    case 'compaction':
    case 'branchSummary':
      return { kind: 'summary', text };
    case 'toolResult':
    case 'bash':
      return { kind: 'code', text };
    default:
      return { kind: 'plain', text: text || tag };
  }
}

function pinnedLabelLine(pinned: boolean | undefined, line: string | undefined): string | undefined {
  if (!pinned) return line;
  return line === undefined ? PINNED_TOOLTIP_LINE : `${PINNED_TOOLTIP_LINE} ${line}`;
}

/** "[label]", with when it was set when that is known (pi 0.73.1 shows the label's time too). */
function labelLine(row: RowInput): string | undefined {
  if (row.label === undefined) return undefined;
  const at = row.labeledAt !== undefined ? new Date(row.labeledAt) : undefined;
  return at && !Number.isNaN(at.getTime()) ? `[${row.label}] · labeled ${localDateTime(at)}` : `[${row.label}]`;
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
