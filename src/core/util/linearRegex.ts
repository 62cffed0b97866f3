/**
 * Regular expressions someone else wrote (a model's grep pattern, a search query) run with RE2's
 * linear-time engine (re2js, a pure JavaScript port): the time to match grows with the text, never
 * exponentially, so `(a+)+$` over a line of `a`s cannot freeze the thread it runs on. JavaScript's
 * own RegExp backtracks and must never see such a pattern.
 *
 * RE2 has no lookaround and no backreferences; those patterns are refused with a reason that says
 * what to write instead. A pattern is also refused when it is very long or its compiled program is
 * very large (repetition counts multiply it): matching time grows with the program's size too.
 */
import type * as Re2js from 're2js';

type RE2JS = Re2js.RE2JS;

/**
 * The engine, loaded on the first pattern: the extension's bundle keeps it in a file of its own
 * (150 KiB that activation never parses), required here synchronously because compiling a
 * pattern is synchronous for its callers.
 */
let engine: typeof Re2js | undefined;
function re2(): typeof Re2js {
  engine ??= require('re2js') as typeof Re2js;
  return engine;
}

/** Longest pattern text compiled (compiling takes time in proportion to it). */
export const MAX_PATTERN_CHARS = 4096;
/** Largest compiled program run (`[a-z]{1000}` alone is about 1000). */
export const MAX_PROGRAM_SIZE = 2000;

export type LinearRegexFault = 'invalid' | 'lookaround' | 'backreference' | 'too-large';

/** A pattern RE2 cannot run, with a message in plain words (no "Set literal…" advice: callers add their own). */
export class LinearRegexError extends Error {
  constructor(
    readonly reason: LinearRegexFault,
    message: string,
  ) {
    super(message);
    this.name = 'LinearRegexError';
  }
}

export interface LinearMatch {
  /** UTF-16 offsets into the searched text, as String.prototype.slice takes them. */
  start: number;
  end: number;
}

export interface LinearRegex {
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /** The non-empty matches, left to right, without overlaps. */
  matches(text: string): Generator<LinearMatch>;
}

export interface LinearRegexOptions {
  ignoreCase?: boolean;
  /** `^` and `$` also match at line breaks inside the text. */
  multiline?: boolean;
}

/** Compiles an RE2 pattern; throws `LinearRegexError` for one it cannot or will not run. */
export function compileLinearRegex(source: string, options: LinearRegexOptions = {}): LinearRegex {
  if (source.length > MAX_PATTERN_CHARS) {
    throw new LinearRegexError('too-large', `The pattern is ${source.length} characters long; the limit is ${MAX_PATTERN_CHARS}.`);
  }
  const { RE2JS } = re2();
  const pattern = compile(source, (options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (options.multiline ? RE2JS.MULTILINE : 0));
  if (pattern.programSize() > MAX_PROGRAM_SIZE) {
    throw new LinearRegexError('too-large', 'The pattern is too complex (its repetition counts or alternatives make it very large); use smaller counts such as {1,50}, or fewer alternatives.');
  }
  return {
    test: (text) => pattern.test(text),
    *matches(text) {
      const matcher = pattern.matcher(text);
      while (matcher.find()) {
        const start = matcher.start();
        const end = matcher.end();
        if (end > start) yield { start, end };
      }
    },
  };
}

/** A literal text as an RE2 pattern that matches exactly it. */
export function quoteLiteral(text: string): string {
  return re2().RE2JS.quote(text);
}

function compile(source: string, flags: number): RE2JS {
  const { RE2JS, RE2JSSyntaxException } = re2();
  try {
    return RE2JS.compile(source, flags);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) throw syntaxError(error);
    throw error;
  }
}

/** The parser names the offending piece (`input`): lookaround and backreferences get their own advice. */
function syntaxError(error: Re2js.RE2JSSyntaxException): LinearRegexError {
  const piece = error.input ?? '';
  const lookaround = /^\(\?<?[=!]/.exec(piece);
  if (lookaround) {
    return new LinearRegexError(
      'lookaround',
      `RE2 syntax has no lookahead or lookbehind (${lookaround[0]}…): match the surrounding text itself (a wider pattern), or search for the part you want and read the lines around it.`,
    );
  }
  const backreference = /^\\(?:[1-9]|k)/.exec(piece);
  if (backreference) {
    return new LinearRegexError('backreference', `RE2 syntax has no backreferences (${backreference[0]}): write the repeated text out, or search for one part and read the matching lines.`);
  }
  const where = piece === '' ? '' : ` at "${piece.length > 60 ? `${piece.slice(0, 59)}…` : piece}"`;
  return new LinearRegexError('invalid', `Invalid regular expression (RE2 syntax): ${error.error}${where}.`);
}
