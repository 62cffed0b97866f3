/**
 * What a tool call asks the user to approve, said in full: the whole command bash would run, the
 * file write would create or replace (its size and first lines), the file edit would change and
 * its replacements. The chat's approval card and the modal dialog both show this; the card draws
 * every text with its hidden characters made visible, the dialog gets `dialogDetail`'s plain text.
 */
import { readEdits } from '../agent/tools/edit';
import { formatSize } from '../util/byteSize';
import type { Json } from '../session/types';
import type { ToolOrigin } from '../agent/tools/tool';
import { visibleText } from '../util/visibleText';
import type { ApprovalField, ApprovalView } from './items';
import { formatArgs } from './toolSummary';

/** Said wherever bash is approved: the folder is where it starts, not a wall. */
export const BASH_NOT_CONFINED = 'The command starts in the workspace folder but is not confined to it: it can read, change and send anything your user account can.';

/** The start of a file's content shown before it is written (its size is always given). */
const PREVIEW_LINES = 20;
const PREVIEW_CHARS = 4000;
/**
 * The most of one text shown whole (a command, a path, a replacement). Far more than anyone reads
 * before approving, and a bound on the card's work when a hostile reply sends megabytes; past it
 * the card says how much it does not show.
 */
const MAX_SHOWN_CHARS = 100_000;

/** Said on a write or edit of a file that configures the editor, git or the agent. */
export const PROTECTED_FILE = 'This file configures the editor, git or the agent, so it is asked about every time and never allowed for the session.';

/**
 * The view of a call; `protectedPath` (a file that configures the editor, git or the agent) adds
 * the note that says why this one is asked every time.
 */
export function approvalView(toolName: string, args: { [key: string]: Json }, protectedPath?: string, origin?: ToolOrigin): ApprovalView {
  const view = origin?.kind === 'mcp' ? mcpView(origin, args) : origin?.kind === 'vscode' ? hostView(origin, args) : viewOf(toolName, args);
  return protectedPath === undefined ? view : { ...view, note: PROTECTED_FILE };
}

/** Said on every MCP tool's card: Arbor does not know what the server does with the call. */
export const MCP_NOT_CONFINED = 'The MCP server runs this tool itself, with whatever access it has: Arbor cannot confine or undo it.';

/** An MCP server's tool: which server, which tool (as the server names it), and every argument. */
function mcpView(origin: ToolOrigin, args: { [key: string]: Json }): ApprovalView {
  return {
    title: `Allow the MCP tool ${origin.tool} of server ${origin.server}?`,
    note: MCP_NOT_CONFINED,
    fields: [whole('Server', origin.server), whole('Tool', origin.tool), whole('Arguments', formatArgs(args))],
  };
}

/** Said on every VS Code tool's card: the editor, or the extension that registered it, runs it. */
export const HOST_TOOL_NOT_CONFINED = 'VS Code runs this tool (or the extension that offers it does), with whatever access it has: Arbor cannot confine or undo it.';

/** A tool VS Code offers: its name in the editor and every argument. */
function hostView(origin: ToolOrigin, args: { [key: string]: Json }): ApprovalView {
  return {
    title: `Allow the VS Code tool ${origin.tool}?`,
    note: HOST_TOOL_NOT_CONFINED,
    fields: [whole('Tool', origin.tool), whole('Arguments', formatArgs(args))],
  };
}

function viewOf(toolName: string, args: { [key: string]: Json }): ApprovalView {
  const string = (key: string): string | undefined => (typeof args[key] === 'string' ? (args[key] as string) : undefined);
  switch (toolName) {
    case 'bash': {
      const command = string('command');
      const timeout = args['timeout'];
      return {
        title: 'Allow bash to run this command?',
        note: BASH_NOT_CONFINED,
        fields: [
          ...(command !== undefined ? [whole('Command', command)] : []),
          ...(typeof timeout === 'number' ? [{ label: 'Stopped after (seconds)', text: String(timeout) }] : []),
        ],
      };
    }
    case 'write': {
      const path = string('path');
      const content = string('content');
      return {
        title: 'Allow write to create or replace this file?',
        fields: [...(path !== undefined ? [whole('Path', path)] : []), ...(content !== undefined ? [contentPreview(content)] : [])],
      };
    }
    case 'edit': {
      const path = string('path');
      return { title: 'Allow edit to change this file?', fields: [...(path !== undefined ? [whole('Path', path)] : []), ...replacementFields(args)] };
    }
    default:
      return { title: `Allow ${toolName}?`, fields: [{ label: 'Arguments', text: formatArgs(args) }] };
  }
}

/** The text in full, unless it is beyond all reading: then its start, saying how much is left out. */
function whole(label: string, text: string): ApprovalField {
  const shown = cutAtCodePoint(text, MAX_SHOWN_CHARS);
  return shown.length === text.length ? { label, text } : { label, text: shown, more: `… ${count(text.length - shown.length, 'more character')} not shown` };
}

function contentPreview(content: string): ApprovalField {
  const body = content.endsWith('\n') ? content.slice(0, -1) : content;
  const lines = content === '' ? [] : body.split('\n');
  const label = `Content (${count(lines.length, 'line')}, ${formatSize(new TextEncoder().encode(content).length)})`;
  const head = lines.slice(0, PREVIEW_LINES).join('\n');
  const shown = cutAtCodePoint(head, PREVIEW_CHARS);
  if (shown.length === body.length) return { label, text: shown };
  const more = shown === head ? count(lines.length - PREVIEW_LINES, 'more line') : count(body.length - shown.length, 'more character');
  return { label, text: shown, more: `… ${more}` };
}

function count(value: number, noun: string): string {
  return `${value} ${value === 1 ? noun : `${noun}s`}`;
}

/** The edit's replacements, old then new; none when they are malformed (the tool refuses those, and the arguments show them). */
function replacementFields(args: { [key: string]: Json }): ApprovalField[] {
  let edits;
  try {
    edits = readEdits(args);
  } catch {
    return [];
  }
  const numbered = (label: string, index: number): string => (edits.length === 1 ? label : `${label} (${index + 1} of ${edits.length})`);
  return edits.flatMap((edit, index) => [
    whole(numbered('Replace', index), edit.oldText),
    whole(numbered('With', index), edit.newText),
  ]);
}

/** The most of the modal dialog's detail (it does not scroll): the chat's card shows everything. */
const MAX_DIALOG_DETAIL = 2000;

/**
 * The modal dialog's detail: the note and every field as plain text, hidden characters made
 * visible, cut with a note when enormous. Plain text only: a dialog shows it, never links it.
 */
export function dialogDetail(view: ApprovalView, max = MAX_DIALOG_DETAIL): string {
  const fields = view.fields.map((field) => `${field.label}:\n${visibleText(field.text)}${field.more ? `\n${field.more}` : ''}`);
  const detail = [...(view.note ? [view.note] : []), ...fields].join('\n\n');
  if (detail.length <= max) return detail;
  let cut = cutAtCodePoint(detail, max);
  // Not in the middle of a token: a cut `⟨U+20` would name no character.
  const open = cut.lastIndexOf('⟨');
  if (open > cut.lastIndexOf('⟩')) cut = cut.slice(0, open);
  return `${cut}\n… ${count(detail.length - cut.length, 'more character')} not shown.`;
}

/** At most the first `max` UTF-16 units, without splitting a surrogate pair. */
function cutAtCodePoint(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max);
}
