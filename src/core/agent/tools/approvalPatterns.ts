/**
 * What `arbor.tools.autoApprove` may list, and whether a tool call is among it. A rule is
 *
 * - a tool name (`bash`, `write`, `edit`; the gate takes any tool's name): every call of that tool;
 * - `bash(<prefix>)`: a command whose first words are the prefix's words (`bash(npm test)` allows
 *   `npm test` and `npm test -- --grep x`, not `npm testx`);
 * - `write(<glob>)`, `edit(<glob>)`: a file whose workspace-relative path matches the glob
 *   (`edit(src/**)`).
 *
 * A bash prefix allows one command, never a second one chained to it: a command holding anything
 * the shell reads as more than words of one simple command (`;`, `&`, `|`, `<`, `>`, `$`, a
 * backtick, brackets, a line break or any control character), wherever it stands and however it
 * is quoted, is never allowed by a prefix and asks. A glob matches only a path inside the
 * workspace, judged both as written and as its links resolve, so `src/../x`, an absolute path
 * elsewhere and a link out of `src/` ask. Protected files (protectedPaths.ts) ask whatever the
 * rules say: the gate checks them first.
 */
import * as path from 'node:path';
import { braceExpand, Minimatch } from 'minimatch';
import type { Json } from '../../session';
import { isInside, resolveWorkspacePath } from './paths';

/** The tools a rule may name: the ones that ask before they run. */
export const RULE_TOOLS = ['bash', 'write', 'edit'] as const;
export type RuleTool = (typeof RULE_TOOLS)[number];

export type ApprovalRule =
  /** Every call of the tool (any tool that asks: the CLI's `--yes` names them all). */
  | { kind: 'tool'; tool: string }
  | { kind: 'command'; tool: 'bash'; words: readonly string[] }
  | { kind: 'path'; tool: 'write' | 'edit'; glob: string };

/**
 * Characters that let a command line run more than one simple command, or run something of its
 * own choosing inside one: separators, pipes, background, redirections, expansions and
 * substitutions, subshells and groups, and every control character but the tab (a line break is a
 * separator).
 */
