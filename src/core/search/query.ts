/**
 * What to look for and how to find it fast in raw JSONL.
 *
 * Matching is on the decoded text of entries (case-insensitive plain text, or a regular
 * expression). Most lines of a session hold no hit, so before any line is JSON-parsed a cheap
 * prefilter looks at its raw bytes. The prefilter must never drop a line that holds a match:
 *
 * - Session writers (pi, Arbor, JSON.stringify, Python's json) escape only `"`, `\`, control
 *   characters and, in some writers, `/` and non-ASCII (`\uXXXX`). Printable ASCII other than
 *   `"`, `\` and `/` is always written as itself — the "safe" characters.
 * - So a match whose raw form holds no escape is the query itself in the lower-cased raw line.
 * - A match whose raw form holds an escape is in a line with a backslash, and every run of safe
 *   characters of the query still appears as itself. Lines passing that test are parsed too.
 *   A query made only of safe characters can never be escaped: the first test is exact for it.
 * - A regular expression cannot be checked on raw text (an escape can sit anywhere in a match),
 *   so the prefilter only skips lines without a backslash where it finds nothing, and never
 *   when the expression has anchors (the decoded text ends inside the raw line's quotes).
 */
import { compileLinearRegex, LinearRegexError, type LinearRegex } from '../util/linearRegex';

export interface SearchQueryInput {
  text: string;
  /** Treat `text` as a regular expression (RE2 syntax, linear time: session text may be hostile), matched case-insensitively. */
  regex?: boolean;
}

export interface Match {
  start: number;
  end: number;
}

export class SearchQueryError extends Error {
  constructor(
    readonly reason: 'empty' | 'bad-regex',
    message: string,
  ) {
    super(message);
    this.name = 'SearchQueryError';
  }
}

export interface CompiledQuery {
  /** Whether a raw JSONL line (and its lower-cased form) may hold a match. */
  mayMatch(rawLine: string, loweredLine: string): boolean;
  /** Lower-cased text to look for in the lower-cased file first (plain queries only). */
  readonly lowered: string | undefined;
  /** The lower-cased raw text holds a match exactly where `lowered` occurs (plain queries of safe characters). */
  readonly exactOnRaw: boolean;
  /** The first match in decoded text and how many there are. */
  find(text: string): { match: Match; count: number } | undefined;
}

const SAFE_RUN = /[\x20-\x7e]+/g;
const UNSAFE = /["\\/]/g;

export function compileQuery(input: SearchQueryInput): CompiledQuery {
  if (input.text === '') throw new SearchQueryError('empty', 'Type something to search for.');
  return input.regex ? regexQuery(input.text) : plainQuery(input.text);
}

function plainQuery(text: string): CompiledQuery {
  const lowered = text.toLowerCase();
  const safeRuns = (lowered.replace(UNSAFE, '\u0000').match(SAFE_RUN) ?? []).filter((run) => run.length > 0);
  const allSafe = safeRuns.join('') === lowered;
  return {
    lowered,
    exactOnRaw: allSafe,
    mayMatch: (raw, loweredLine) =>
      loweredLine.includes(lowered) || (!allSafe && raw.includes('\\') && safeRuns.every((run) => loweredLine.includes(run))),
    find: (decoded) => findPlain(decoded, lowered),
  };
}

function regexQuery(source: string): CompiledQuery {
  let pattern: LinearRegex;
  try {
    pattern = compileLinearRegex(source, { ignoreCase: true });
  } catch (error) {
    if (error instanceof LinearRegexError) throw new SearchQueryError('bad-regex', `Not a valid regular expression: ${error.message}`);
    throw error;
  }
  // Anchors match at the ends of the decoded text, which sit inside the raw line's quotes.
  const anchored = /[$^]|\\[Az]/.test(source);
  return {
    lowered: undefined,
    exactOnRaw: false,
    mayMatch: (raw) => anchored || raw.includes('\\') || pattern.test(raw),
    find: (decoded) => {
      let first: Match | undefined;
      let count = 0;
      // Empty matches are not counted (they are not in `matches`).
      for (const found of pattern.matches(decoded)) {
        first ??= found;
        count++;
      }
      return first ? { match: first, count } : undefined;
    },
  };
}

/** Case-insensitive search by lower-casing; offsets stay right when lower-casing changes lengths (e.g. "İ"). */
function findPlain(text: string, lowered: string): { match: Match; count: number } | undefined {
  const folded = text.toLowerCase();
  let at = folded.indexOf(lowered);
  if (at < 0) return undefined;
  let count = 0;
  const first = at;
  for (; at >= 0; at = folded.indexOf(lowered, at + lowered.length)) count++;
  if (folded.length === text.length) return { match: { start: first, end: first + lowered.length }, count };
  const map = foldedOffsets(text);
  const start = map.findIndex((offset) => offset >= first);
  const end = map.findIndex((offset) => offset >= first + lowered.length);
  return { match: { start, end: end < 0 ? text.length : end }, count };
}

/** For each offset of `text` (and its end), where it lands in `text.toLowerCase()`. */
function foldedOffsets(text: string): number[] {
  const offsets: number[] = [];
  let folded = 0;
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    for (let k = 0; k < char.length; k++) offsets.push(folded);
    folded += char.toLowerCase().length;
    i += char.length;
  }
  offsets.push(folded);
  return offsets;
}
