/**
 * Files the summarized conversation read and changed (its read/write/edit calls), listed under the summary
 * so the next model knows what was touched.
 *
 * Beyond pi: `file_path` arguments count like `path` (other agents' tool schemas use it), and
 * paths are normalised against the session's working directory, so `./src/a.ts`,
 * `src/a.ts` and `/repo/src/a.ts` are one file (pi lists them three times). A call whose result is
 * an error (the user denied it, or it failed) touched nothing and is not listed, nor is a nested
 * call (one a tool made, recorded on its result) whose status is "error"; pi lists every call made
 * (see docs/compaction.md).
 */
import * as nodePath from 'node:path';
import type { AgentMessage, Json, SessionEntry } from '../session';

export interface FileOperations {
  read: Set<string>;
  written: Set<string>;
  edited: Set<string>;
}

export interface FileLists {
  readFiles: string[];
  modifiedFiles: string[];
}

export interface FileOpsOptions {
  /** The session's working directory; absolute paths inside it are listed relative to it. */
  cwd?: string | undefined;
  /** Ids of the calls whose result is an error (`failedToolCalls`): they are skipped. */
  failedCalls?: ReadonlySet<string> | undefined;
}

export function createFileOps(): FileOperations {
  return { read: new Set(), written: new Set(), edited: new Set() };
}

/** A Map, not an object literal: a tool named "constructor" or "toString" must find nothing. */
const KIND_BY_TOOL: ReadonlyMap<string, keyof FileOperations> = new Map([
  ['read', 'read'],
  ['write', 'written'],
  ['edit', 'edited'],
]);

/**
 * Adds the read/write/edit tool calls of an assistant message (but the failed ones), and those a
 * tool made itself, which pi 1.6 records on the tool's result (`nestedCalls`, e.g. from a codemode
 * script; but those whose status is "error": pi lists them too).
 */
export function extractFileOpsFromMessage(message: AgentMessage, ops: FileOperations, options: FileOpsOptions = {}): void {
  if (message.role === 'toolResult') {
    for (const call of nestedCalls(message)) {
      const kind = KIND_BY_TOOL.get(call.name);
      const file = pathArgument(call.arguments);
      if (kind && file) ops[kind].add(normalizeFilePath(file, options.cwd));
    }
    return;
  }
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return;
  for (const block of message.content) {
    if (block?.type !== 'toolCall' || !block.arguments || options.failedCalls?.has(block.id)) continue;
    const kind = KIND_BY_TOOL.get(block.name);
    const file = pathArgument(block.arguments);
    if (kind && file) ops[kind].add(normalizeFilePath(file, options.cwd));
  }
}

/**
 * The ids of the tool calls answered by an error result: denied by the user, or failed (a write
 * refused by the file system, an edit whose text was not found, a read of a missing file). Such
 * a call changed or read nothing.
 */
export function failedToolCalls(entries: Iterable<SessionEntry>): Set<string> {
  const failed = new Set<string>();
  for (const entry of entries) {
    if (entry.type !== 'message') continue;
    const message = entry.message as AgentMessage | undefined;
    if (message?.role === 'toolResult' && message.isError === true && typeof message.toolCallId === 'string') failed.add(message.toolCallId);
  }
  return failed;
}

/**
 * Adds the lists stored in an earlier summary's `details` (cumulative tracking). Modified files
 * go to `edited`, as in pi; summaries written by extensions are skipped by the callers.
 */
export function mergeFileLists(details: unknown, ops: FileOperations, options: FileOpsOptions = {}): void {
  if (!details || typeof details !== 'object') return;
  const { readFiles, modifiedFiles } = details as { readFiles?: unknown; modifiedFiles?: unknown };
  for (const file of stringArray(readFiles)) ops.read.add(normalizeFilePath(file, options.cwd));
  for (const file of stringArray(modifiedFiles)) ops.edited.add(normalizeFilePath(file, options.cwd));
}

/** A file both read and modified is listed as modified only; both lists sorted (UTF-16 order). */
export function computeFileLists(ops: FileOperations): FileLists {
  const modified = new Set([...ops.edited, ...ops.written]);
  return {
    readFiles: [...ops.read].filter((file) => !modified.has(file)).sort(),
    modifiedFiles: [...modified].sort(),
  };
}

