/**
 * What `arbor.tools.autoApprove` may list, and whether a tool call is among it. A rule is
 *
 * - a tool name (`bash`, `write`, `edit`; the gate takes any tool's name): every call of that tool;
 * - `bash(<prefix>)`: a command whose first words are the prefix's words (`bash(npm test)` allows
 *   `npm test` and `npm test -- --grep x`, not `npm testx`, nor a well-known tool's option that
 *   makes it run other code or act elsewhere: `npm test --node-options=…`, `git fetch
 *   --upload-pack=…`, `make test SHELL=…` ask again, see commandPrefix.ts);
 * - `bash(= <command>)`: that command exactly as written, blanks around it aside
 *   (`bash(= timeout 120 npm test)` allows nothing else, not even another argument);
 * - `write(<glob>)`, `edit(<glob>)`: a file whose workspace-relative path matches the glob
 *   (`edit(src/**)`);
 * - `mcp__<server>__<tool>`: that MCP tool (its whole name, as pi names it); `mcp__<server>` and
 *   `mcp__<server>__*`: every tool of that server. A server is matched by the server the tool
 *   says it comes from (`Tool.origin`), never by a prefix of the tool's name, so `mcp__git` allows
 *   nothing of a server `github` nor a server `git__hub`; a tool that names no origin is allowed by
 *   its whole name only. As in pi, `-` and `_` in a server's name are the same (`mcp__dev-radius`
 *   is `mcp__dev_radius`).
 *
 * A bash prefix or exact command allows one command, never a second one chained to it: a command
 * holding anything the shell reads as more than words of one simple command (`;`, `&`, `|`, `<`, `>`, `$`, a
 * backtick, brackets, a line break or any control character), wherever it stands and however it
 * is quoted, is never allowed by a rule and asks. A glob matches only a path inside the
 * workspace, judged both as written and as its links resolve, so `src/../x`, an absolute path
 * elsewhere and a link out of `src/` ask. Protected files (protectedPaths.ts) ask whatever the
 * rules say: the gate checks them first.
 */
import * as path from 'node:path';
import { braceExpand, Minimatch } from 'minimatch';
import type { Json } from '../../session';
import { widensWhatRuns } from './commandPrefix';
import type { ToolOrigin } from './tool';
import { isInside, resolveWorkspacePath } from '../../workspace/paths';

/** The tools a rule may name: the ones that ask before they run. */
export const RULE_TOOLS = ['bash', 'write', 'edit'] as const;
export type RuleTool = (typeof RULE_TOOLS)[number];

export type ApprovalRule =
  /** Every call of the tool (any tool that asks: the CLI's `--yes` names them all). */
  | { kind: 'tool'; tool: string }
  | { kind: 'command'; tool: 'bash'; words: readonly string[] }
  /** The command exactly as written (trimmed): what a card offers when a prefix could allow more. */
  | { kind: 'exact'; tool: 'bash'; command: string }
  | { kind: 'path'; tool: 'write' | 'edit'; glob: string }
  /** Every tool of one MCP server (`mcp__<server>__*`); `tool` is `mcp__<server>`, the server's name as pi writes it. */
  | { kind: 'server'; tool: string };

/** The start of every MCP tool's name (pi's `mcp__<server>__<tool>`). */
export const MCP_PREFIX = 'mcp__';

/**
 * Characters that let a command line run more than one simple command, or run something of its
 * own choosing inside one: separators, pipes, background, redirections, expansions and
 * substitutions, subshells and groups, and every control character but the tab (a line break is a
 * separator).
 */
