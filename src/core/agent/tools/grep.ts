/**
 * `grep`: lines matching a regular expression (RE2 syntax) or a literal text in the workspace's
 * files, honouring `.gitignore`. Binary files, linked files and files over 16 MB are skipped; long
 * lines are cut. Output lines are `path:line: text` for matches and `path-line- text` for context.
 *
 * The pattern comes from the model, which may have read a hostile file: it runs on RE2's
 * linear-time engine, never on JavaScript's backtracking RegExp, and the search yields to the
 * event loop every few megabytes of text, so neither a pattern nor a large tree stalls the
 * extension host. A literal search without ignoreCase is a plain `indexOf`.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { compileLinearRegex, LinearRegexError, quoteLiteral } from '../../util/linearRegex';
import { optionalBoolean, optionalInteger, optionalString, requiredString } from './args';
import { throwIfAborted } from '../../workspace/abort';
import { argumentsSchema, defineTool, param, textResult, type ToolArgs, ToolFailure } from './define';
import { globMatcher } from './find';
import { listingResult } from './listing';
import { resolveExisting } from '../../workspace/paths';
import type { Tool, ToolContext, ToolResult } from './tool';
import { DEFAULT_MAX_BYTES } from '../../workspace/truncate';
import { walk } from '../../workspace/walk';

export const GREP_DEFAULT_LIMIT = 100;
export const GREP_MAX_LINE_CHARS = 500;
export const GREP_MAX_FILE_BYTES = 16 * 1024 * 1024;
/** A NUL byte in a file's first 8 KB marks it binary (git's and ripgrep's rule). */
const BINARY_SNIFF_BYTES = 8192;
/** Text matched between two turns of the event loop (a file's lines are matched in slices of about this). */
const CHARS_PER_SLICE = 4 * 1024 * 1024;

/** Whether a line holds a match; and, when that can be told, whether a whole file may hold one. */
interface Matcher {
  line: (text: string) => boolean;
  /** True whenever one of the file's lines would match (a file-wide pass is much faster than line by line). */
  file: ((text: string) => boolean) | undefined;
}

interface Search {
  matcher: Matcher;
  signal: AbortSignal;
  /** Characters matched since the search last yielded to the event loop. */
  sinceYield: number;
  context: number;
  limit: number;
  matches: number;
  limited: boolean;
  linesCut: boolean;
  skippedLarge: number;
  out: string[];
}

export function createGrepTool(): Tool {
  return defineTool({
    spec: {
      name: 'grep',
      description:
        `Search file contents with a regular expression (RE2 syntax, as Go and ripgrep use: no lookaround, no backreferences) or a literal text, honouring .gitignore. ` +
        `Returns matching lines as path:line: text. At most ${GREP_DEFAULT_LIMIT} matches (or the given limit) and ${DEFAULT_MAX_BYTES / 1024}KB; ` +
        `lines longer than ${GREP_MAX_LINE_CHARS} characters are cut.`,
      inputSchema: argumentsSchema(
        {
          pattern: param('string', 'Regular expression in RE2 syntax, or literal text when literal is true'),
          path: param('string', 'Folder or file to search, relative to the workspace folder (default: the workspace folder)'),
          glob: param('string', "Only files matching this glob, e.g. '*.ts' or 'src/**/*.test.ts'"),
          ignoreCase: param('boolean', 'Match without regard to case (default false)'),
          literal: param('boolean', 'Take the pattern as plain text, not a regular expression (default false)'),
          context: param('number', 'Lines to show before and after each match (default 0)'),
          limit: param('number', `Most matches to return (default ${GREP_DEFAULT_LIMIT})`),
        },
        ['pattern'],
      ),
    },
    needsApproval: false,
    run: grep,
  });
}

async function grep(args: ToolArgs, context: ToolContext): Promise<ToolResult> {
  const pattern = requiredString(args, 'pattern');
  const given = optionalString(args, 'path') || '.';
  const glob = optionalString(args, 'glob');
  const search: Search = {
    matcher: compileMatcher(pattern, optionalBoolean(args, 'literal') ?? false, optionalBoolean(args, 'ignoreCase') ?? false),
    signal: context.signal,
    sinceYield: 0,
    context: optionalInteger(args, 'context', 0) ?? 0,
    limit: optionalInteger(args, 'limit', 1) ?? GREP_DEFAULT_LIMIT,
    matches: 0,
    limited: false,
    linesCut: false,
    skippedLarge: 0,
    out: [],
  };
  const target = await resolveExisting(context.root, given);
  if (target.stat.isDirectory()) {
    const wanted = glob ? globMatcher(glob) : () => true;
    for await (const entry of walk({ root: target.root, start: target.real, signal: context.signal })) {
      if (entry.isDirectory || entry.isSymbolicLink || !wanted(entry.relative)) continue;
      await searchFile(entry.absolute, entry.relative, search);
      if (search.limited) break;
    }
  } else {
    await searchFile(target.real, path.basename(target.real), search);
  }
  throwIfAborted(context.signal);
  return report(search);
}