/** The `<read-files>` / `<modified-files>` blocks appended to a summary ("" when both are empty). */
export function formatFileOperations(readFiles: readonly string[], modifiedFiles: readonly string[]): string {
  const sections: string[] = [];
  if (readFiles.length > 0) sections.push(`<read-files>\n${readFiles.join('\n')}\n</read-files>`);
  if (modifiedFiles.length > 0) sections.push(`<modified-files>\n${modifiedFiles.join('\n')}\n</modified-files>`);
  return sections.length === 0 ? '' : `\n\n${sections.join('\n\n')}`;
}

/** A summary's own text and the file lists appended to it (`formatFileOperations`'s blocks). */
export interface SummaryParts extends FileLists {
  text: string;
}

const FILE_BLOCK_TAGS = ['read-files', 'modified-files'] as const;

/**
 * Splits the `<read-files>` / `<modified-files>` blocks off the end of a summary. Read from the
 * end, one block at a time (a closing tag, then its opening tag before it), so a long or hostile
 * summary costs one pass. A block that is not at the very end stays part of the text.
 */
export function splitFileOperations(summary: string): SummaryParts {
  const lists: Record<(typeof FILE_BLOCK_TAGS)[number], string[]> = { 'read-files': [], 'modified-files': [] };
  let text = summary;
  for (let blocks = 0; blocks < FILE_BLOCK_TAGS.length * 4; blocks++) {
    const tag = FILE_BLOCK_TAGS.find((name) => text.endsWith(`\n</${name}>`));
    const open = tag === undefined ? -1 : text.lastIndexOf(`\n\n<${tag}>\n`, text.length - tag.length - 4);
    if (tag === undefined || open < 0) break;
    const body = text.slice(open + tag.length + 5, text.length - tag.length - 4);
    // Not `unshift(...lines)`: a hostile block of a million lines would overflow the call's arguments.
    lists[tag] = [...body.split('\n').filter((line) => line !== ''), ...lists[tag]];
    text = text.slice(0, open);
  }
  return { text, readFiles: lists['read-files'], modifiedFiles: lists['modified-files'] };
}

/**
 * A summary without the file blocks appended to it, for carrying it forward verbatim: the merged
 * lists are appended again afterwards, so they would otherwise appear twice.
 */
export function stripFileOperations(summary: string): string {
  return splitFileOperations(summary).text;
}

/**
 * One spelling per file: `.`/`..` resolved, and inside `cwd` relative to it. Paths outside the
 * working directory stay absolute; `~/…` is left alone (core does not know the home folder).
 */
export function normalizeFilePath(file: string, cwd?: string): string {
  if (file.startsWith('~')) return file;
  const path = pathFlavour(cwd ?? file);
  if (!path.isAbsolute(file)) {
    const normalized = path.normalize(file);
    return cwd !== undefined && normalized.startsWith('..') ? path.resolve(cwd, normalized) : normalized;
  }
  const absolute = path.normalize(file);
  if (cwd === undefined) return absolute;
  const relative = path.relative(path.normalize(cwd), absolute);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : absolute;
}

interface NestedCall {
  name: string;
  arguments: { [key: string]: Json };
}

/** The nested calls a tool result records that did not fail, read defensively (the file may say anything). */
function nestedCalls(message: AgentMessage): NestedCall[] {
  const nested = (message as { nestedCalls?: unknown }).nestedCalls;
  const calls = nested !== null && typeof nested === 'object' ? (nested as { calls?: unknown }).calls : undefined;
  if (!Array.isArray(calls)) return [];
  return calls.filter((call): call is NestedCall => {
    if (call === null || typeof call !== 'object') return false;
    const { name, arguments: args, status } = call as { name?: unknown; arguments?: unknown; status?: unknown };
    return typeof name === 'string' && args !== null && typeof args === 'object' && !Array.isArray(args) && status !== 'error';
  });
}

function pathArgument(args: { [key: string]: Json }): string | undefined {
  for (const key of ['path', 'file_path']) {
    const value = args[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function pathFlavour(sample: string): typeof nodePath.posix {
  return /^[A-Za-z]:[\\/]|^\\\\/.test(sample) ? nodePath.win32 : nodePath.posix;
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
