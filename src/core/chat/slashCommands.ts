/**
 * `/` commands typed in the chat's input, as pi users type them: `/compact [focus]`, `/tree`,
 * `/fork`, `/new`, `/label [text]`, `/export [md|html|jsonl]`, `/model [id]`, `/name [name]`,
 * `/undo-compaction`, `/context`. Each runs the palette command of the same job with the text after the name
 * as its argument; without one the command asks as it does from the palette (but `/compact`
 * compacts at once, as pi's does). Text starting with a `/` word that is none of these is sent as
 * a message, as pi sends it. Plain data and parsing: no DOM, no `vscode`, so the webview (the
 * completion list) and the host (which runs the command) share it.
 */

export interface SlashCommand {
  /** Typed after the `/`. */
  name: string;
  /** What the argument is, for the list (empty: takes none). */
  argumentHint: string;
  description: string;
}

export const SLASH_COMMANDS: readonly SlashCommand[] = [
  { name: 'compact', argumentHint: '[focus]', description: 'Compact the session, the summary focused on what follows' },
  { name: 'tree', argumentHint: '', description: 'Show the Session Tree at the current position' },
  { name: 'fork', argumentHint: '', description: 'Fork the current branch into a new session' },
  { name: 'new', argumentHint: '', description: 'Start a new session' },
  { name: 'label', argumentHint: '[text]', description: 'Label the current entry (asks when no text follows)' },
  { name: 'export', argumentHint: '[md|html|jsonl]', description: 'Export the current branch (asks the format when none follows)' },
  { name: 'model', argumentHint: '[id]', description: 'Choose the model (asks when no id follows)' },
  { name: 'name', argumentHint: '[name]', description: 'Rename the session (asks when no name follows)' },
  { name: 'undo-compaction', argumentHint: '', description: 'Undo the last compaction' },
  { name: 'context', argumentHint: '', description: 'Show what the next request sends, part by part, in tokens' },
];

export type SlashCommandName = (typeof SLASH_COMMANDS)[number]['name'];

/** The longest argument taken (a focus, a label): past it the text is a message, not a command. */
export const MAX_SLASH_ARGUMENT = 10_000;

export interface ParsedSlashCommand {
  name: string;
  /** The text after the name, trimmed ('' when none). */
  argument: string;
}

/**
 * The command `text` runs, or undefined when it is a message: it must start with `/` and one of
 * the names, followed by nothing or by blanks and the argument (which may span lines).
 */
export function parseSlashCommand(text: string): ParsedSlashCommand | undefined {
  const match = /^\/([a-z][a-z-]*)(?:[ \t\r\n]+([\s\S]*))?$/.exec(text.trim());
  if (!match || !isSlashCommandName(match[1]!)) return undefined;
  const argument = (match[2] ?? '').trim();
  return argument.length > MAX_SLASH_ARGUMENT ? undefined : { name: match[1]!, argument };
}

export function isSlashCommandName(name: string): boolean {
  return SLASH_COMMANDS.some((command) => command.name === name);
}

/**
 * The commands the list offers for the input's text: while the text is `/` and the start of a
 * name (nothing after it yet), the names that start with it; otherwise none (the list closes).
 */
export function slashCompletions(text: string): readonly SlashCommand[] {
  const match = /^\/([a-z-]*)$/.exec(text);
  if (!match) return [];
  const typed = match[1]!;
  return SLASH_COMMANDS.filter((command) => command.name.startsWith(typed));
}
