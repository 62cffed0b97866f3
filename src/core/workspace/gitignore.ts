/**
 * `.gitignore` rules as git reads them, matched on RE2's linear-time engine. A repository is
 * someone else's text: with a backtracking matcher (the `ignore` package builds JavaScript
 * RegExps) a rule like `**\/a/**\/a/**\/a/**\/b` takes minutes on a deep path, and `grep` and
 * `find` test every path they walk. A file's first MAX_RULES rules are used; a rule RE2 cannot
 * run (too large) is skipped, which only means more files are searched.
 *
 * Paths are posix, relative to the folder holding the file, with a trailing `/` for folders.
 * Matching ignores case, as the `ignore` package did before.
 */
import { compileLinearRegex, LinearRegexError, quoteLiteral, type LinearRegex } from '../util/linearRegex';

export const MAX_RULES = 2000;

export interface IgnoreVerdict {
  /** The last rule that matched excludes the path. */
  ignored: boolean;
  /** The last rule that matched is a `!` rule (it re-includes the path). */
  unignored: boolean;
}

export interface IgnoreRules {
  test(relative: string): IgnoreVerdict;
}

interface Rule {
  negated: boolean;
  regex: LinearRegex;
}

export function parseGitignore(text: string): IgnoreRules {
  const rules: Rule[] = [];
  for (const line of text.split('\n')) {
    if (rules.length === MAX_RULES) break;
    const rule = parseRule(line);
    if (rule) rules.push(rule);
  }
  return {
    test(relative) {
      let verdict: IgnoreVerdict = { ignored: false, unignored: false };
      for (const rule of rules) if (rule.regex.test(relative)) verdict = { ignored: !rule.negated, unignored: rule.negated };
      return verdict;
    },
  };
}

function parseRule(line: string): Rule | undefined {
  let pattern = trimTrailingSpaces(line.endsWith('\r') ? line.slice(0, -1) : line);
  if (pattern === '' || pattern.startsWith('#')) return undefined;
  const negated = pattern.startsWith('!');
  if (negated) pattern = pattern.slice(1);
  const directoryOnly = pattern.endsWith('/');
  if (directoryOnly) pattern = pattern.slice(0, -1);
  // A slash at the start or in the middle ties the pattern to the file's folder.
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  if (pattern === '') return undefined;
  const source = `${anchored ? '^' : '(?:^|/)'}${segmentsSource(pattern.split('/'))}${directoryOnly ? '/$' : '/?$'}`;
  try {
    return { negated, regex: compileLinearRegex(source, { ignoreCase: true }) };
  } catch (error) {
    if (error instanceof LinearRegexError) return undefined;
    throw error;
  }
}

/** `**` as a whole segment spans folders: any leading ones, everything inside, or zero or more between. */
function segmentsSource(segments: readonly string[]): string {
  let source = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment !== '**') source += (index === 0 || segments[index - 1] === '**' ? '' : '/') + globSource(segment);
    else if (index === 0) source += last ? '.+' : '(?:.*/)?';
    else source += last ? '/.+' : '/(?:.*/)?';
  });
  return source;
}

/** One segment: `*` and `?` within the segment, `[...]` classes, `\x` for a literal x. */
function globSource(glob: string): string {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '\\' && i + 1 < glob.length) source += quoteLiteral(glob[++i]!);
    else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const end = classEnd(glob, i);
      if (end < 0) source += quoteLiteral(char);
      else {
        source += classSource(glob.slice(i + 1, end));
        i = end;
      }
    } else source += quoteLiteral(char);
  }
  return source;
}

/** The index of the `]` closing the class opened at `open` (a `]` right after `[` or `[!` is a member), or -1. */
function classEnd(glob: string, open: number): number {
  let i = open + 1;
  if (glob[i] === '!' || glob[i] === '^') i++;
  if (glob[i] === ']') i++;
  for (; i < glob.length; i++) if (glob[i] === ']') return i;
  return -1;
}

function classSource(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^');
  const members = (negated ? body.slice(1) : body).replace(/[\\\]^[]/g, '\\$&');
  // A class never matches the separator, negated or not.
  return negated ? `[^/${members}]` : `[${members}]`;
}

/** Trailing spaces are dropped unless escaped with a backslash. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ' && line[end - 2] !== '\\') end--;
  return line.slice(0, end).replace(/\\ $/, ' ');
}
