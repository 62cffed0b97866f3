/**
 * The workspace's files and folders for the `@` completion list: walked once the way git sees the
 * workspace (walk.ts: `.gitignore` honoured, `.git` and `node_modules` never entered, links not
 * entered), less what `files.exclude` hides, then matched per keystroke in memory. A hostile or
 * huge workspace cannot grow it without end: past MAX_INDEXED entries the walk stops.
 *
 * Matching is fuzzy: the query's characters in order, case ignored; a match in the file's name
 * beats one spread over its folders, consecutive characters beat scattered ones, a short path
 * beats a long one.
 */
import { walk } from '../workspace/walk';
import { parseGitignore, type IgnoreRules } from '../workspace/gitignore';
import { SPECIAL_MENTIONS, type SpecialMention } from './parse';

export interface IndexedPath {
  /** Posix, relative to the workspace folder. */
  path: string;
  isFolder: boolean;
}

export type MentionSuggestion = { kind: 'file' | 'folder'; path: string } | { kind: SpecialMention; path: SpecialMention };

export const MAX_INDEXED = 200_000;
export const MAX_SUGGESTIONS = 50;

export interface FileIndex {
  readonly size: number;
  /** At most `limit` suggestions, best first; an empty query lists the specials and the top of the workspace. */
  query(text: string, limit?: number): MentionSuggestion[];
  /** Forgets a path, and everything under it when it was a folder (a deletion seen by the watcher). */
  remove(path: string): void;
}

export interface BuildOptions {
  /** The real workspace folder. */
  root: string;
  /** `files.exclude` as rules (filesExcludeRules). */
  exclude?: IgnoreRules;
  signal: AbortSignal;
}

export async function buildFileIndex(options: BuildOptions): Promise<FileIndex> {
  const entries: IndexedPath[] = [];
  let hidden: string | undefined;
  for await (const entry of walk({ root: options.root, start: options.root, signal: options.signal })) {
    // Depth first: everything under an excluded folder follows it, and is left out with it.
    if (hidden !== undefined && entry.relative.startsWith(hidden)) continue;
    hidden = undefined;
    if (options.exclude?.test(entry.relative + (entry.isDirectory ? '/' : '')).ignored) {
      if (entry.isDirectory) hidden = `${entry.relative}/`;
      continue;
    }
    entries.push({ path: entry.relative, isFolder: entry.isDirectory && !entry.isSymbolicLink });
    if (entries.length >= MAX_INDEXED) break;
  }
  return fileIndex(entries);
}

export function fileIndex(initial: readonly IndexedPath[]): FileIndex {
  let entries = [...initial];
  let lowered = entries.map((entry) => entry.path.toLowerCase());
  return {
    get size() {
      return entries.length;
    },
    query(text, limit = MAX_SUGGESTIONS) {
      const needle = text.toLowerCase();
      const specials = SPECIAL_MENTIONS.filter((name) => name.startsWith(needle)).map((name) => ({ kind: name, path: name }) as MentionSuggestion);
      const scored: { score: number; index: number }[] = [];
      for (let index = 0; index < entries.length; index++) {
        const score = fuzzyScore(lowered[index]!, needle);
        if (score !== undefined) scored.push({ score, index });
      }
      scored.sort((a, b) => b.score - a.score || lowered[a.index]!.localeCompare(lowered[b.index]!));
      const found = scored.slice(0, Math.max(0, limit - specials.length)).map(({ index }) => suggestionOf(entries[index]!));
      return [...specials, ...found].slice(0, limit);
    },
    remove(path) {
      const under = `${path}/`;
      const keep = entries.map((entry) => entry.path !== path && !entry.path.startsWith(under));
      entries = entries.filter((_, index) => keep[index]);
      lowered = lowered.filter((_, index) => keep[index]);
    },
  };
}

function suggestionOf(entry: IndexedPath): MentionSuggestion {
  return { kind: entry.isFolder ? 'folder' : 'file', path: entry.path };
}

/**
 * How well `path` matches the query (higher is better), or undefined when the query's characters
 * are not all in it, in order. Both are lower case.
 */
export function fuzzyScore(path: string, query: string): number | undefined {
  if (query === '') return -path.length - 50 * countSlashes(path);
  const nameStart = path.lastIndexOf('/') + 1;
  // A query that is a substring of the name or path is scored on that, the best kind of match.
  const inName = path.indexOf(query, nameStart);
  if (inName >= 0) return 3000 + (inName === nameStart ? 500 : 0) - path.length;
  const inPath = path.indexOf(query);
  if (inPath >= 0) return 2000 + (inPath === 0 || path[inPath - 1] === '/' ? 300 : 0) - path.length;
  let score = 1000 - path.length;
  let at = 0;
  let previous = -2;
  for (const char of query) {
    const found = path.indexOf(char, at);
    if (found < 0) return undefined;
    if (found === previous + 1) score += 10;
    if (found >= nameStart) score += 5;
    if (found === 0 || path[found - 1] === '/' || path[found - 1] === '.' || path[found - 1] === '-' || path[found - 1] === '_') score += 8;
    previous = found;
    at = found + 1;
  }
  return score;
}

function countSlashes(path: string): number {
  let count = 0;
  for (const char of path) if (char === '/') count++;
  return count;
}

/**
 * `files.exclude` as rules on workspace-relative paths (folders with a trailing '/'). VS Code
 * matches those globs against the whole relative path, so each is tied to the workspace folder;
 * `{a,b}` alternatives become one rule each.
 */
export function filesExcludeRules(patterns: readonly string[]): IgnoreRules {
  const lines = patterns.flatMap(expandBraces).map((pattern) => (pattern.startsWith('/') ? pattern : `/${pattern}`));
  return parseGitignore(lines.join('\n'));
}

/** One level of `{a,b}` (what settings use); a pattern without braces is itself. */
function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  const close = pattern.indexOf('}', open);
  if (open < 0 || close < 0) return [pattern];
  return pattern.slice(open + 1, close).split(',').map((choice) => pattern.slice(0, open) + choice + pattern.slice(close + 1));
}
