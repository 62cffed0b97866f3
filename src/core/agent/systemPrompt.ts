/**
 * The system prompt of agent requests, in pi 1.6's sectioned layout: the preamble (Arbor's own
 * words, or the user's SYSTEM.md in their place), then named sections, each wrapped in a tag of its
 * name — Arbor's `<tools>` and `<rules>` (only with its own preamble), `<addendum>` (APPEND_SYSTEM.md),
 * `<project_context>` (the context files, each in a `<project_instructions path="…">` block) and
 * `<cwd>` (the working directory), then the sections the tools add (`<mcp_servers>`: the MCP servers
 * whose tools `tool_search` loads) — separated by blank lines. For the same folder pi builds the same
 * text from SYSTEM.md on; its own default preamble describes pi (its tools, its documentation),
 * Arbor's describes Arbor. Nothing in it changes between requests (no date, no counters; the MCP
 * servers' section only when a server's configuration or what it says of itself changes), so the
 * provider's prompt cache keeps hitting.
 */
import type { ToolSpec } from '../llm/provider';

export interface SystemPromptInput {
  /** The workspace root the tools act in. */
  root: string;
  tools: readonly ToolSpec[];
  /** The branch holds a compaction: only then is recall mentioned (before, it has nothing to find). */
  compacted?: boolean;
  /**
   * Sections the tools add (the MCP servers `tool_search` can load: `mcp_servers`), after `<cwd>`
   * where pi puts the sections its extensions add, also under SYSTEM.md; one without text is left out.
   */
  sections?: readonly PromptSection[];
}

/** A system prompt and what it was assembled from (Show Context counts the context files apart). */
export interface ComposedPrompt {
  text: string;
  parts: PromptParts;
}

/** Where the agent gets its system prompt before each request (project context re-checked then). */
export interface SystemPromptSource {
  compose(input: SystemPromptInput): Promise<ComposedPrompt>;
}

/** One line per tool the model may be offered: what it is for. */
const TOOL_LINES: Record<string, string> = {
  read: 'read: read a file (text, or an image); a long file comes in parts: ask for the rest with offset and limit.',
  ls: 'ls: list a folder.',
  find: 'find: find files by name with a glob pattern; skips what .gitignore ignores.',
  grep: 'grep: search file contents for a regular expression or a literal text; skips what .gitignore ignores.',
  edit: 'edit: change a file by replacing exact pieces of its text.',
  write: 'write: create a file, or replace all of a file.',
  bash: 'bash: run a shell command and get its output (long output keeps its end).',
  recall: 'recall: get back the exact original messages that the summary of this conversation replaced, by words or by entry id.',
};

const FILE_TOOLS = ['read', 'ls', 'find', 'grep', 'edit', 'write'];

/** Arbor's own prompt for the tools offered (their order as given): its preamble, `<tools>` and `<rules>`. */
export function defaultSystemPrompt(offered: readonly ToolSpec[], compacted = false): string {
  return renderSections(defaultSections(offered, compacted));
}

function defaultSections(offered: readonly ToolSpec[], compacted: boolean): PromptSection[] {
  // Before a compaction recall has nothing to find: not mentioned (unless it is the only tool).
  const tools = compacted || offered.length === 1 ? offered : offered.filter((tool) => tool.name !== 'recall');
  const intro =
    "You are a coding assistant working in the user's project from inside their editor (VS Code, with the Arbor extension). " +
    'You help by reading and searching the code, changing files, running commands and answering questions about the project.';
  const names = tools.map((tool) => tool.name);
  const toolLines = names.map((name) => `- ${TOOL_LINES[name] ?? `${name}: ${tools.find((tool) => tool.name === name)?.description ?? ''}`}`);
  return [
    { name: 'preamble', text: intro },
    { name: 'tools', text: names.length > 0 ? toolLines.join('\n') : 'None in this conversation: answer from what you are told and from the conversation so far.' },
    { name: 'rules', text: guidelines(names, compacted).map((line) => `- ${line}`).join('\n') },
  ];
}