function compileMatcher(pattern: string, literal: boolean, ignoreCase: boolean): Matcher {
  if (literal && !ignoreCase) return { line: (text) => text.includes(pattern), file: (text) => text.includes(pattern) };
  const source = literal ? quoteLiteral(pattern) : pattern;
  try {
    const line = compileLinearRegex(source, { ignoreCase });
    const file = fileWideSafe(source) ? compileLinearRegex(source, { ignoreCase, multiline: true }) : undefined;
    const mayEndLine = source.includes('$');
    return {
      line: (text) => line.test(text),
      // A line's `$` sits before its stripped `\r`, where the file-wide `$` would not match.
      file: file && ((text) => (mayEndLine && text.includes('\r')) || file.test(text)),
    };
  } catch (error) {
    if (!(error instanceof LinearRegexError)) throw error;
    const advice = error.reason === 'invalid' ? ' Set literal to true to search for the text as it is.' : '';
    throw new ToolFailure(`${error.message}${advice}`);
  }
}

/**
 * Whether the pattern, made multiline and run on a whole file, matches wherever it matches one of
 * the file's lines. Only anchors tell a line from a file: `^` and `$` become line anchors, but `\A`
 * and `\z` stay the file's, and an inline flag group could turn multiline off again. Patterns that
 * hold any of those (even escaped: this errs on the safe side) are tested line by line only.
 */
function fileWideSafe(source: string): boolean {
  return !/\\[Az]|\(\?[imsU-]/.test(source);
}

async function searchFile(file: string, shownAs: string, search: Search): Promise<void> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return;
  if (stat.size > GREP_MAX_FILE_BYTES) {
    search.skippedLarge++;
    return;
  }
  const bytes = await fs.readFile(file).catch(() => undefined);
  if (!bytes || bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return;
  const whole = bytes.toString('utf8');
  const lines = whole.split('\n');
  // Matches come in line order, so the lines already shown are exactly those before this one:
  // each line is written once however large the context, and the loop stays linear.
  let firstUnshown = 0;
  // Lines go in slices of about CHARS_PER_SLICE characters; the event loop turns between slices,
  // and a slice the file-wide test clears is not looked at line by line.
  for (let start = 0, offset = 0; start < lines.length; ) {
    let end = start;
    let size = 0;
    while (end < lines.length && (end === start || size + lines[end]!.length < CHARS_PER_SLICE)) size += lines[end++]!.length + 1;
    if (search.sinceYield > CHARS_PER_SLICE) await yieldToEventLoop(search);
    search.sinceYield += size;
    const mayMatch = !search.matcher.file || search.matcher.file(whole.slice(offset, offset + size - 1));
    offset += size;
    for (let index = start; mayMatch && index < end; index++) {
      if (!search.matcher.line(stripCr(lines[index]!))) continue;
      if (search.matches === search.limit) {
        search.limited = true;
        return;
      }
      search.matches++;
      const last = Math.min(lines.length - 1, index + search.context);
      for (let line = Math.max(firstUnshown, index - search.context); line <= last; line++) {
        const mark = line === index ? ':' : '-';
        search.out.push(`${shownAs}${mark}${line + 1}${mark} ${cut(stripCr(lines[line]!), search)}`);
      }
      firstUnshown = last + 1;
    }
    start = end;
  }
}

function report(search: Search): ToolResult {
  if (search.out.length === 0) {
    const skipped = search.skippedLarge > 0 ? ` (${search.skippedLarge} files over 16 MB were not searched)` : '';
    return textResult(`No matches found${skipped}.`);
  }
  return listingResult(search.out, [
    { hit: search.limited, notice: `Stopped at ${search.limit} matches; use limit=${search.limit * 2} for more, or a narrower pattern`, details: { matchLimitReached: search.limit } },
    { hit: search.linesCut, notice: `Lines longer than ${GREP_MAX_LINE_CHARS} characters were cut; read the file for the whole line`, details: { linesTruncated: true } },
    { hit: search.skippedLarge > 0, notice: `${search.skippedLarge} files over 16 MB were not searched`, details: { skippedLargeFiles: search.skippedLarge } },
  ]);
}

/** Lets other work run (the extension host serves every extension), and stops when the call was aborted. */
async function yieldToEventLoop(search: Search): Promise<void> {
  search.sinceYield = 0;
  await new Promise((resolve) => setImmediate(resolve));
  throwIfAborted(search.signal);
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function cut(line: string, search: Search): string {
  if (line.length <= GREP_MAX_LINE_CHARS) return line;
  search.linesCut = true;
  return `${line.slice(0, GREP_MAX_LINE_CHARS)}… [cut]`;
}