const SHELL_SPECIAL = /[;&|<>$`(){}\\\x00-\x08\x0a-\x1f\x7f\u0085\u2028\u2029]/;
/** Blanks between words on one line (a line break never counts: it is a separator). */
const BLANKS = /[ \t]+/;
/** The longest rule taken: settings are the user's, but a card builds rules from a model's command. */
export const MAX_RULE_LENGTH = 200;
/** Most patterns a glob's braces may expand to (each `{a,b}` group multiplies them). */
const MAX_GLOB_EXPANSIONS = 64;

/** The rule a setting's string states, or undefined when it states none (ignored: it allows nothing). */
export function parseRule(text: string): ApprovalRule | undefined {
  const rule = text.trim();
  if (rule.length > MAX_RULE_LENGTH) return undefined;
  if (/^[a-z_][a-z0-9_-]*$/i.test(rule)) return { kind: 'tool', tool: rule };
  const match = /^(bash|write|edit)\((.*)\)$/s.exec(rule);
  if (!match) return undefined;
  const [, tool, inner] = match as unknown as [string, RuleTool, string];
  if (tool === 'bash') {
    const words = commandWords(inner);
    return words === undefined || words.length === 0 ? undefined : { kind: 'command', tool, words };
  }
  return validGlob(inner.trim()) ? { kind: 'path', tool, glob: inner.trim() } : undefined;
}

/**
 * The entries `arbor.tools.autoApprove` may hold: rules naming bash, write or edit (the tools that
 * ask); anything else is left out, as it allows nothing.
 */
export function settingRules(texts: Iterable<string>): string[] {
  return [...texts].filter((text) => {
    const rule = parseRule(text);
    return rule !== undefined && (RULE_TOOLS as readonly string[]).includes(rule.tool);
  });
}

/** The rules of a list that state one; the others are left out. */
export function parseRules(texts: Iterable<string>): ApprovalRule[] {
  return [...texts].flatMap((text) => parseRule(text) ?? []);
}

/** A rule as the setting writes it. */
export function formatRule(rule: ApprovalRule): string {
  switch (rule.kind) {
    case 'tool':
      return rule.tool;
    case 'command':
      return `bash(${rule.words.join(' ')})`;
    case 'path':
      return `${rule.tool}(${rule.glob})`;
  }
}

/** One call of a tool that asks, in the workspace `root`. */
export interface RuleCall {
  toolName: string;
  args: { [key: string]: Json };
  root: string;
}

/** Whether any of `rules` allows the call. */
export async function rulesAllow(rules: readonly ApprovalRule[], call: RuleCall): Promise<boolean> {
  for (const rule of rules) if (rule.tool === call.toolName && (await ruleAllows(rule, call))) return true;
  return false;
}

async function ruleAllows(rule: ApprovalRule, call: RuleCall): Promise<boolean> {
  switch (rule.kind) {
    case 'tool':
      return true;
    case 'command': {
      const command = call.args['command'];
      return typeof command === 'string' && commandStartsWith(command, rule.words);
    }
    case 'path': {
      const given = call.args['path'];
      if (typeof given !== 'string') return false;
      const paths = await workspacePaths(call.root, given);
      const glob = new Minimatch(rule.glob, GLOB_OPTIONS);
      return paths !== undefined && paths.every((relative) => glob.match(relative));
    }
  }
}

/** Whether `command` is the command `words` name, with arguments or none, and nothing else. */
export function commandStartsWith(command: string, words: readonly string[]): boolean {
  const given = commandWords(command);
  return given !== undefined && given.length >= words.length && words.every((word, index) => given[index] === word);
}

/** The words of one simple command, or undefined when the line holds anything more (see SHELL_SPECIAL). */
function commandWords(command: string): string[] | undefined {
  if (SHELL_SPECIAL.test(command)) return undefined;
  const words = command.trim().split(BLANKS).filter((word) => word !== '');
  // An assignment before the command (`PATH=. npm test`) changes what runs.
  return words.length > 0 && words[0]!.includes('=') ? undefined : words;
}

const GLOB_OPTIONS = { dot: true, nonegate: true, nocomment: true, braceExpandMax: MAX_GLOB_EXPANSIONS } as const;

/** A workspace-relative glob: not absolute, no `..`, no backslash (a path separator on Windows), braces bounded. */
function validGlob(glob: string): boolean {
  if (glob === '' || glob.startsWith('/') || /^[a-z]:/i.test(glob) || glob.includes('\\') || /[\x00-\x1f]/.test(glob)) return false;
  if (glob.split('/').some((part) => part === '..')) return false;
  return braceExpand(glob, { braceExpandMax: MAX_GLOB_EXPANSIONS + 1 }).length <= MAX_GLOB_EXPANSIONS;
}

/**
 * The file's workspace-relative paths (posix): as written, and where its links lead. Undefined
 * when it is not inside the workspace (the tool refuses it; no rule allows it).
 */
async function workspacePaths(root: string, given: string): Promise<string[] | undefined> {
  let target;
  try {
    target = await resolveWorkspacePath(root, given);
  } catch {
    return undefined;
  }
  const written = path.resolve(target.root, given);
  const roots = [target.root, path.resolve(root)];
  const writtenRoot = roots.find((candidate) => isInside(candidate, written));
  if (writtenRoot === undefined || !isInside(target.root, target.real)) return undefined;
  const posix = (relative: string): string => relative.split(path.sep).join('/');
  return [posix(path.relative(writtenRoot, written)), posix(path.relative(target.root, target.real))];
}

/** What a card offers to allow from now on, as the setting writes it and as its button says it. */
export interface SuggestedRule {
  rule: string;
  label: string;
}

/** Tools whose second word picks what they do (`npm test`, `git status`): a prefix keeps it. */
const SUBCOMMAND_WORD = /^[a-z][a-z0-9_:.-]*$/i;
/** Runners whose `run`/`exec` names the script: a prefix keeps the script too (`npm run build`). */
const RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'deno', 'uv', 'poetry']);

/**
 * The rule a card's "Always allow …" button proposes for a call, or undefined when none fits: a
 * bash command's first words (its program and the subcommand, not its other arguments), a write
 * or edit's top folder. The proposal always allows the call it was made for.
 */
export async function suggestRule(call: RuleCall): Promise<SuggestedRule | undefined> {
  const suggestion = call.toolName === 'bash' ? commandSuggestion(call.args['command']) : await folderSuggestion(call);
  if (suggestion === undefined || suggestion.rule.length > MAX_RULE_LENGTH) return undefined;
  const rule = parseRule(suggestion.rule);
  return rule !== undefined && (await rulesAllow([rule], call)) ? suggestion : undefined;
}

function commandSuggestion(command: Json | undefined): SuggestedRule | undefined {
  if (typeof command !== 'string') return undefined;
  const words = commandWords(command);
  if (words === undefined || words.length === 0) return undefined;
  const prefix = [words[0]!];
  const second = words[1];
  if (second !== undefined && SUBCOMMAND_WORD.test(second)) {
    prefix.push(second);
    const third = words[2];
    if (RUNNERS.has(words[0]!) && (second === 'run' || second === 'exec') && third !== undefined && SUBCOMMAND_WORD.test(third)) prefix.push(third);
  }
  const text = prefix.join(' ');
  return { rule: `bash(${text})`, label: `Always allow \`${shortened(text)}\`` };
}

async function folderSuggestion(call: RuleCall): Promise<SuggestedRule | undefined> {
  const given = call.args['path'];
  if ((call.toolName !== 'write' && call.toolName !== 'edit') || typeof given !== 'string') return undefined;
  const paths = await workspacePaths(call.root, given);
  const top = paths?.[0]?.split('/')[0];
  // A file at the top of the workspace has no folder to allow: "always" for the tool says that.
  if (paths === undefined || top === undefined || top === paths[0] || /[*?[\]{}!()+@]/.test(top)) return undefined;
  const noun = call.toolName === 'edit' ? 'edits' : 'writes';
  return { rule: `${call.toolName}(${top}/**)`, label: `Always allow ${noun} in \`${shortened(top)}/\`` };
}

/** The most of a command's words or a folder's name a button's label shows (the rule keeps them whole). */
const MAX_LABEL_TEXT = 60;

function shortened(text: string): string {
  const characters = [...text];
  return characters.length <= MAX_LABEL_TEXT ? text : `${characters.slice(0, MAX_LABEL_TEXT - 1).join('')}…`;
}
