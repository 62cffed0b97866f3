/**
 * `find`: files and folders whose path matches a glob, honouring `.gitignore`. A pattern without a
 * '/' matches names at any depth (`*.ts`); one with a '/' matches paths below the search folder at
 * any depth (`src/**\/*.test.ts`), or from the search folder itself when it starts with '/'.
 */
import { braceExpand, Minimatch } from 'minimatch';
import { optionalInteger, optionalString, requiredString } from './args';
import { argumentsSchema, defineTool, param, textResult, ToolFailure } from './define';
import { listingResult } from './listing';
import { resolveFolder } from '../../workspace/paths';
import type { Tool } from './tool';
import { DEFAULT_MAX_BYTES } from '../../workspace/truncate';
import { walk } from '../../workspace/walk';

export const FIND_DEFAULT_LIMIT = 1000;

export function createFindTool(): Tool {
  return defineTool({
    spec: {
      name: 'find',
      description:
        `Find files by glob pattern (e.g. '*.ts', 'src/**/*.test.ts'), honouring .gitignore. Paths come relative to the search folder, ` +
        `folders ending in '/'. At most ${FIND_DEFAULT_LIMIT} results (or the given limit) and ${DEFAULT_MAX_BYTES / 1024}KB.`,
      inputSchema: argumentsSchema(
        {
          pattern: param('string', "Glob to match, e.g. '*.json' or 'src/**/*.ts'"),
          path: param('string', 'Folder to search, relative to the workspace folder (default: the workspace folder)'),
          limit: param('number', `Most results to return (default ${FIND_DEFAULT_LIMIT})`),
        },
        ['pattern'],
      ),
    },
    needsApproval: false,
    async run(args, context) {
      const pattern = requiredString(args, 'pattern');
      const given = optionalString(args, 'path') || '.';
      const limit = optionalInteger(args, 'limit', 1) ?? FIND_DEFAULT_LIMIT;
      if (pattern.trim() === '') throw new ToolFailure('Invalid arguments: "pattern" is empty.');
      const target = await resolveFolder(context.root, given);
      const matcher = globMatcher(pattern);
      const found: string[] = [];
      let limited = false;
      for await (const entry of walk({ root: target.root, start: target.real, signal: context.signal })) {
        if (!matcher(entry.relative)) continue;
        if (found.length === limit) {
          limited = true;
          break;
        }
        found.push(entry.isDirectory ? `${entry.relative}/` : entry.relative);
      }
      if (found.length === 0) return textResult('No files match the pattern.');
      return listingResult(found, [
        { hit: limited, notice: `Stopped at ${limit} results; use limit=${limit * 2} for more, or a narrower pattern`, details: { resultLimitReached: limit } },
      ]);
    },
  });
}

/**
 * Most patterns a glob's braces may expand to: minimatch tests a path against each, and
 * `{a,b}{a,b}…` doubles them per group (a model that read a hostile file may send 2^30).
 */
export const MAX_GLOB_EXPANSIONS = 256;

/** A test for posix paths relative to the search folder. */
export function globMatcher(pattern: string): (relative: string) => boolean {
  if (braceExpand(pattern, { braceExpandMax: MAX_GLOB_EXPANSIONS + 1 }).length > MAX_GLOB_EXPANSIONS) {
    throw new ToolFailure(`The glob expands to more than ${MAX_GLOB_EXPANSIONS} patterns (each {a,b} group multiplies them): use fewer brace groups.`);
  }
  const options = { dot: true, braceExpandMax: MAX_GLOB_EXPANSIONS };
  if (!pattern.includes('/')) {
    const name = new Minimatch(pattern, options);
    return (relative) => name.match(relative.slice(relative.lastIndexOf('/') + 1));
  }
  const anchored = pattern.startsWith('/') ? pattern.slice(1) : pattern.startsWith('**/') ? pattern : `**/${pattern}`;
  const full = new Minimatch(anchored, options);
  return (relative) => full.match(relative);
}