const SHELL_SPECIAL = /[;&|<>$`(){}\\\x00-\x08\x0a-\x1f\x7f\u0085\u2028\u2029]/;
/** Blanks between words on one line (a line break never counts: it is a separator). */
const BLANKS = /[ \t]+/;
/** Blanks before and after a command. */
const EDGE_BLANKS = /^[ \t]+|[ \t]+$/g;
/** The longest rule taken: settings are the user's, but a card builds rules from a model's command. */
export const MAX_RULE_LENGTH = 200;
/** Most patterns a glob's braces may expand to (each `{a,b}` group multiplies them). */
const MAX_GLOB_EXPANSIONS = 64;

/** The rule a setting's string states, or undefined when it states none (ignored: it allows nothing). */
export function parseRule(text: string): ApprovalRule | undefined {
  const rule = text.trim();
  if (rule.length > MAX_RULE_LENGTH) return undefined;
  const server = /^mcp__([a-z0-9_-]+)__\*$/i.exec(rule);
  if (server) return { kind: 'server', tool: MCP_PREFIX + mcpServerKey(server[1]!) };
  if (/^[a-z_][a-z0-9_-]*$/i.test(rule)) return { kind: 'tool', tool: rule.startsWith(MCP_PREFIX) ? MCP_PREFIX + mcpServerKey(rule.slice(MCP_PREFIX.length)) : rule };
  const match = /^(bash|write|edit)\((.*)\)$/s.exec(rule);
  if (!match) return undefined;
  const [, tool, inner] = match as unknown as [string, RuleTool, string];
  if (tool === 'bash') return commandRule(inner.trim());
  return validGlob(inner.trim()) ? { kind: 'path', tool, glob: inner.trim() } : undefined;
}

/** `npm test` (a prefix) or `= npm test` (exactly that): one simple command either way. */
function commandRule(inner: string): ApprovalRule | undefined {
  const exact = inner.startsWith('=');
  const command = exact ? withoutEdgeBlanks(inner.slice(1)) : inner;
  const words = commandWords(command);
  if (words === undefined || words.length === 0) return undefined;
  return exact ? { kind: 'exact', tool: 'bash', command } : { kind: 'command', tool: 'bash', words };
}

/**
 * A server's name as pi writes it in tool names: every character but letters, digits and `_`
 * made `_` (so `dev-radius` and `dev_radius` are one server, as in pi).
 */
export function mcpServerKey(server: string): string {
  return server.replace(/[^A-Za-z0-9_]/g, '_');
}

/** The rule allowing every tool of one server (`mcp__<server>`), as a card's "Always allow server …" answers. */
export function mcpServerRule(server: string): string {
  return MCP_PREFIX + mcpServerKey(server);
}

/**
 * The entries `arbor.tools.autoApprove` may hold: rules naming bash, write or edit, or MCP tools
 * and servers (the tools that ask); anything else is left out, as it allows nothing.
 */
export function settingRules(texts: Iterable<string>): string[] {
  return [...texts].filter((text) => {
    const rule = parseRule(text);
    return rule !== undefined && ((RULE_TOOLS as readonly string[]).includes(rule.tool) || (rule.tool.startsWith(MCP_PREFIX) && rule.tool.length > MCP_PREFIX.length));
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
    case 'exact':
      return `bash(= ${rule.command})`;
    case 'path':
      return `${rule.tool}(${rule.glob})`;
    case 'server':
      return `${rule.tool}__*`;
  }
}

/** One call of a tool that asks, in the workspace `root`. */
export interface RuleCall {
  toolName: string;
  args: { [key: string]: Json };
  root: string;
  /** Where the tool comes from, when it says (an MCP server's tool): what a server rule is matched against. */
  origin?: ToolOrigin;
}

/** Whether any of `rules` allows the call. */
export async function rulesAllow(rules: readonly ApprovalRule[], call: RuleCall): Promise<boolean> {
  for (const rule of rules) if (ruleNames(rule, call) && (await ruleAllows(rule, call))) return true;
  return false;
}

/**
 * Whether the rule is about the call's tool: its name, or for an MCP rule naming a server
 * (`mcp__<server>`, `mcp__<server>__*`) the server the tool says it comes from, compared whole.
 */
export function ruleNames(rule: Pick<ApprovalRule, 'kind' | 'tool'>, call: Pick<RuleCall, 'toolName' | 'origin'>): boolean {
  const server = call.origin?.kind === 'mcp' ? MCP_PREFIX + mcpServerKey(call.origin.server) : undefined;
  if (rule.kind === 'server') return server === rule.tool;
  return rule.tool === call.toolName || (rule.kind === 'tool' && server === rule.tool);
}

async function ruleAllows(rule: ApprovalRule, call: RuleCall): Promise<boolean> {
  switch (rule.kind) {
    case 'tool':
    case 'server':
      return true;
    case 'command': {
      const command = call.args['command'];
      return typeof command === 'string' && commandStartsWith(command, rule.words) && !widensWhatRuns(commandWords(command)!);
    }
    case 'exact': {
      const command = call.args['command'];
      return typeof command === 'string' && withoutEdgeBlanks(command) === rule.command;
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
export function commandWords(command: string): string[] | undefined {
  if (SHELL_SPECIAL.test(command)) return undefined;
  // Only the shell's blanks part words: another space (U+00A0, …) is part of a word to the shell.
  const words = command.split(BLANKS).filter((word) => word !== '');
  // An assignment before the command (`PATH=. npm test`) changes what runs.
  return words.length > 0 && words[0]!.includes('=') ? undefined : words;
}

/** The command without the blanks around it (as the shell reads it: other spaces are part of a word). */
export function withoutEdgeBlanks(command: string): string {
  return command.replace(EDGE_BLANKS, '');
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
export async function workspacePaths(root: string, given: string): Promise<string[] | undefined> {
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
