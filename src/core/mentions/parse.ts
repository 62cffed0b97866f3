/**
 * Finding the mentions in a prompt: `@path`, `@"path with spaces"`, either with `#L10` or
 * `#L10-20` for a line range, and the words `@problems`, `@selection`, `@terminal`. A mention
 * starts the text or follows white space or an opening bracket, so `me@example.com` is not one.
 * An unquoted path ends at white space; punctuation that ends a sentence (`.` `,` `;` `:` `!` `?`
 * and closing brackets or quotes) is not part of it, so "look at @a.txt." names `a.txt`.
 */

/** 1-based, both ends included: `#L10` is `first` = `last` = 10. */
export interface LineRange {
  first: number;
  last: number;
}

export type SpecialMention = 'problems' | 'selection' | 'terminal';

export type Mention =
  | { kind: 'path'; path: string; range?: LineRange; raw: string; start: number; end: number }
  | { kind: SpecialMention; raw: string; start: number; end: number };

export const SPECIAL_MENTIONS: readonly SpecialMention[] = ['problems', 'selection', 'terminal'];

/** The characters a mention may follow. */
const OPENERS = new Set([' ', '\t', '\n', '\r', '(', '[', '{', '"', "'", '`']);
const TRAILING = /[.,;:!?)\]}"'`]+$/;
const RANGE = /^#L([0-9]{1,9})(?:-L?([0-9]{1,9}))?/;
const QUOTED = /^"([^"\n\r]+)"/;
const UNQUOTED = /^[^\s]+/;

export function parseMentions(text: string): Mention[] {
  const mentions: Mention[] = [];
  let at = text.indexOf('@');
  while (at >= 0) {
    const mention = at === 0 || OPENERS.has(text[at - 1]!) ? mentionAt(text, at) : undefined;
    if (mention) mentions.push(mention);
    at = text.indexOf('@', mention ? mention.end : at + 1);
  }
  return mentions;
}

function mentionAt(text: string, start: number): Mention | undefined {
  const rest = text.slice(start + 1);
  const quoted = QUOTED.exec(rest);
  let path: string;
  let length: number;
  if (quoted) {
    path = quoted[1]!;
    length = quoted[0].length;
  } else {
    const word = UNQUOTED.exec(rest)?.[0] ?? '';
    const hash = word.indexOf('#L');
    // The range is judged on its own; only the path loses trailing punctuation.
    const bare = (hash >= 0 ? word.slice(0, hash) : word).replace(TRAILING, '');
    if (bare === '') return undefined;
    path = bare;
    length = bare.length;
    const special = SPECIAL_MENTIONS.find((name) => name === bare);
    if (special && hash < 0) return { kind: special, raw: `@${bare}`, start, end: start + 1 + length };
  }
  const range = RANGE.exec(rest.slice(length));
  const parsed = range ? lineRange(range[1]!, range[2]) : undefined;
  if (parsed) length += range![0].length;
  const end = start + 1 + length;
  return { kind: 'path', path, ...(parsed ? { range: parsed } : {}), raw: text.slice(start, end), start, end };
}

/** `#L0`, or a range that ends before it starts, is no range: the text after the path stays text. */
function lineRange(first: string, last: string | undefined): LineRange | undefined {
  const from = Number(first);
  const to = last === undefined ? from : Number(last);
  return from >= 1 && to >= from ? { first: from, last: to } : undefined;
}

/** `path#L10-20` (or `#L10` for one line): the name a block carries and a chip shows. */
export function rangeName(path: string, range: LineRange | undefined): string {
  if (!range) return path;
  return range.first === range.last ? `${path}#L${range.first}` : `${path}#L${range.first}-${range.last}`;
}
