/**
 * `grep`: lines matching a JavaScript regular expression (or a literal text) in the workspace's
 * files, honouring `.gitignore`. Binary files, linked files and files over 16 MB are skipped; long
 * lines are cut. Output lines are `path:line: text` for matches and `path-line- text` for context.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { errorMessage } from '../../util/errors';
import { optionalBoolean, optionalInteger, optionalString, requiredString } from './args';
import { argumentsSchema, defineTool, param, textResult, throwIfAborted, type ToolArgs, ToolFailure } from './define';
import { globMatcher } from './find';
import { listingResult } from './listing';
import { resolveExisting } from './paths';
import type { Tool, ToolContext, ToolResult } from './tool';
import { DEFAULT_MAX_BYTES } from './truncate';
import { walk } from './walk';

export const GREP_DEFAULT_LIMIT = 100;
export const GREP_MAX_LINE_CHARS = 500;
export const GREP_MAX_FILE_BYTES = 16 * 1024 * 1024;
/** A NUL byte in a file's first 8 KB marks it binary (git's and ripgrep's rule). */
const BINARY_SNIFF_BYTES = 8192;

interface Search {
  regex: RegExp;
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
        `Search file contents with a regular expression (JavaScript syntax) or a literal text, honouring .gitignore. ` +
        `Returns matching lines as path:line: text. At most ${GREP_DEFAULT_LIMIT} matches (or the given limit) and ${DEFAULT_MAX_BYTES / 1024}KB; ` +
        `lines longer than ${GREP_MAX_LINE_CHARS} characters are cut.`,
      inputSchema: argumentsSchema(
        {
          pattern: param('string', 'Regular expression, or literal text when literal is true'),
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
    regex: compile(pattern, optionalBoolean(args, 'literal') ?? false, optionalBoolean(args, 'ignoreCase') ?? false),
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

function compile(pattern: string, literal: boolean, ignoreCase: boolean): RegExp {
  const source = literal ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern;
  try {
    return new RegExp(source, ignoreCase ? 'i' : '');
  } catch (error) {
    throw new ToolFailure(`${errorMessage(error)}. Set literal to true to search for the text as it is.`);
  }
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
  const lines = bytes.toString('utf8').split('\n');
  const shown = new Set<number>();
  for (let index = 0; index < lines.length; index++) {
    if (!search.regex.test(stripCr(lines[index]!))) continue;
    if (search.matches === search.limit) {
      search.limited = true;
      break;
    }
    search.matches++;
    const first = Math.max(0, index - search.context);
    const last = Math.min(lines.length - 1, index + search.context);
    for (let line = first; line <= last; line++) {
      if (shown.has(line)) continue;
      shown.add(line);
      const mark = line === index ? ':' : '-';
      search.out.push(`${shownAs}${mark}${line + 1}${mark} ${cut(stripCr(lines[line]!), search)}`);
    }
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

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function cut(line: string, search: Search): string {
  if (line.length <= GREP_MAX_LINE_CHARS) return line;
  search.linesCut = true;
  return `${line.slice(0, GREP_MAX_LINE_CHARS)}… [cut]`;
}
