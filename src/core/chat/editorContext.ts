/**
 * The editor's context as the chat's input takes it: the mention of a selection's file and lines
 * (Add Selection to Chat), the active editor's file added to a message unless the message already
 * names it, and text put in at the caret without touching the rest of what the user typed.
 * Mentions are `@path` and `@path#Lx-y` (workspace-relative, `/`-separated, lines from 1), which
 * the send path expands into the files' text.
 */
import { parseMentions } from '../mentions/parse';

/** A position in a document as the editor gives it: zero-based line and character. */
export interface EditorPosition {
  line: number;
  character: number;
}

/** `@path`: a file of the workspace (`@"path"` when it holds white space). */
export function fileMention(relativePath: string): string {
  return /\s/.test(relativePath) ? `@"${relativePath}"` : `@${relativePath}`;
}

/**
 * `@path#Lx-y` for the lines a selection covers (`#Lx` for one line). A selection ending at the
 * start of a line does not take that line (as a whole-line selection in the editor ends); an empty
 * selection means the caret's line.
 */
export function selectionMention(relativePath: string, start: EditorPosition, end: EditorPosition): string {
  const first = start.line + 1;
  const endsBeforeLine = end.line > start.line && end.character === 0;
  const last = (endsBeforeLine ? end.line - 1 : end.line) + 1;
  return `${fileMention(relativePath)}#L${first}${last > first ? `-${last}` : ''}`;
}

/** Whether `text` mentions the file `relativePath` (alone, or with a line range). */
export function mentionsFile(text: string, relativePath: string): boolean {
  return parseMentions(text).some((mention) => mention.kind === 'path' && mention.path === relativePath);
}

/** The message with the active editor's file mentioned after it, unless it names that file already. */
export function withActiveEditor(text: string, relativePath: string | undefined): string {
  if (relativePath === undefined || relativePath === '' || mentionsFile(text, relativePath)) return text;
  return `${text.trimEnd()}\n\n${fileMention(relativePath)}`;
}

export interface Inserted {
  text: string;
  /** Where the caret goes: just after what was put in. */
  caret: number;
}

/**
 * `insert` put into `input` in place of the characters from `start` to `end` (the caret, or the
 * selected text), with a space either side where it would otherwise touch a word.
 */
export function insertAtCaret(input: string, start: number, end: number, insert: string): Inserted {
  const from = Math.max(0, Math.min(start, input.length));
  const to = Math.max(from, Math.min(end, input.length));
  const before = input.slice(0, from);
  const after = input.slice(to);
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  const trail = /^\s/.test(after) ? '' : ' ';
  const text = `${before}${lead}${insert}${trail}${after}`;
  return { text, caret: before.length + lead.length + insert.length + trail.length };
}