function guidelines(names: readonly string[], compacted: boolean): string[] {
  const has = (name: string): boolean => names.includes(name);
  const explore = ['ls', 'find', 'grep'].filter(has);
  const fileTools = FILE_TOOLS.filter(has);
  const lines = names.length > 0 ? ['Paths are relative to the project folder, the working directory named at the end of this prompt.'] : [];
  if (has('bash') && explore.length > 0) lines.push(`Look around with ${list(explore)} rather than bash: their output is bounded and they skip ignored files.`);
  if (has('read') && (has('edit') || has('write'))) lines.push('Read a file before you change it, enough of it to know what your change touches.');
  if (has('edit')) {
    lines.push(
      "Change existing files with edit: each oldText must match the file's text exactly, whitespace and indentation included, and occur in it only once; take a few lines around the change to make it unique.",
    );
  }
  if (has('write')) lines.push(has('edit') ? 'Use write for new files, or when you rewrite most of a file.' : 'Use write to create files or to replace them whole.');
  if (has('bash') && (has('edit') || has('write'))) lines.push("After changing code, check it the way the project does (its tests, type checker or build) when that is quick.");
  if (fileTools.length > 0) lines.push(`${list(fileTools)} only reach files inside the project folder.`);
  if (has('bash')) {
    lines.push(
      "bash starts in the project folder but is not confined to it: a command can read and change anything the user's account can. Keep commands to the project unless the user asks otherwise, and run nothing destructive (deleting files, rewriting history) unless asked.",
    );
  }
  if (has('recall') && compacted) lines.push('Older parts of this conversation were replaced by a summary. When you need a detail the summary lacks (an exact error, a value, what the user said), use recall rather than guess.');
  if (['bash', 'edit', 'write'].some(has)) lines.push('The user may have to approve bash, edit and write first. When a call is denied, do not repeat it: say what you wanted to do and why.');
  lines.push('Be brief: say what you did or found in a few sentences, name files by their paths, and show code only where it helps.');
  return lines;
}

function list(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** What the prompt is assembled from (the project context's files, or none). */
export interface PromptParts {
  /** SYSTEM.md's text: replaces the default prompt when not empty. */
  systemPrompt?: { content: string } | undefined;
  /** APPEND_SYSTEM.md's text. */
  appendSystemPrompt?: { content: string } | undefined;
  contextFiles: readonly { path: string; content: string }[];
}

export const NO_PROMPT_PARTS: PromptParts = { contextFiles: [] };

/** One part of the prompt: the preamble stands bare, every other section in a tag of its name. */
export interface PromptSection {
  readonly name: string;
  readonly text: string;
}

/** The prompt for the project's files: pi 1.6's sections in pi's order (see the header). */
export function composeSystemPrompt(input: SystemPromptInput, parts: PromptParts): string {
  const custom = parts.systemPrompt?.content;
  const sections = custom ? [{ name: 'preamble', text: custom }] : defaultSections(input.tools, input.compacted === true);
  if (parts.appendSystemPrompt?.content) sections.push({ name: 'addendum', text: parts.appendSystemPrompt.content });
  if (parts.contextFiles.length > 0) {
    sections.push({ name: 'project_context', text: ['Project-specific instructions and guidelines:', ...parts.contextFiles.map(quotedContextFile)].join('\n\n') });
  }
  sections.push({ name: 'cwd', text: input.root.replace(/\\/g, '/') });
  for (const section of input.sections ?? []) if (section.text) sections.push(section);
  return renderSections(sections);
}

/** A context file as the prompt quotes it (the part of the prompt the meter's breakdown counts as the file's). */
export function quotedContextFile(file: { path: string; content: string }): string {
  return `<project_instructions path="${file.path}">\n${file.content}\n</project_instructions>`;
}

function renderSections(sections: readonly PromptSection[]): string {
  return sections
    .map(({ name, text }) => (name === 'preamble' ? text : `<${name}>\n${text}\n</${name}>`))
    .filter((text) => text.length > 0)
    .join('\n\n');
}
