/**
 * The one expansion of a prompt's mentions, for the chat's Send and for `arbor run`: each distinct
 * mention becomes a block (blocks.ts) and the blocks come before the prompt's own text, which is
 * kept as typed, as pi builds the message for files named on its command line. The result is the
 * user message's text as the session file records it, so pi sends the same request from the file.
 *
 * A path that names nothing stays plain text (`@` is also just a character); a path outside the
 * workspace, a binary file or a range past a file's end refuses the whole prompt with a
 * MentionError saying which mention and why: the user's words are not sent without what they
 * point at. Where a source is missing (`arbor run` has no editor, no problems, no terminal; no
 * folder is open) its mention becomes a block saying it is not available.
 */
import { truncateHead } from '../workspace/truncate';
import { formatBlock, type MentionBlock } from './blocks';
import type { MentionFiles } from './diskFiles';
import { parseMentions, rangeName, type LineRange, type Mention } from './parse';

export type ProblemSeverity = 'error' | 'warning' | 'info' | 'hint';

export interface Problem {
  /** Workspace-relative posix path (or the full path of a file outside the workspace). */
  path: string;
  /** 1-based. */
  line: number;
  column: number;
  severity: ProblemSeverity;
  message: string;
}

export interface EditorSelection {
  /** Workspace-relative posix path (or the editor's title for an unsaved one). */
  path: string;
  range: LineRange;
  text: string;
}

export interface TerminalText {
  /** The terminal's name. */
  name: string;
  text: string;
}

/** Where mentions get their text: the CLI gives files only, the extension all of them. */
export interface MentionSources {
  /** The workspace's files (none: no folder, path mentions stay text). */
  files?: MentionFiles;
  problems?: () => Promise<readonly Problem[]>;
  /** The active editor's selection (undefined: no editor, or nothing selected). */
  selection?: () => Promise<EditorSelection | undefined>;
  /** The active terminal's selection (undefined: none, or VS Code does not expose it). */
  terminal?: () => Promise<TerminalText | undefined>;
}

export interface Expansion {
  /** The user message's text. */
  text: string;
  /** The blocks put before it, in order. */
  blocks: MentionBlock[];
}

/** Problems listed at most; the rest are counted. */
export const MAX_PROBLEMS = 200;

export async function expandMentions(text: string, sources: MentionSources): Promise<Expansion> {
  const blocks: MentionBlock[] = [];
  const seen = new Set<string>();
  for (const mention of parseMentions(text)) {
    const key = mentionKey(mention);
    if (seen.has(key)) continue;
    seen.add(key);
    const block = await blockFor(mention, sources);
    if (block) blocks.push(block);
  }
  return { text: blocks.map(formatBlock).join('') + text, blocks };
}

function mentionKey(mention: Mention): string {
  return mention.kind === 'path' ? `path:${rangeName(mention.path, mention.range)}` : mention.kind;
}

async function blockFor(mention: Mention, sources: MentionSources): Promise<MentionBlock | undefined> {
  switch (mention.kind) {
    case 'path':
      return sources.files?.block(mention.path, mention.range);
    case 'problems':
      return { tag: 'problems', body: problemsText(sources.problems ? await sources.problems() : undefined) };
    case 'selection':
      return selectionBlock(sources.selection ? await sources.selection() : undefined, sources.selection !== undefined);
    case 'terminal':
      return terminalBlock(sources.terminal ? await sources.terminal() : undefined, sources.terminal !== undefined);
  }
}

/** One line per problem, `path:line:column severity message`, errors first. */
export function problemsText(problems: readonly Problem[] | undefined): string {
  if (problems === undefined) return '[Problems are not available here.]';
  if (problems.length === 0) return '[No problems: the workspace has no errors or warnings.]';
  const order: ProblemSeverity[] = ['error', 'warning', 'info', 'hint'];
  const sorted = [...problems].sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
  const lines = sorted.slice(0, MAX_PROBLEMS).map((p) => `${p.path}:${p.line}:${p.column} ${p.severity} ${oneLine(p.message)}`);
  const rest = sorted.length - MAX_PROBLEMS;
  return rest > 0 ? `${lines.join('\n')}\n\n[${rest} more problems not listed.]` : lines.join('\n');
}

function selectionBlock(selection: EditorSelection | undefined, available: boolean): MentionBlock {
  if (!selection) return { tag: 'selection', body: available ? '[No text is selected in an editor.]' : '[The editor selection is not available here.]' };
  return { tag: 'selection', name: rangeName(selection.path, selection.range), body: bounded(selection.text) };
}

function terminalBlock(terminal: TerminalText | undefined, available: boolean): MentionBlock {
  if (!terminal) {
    return { tag: 'terminal', body: available ? '[No terminal text: select the text in the terminal first (VS Code gives extensions only what is selected).]' : '[The terminal is not available here.]' };
  }
  return { tag: 'terminal', name: terminal.name, body: bounded(terminal.text) };
}

/** Cut to the same budget as a file. */
function bounded(text: string): string {
  const cut = truncateHead(text);
  return cut.truncated ? `${cut.content}\n\n[Cut: ${cut.outputLines} of ${cut.totalLines} lines included.]` : text;
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
