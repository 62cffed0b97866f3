/** One line of context around a match, for a result row. */
import type { Match } from './query';

export interface Snippet {
  text: string;
  /** The match within `text`. */
  start: number;
  end: number;
}

const CONTEXT = 40;
const MAX_MATCH = 120;

/** The match's line, cut to some characters either side; tabs and other whitespace shown as spaces. */
export function snippetAround(text: string, match: Match): Snippet {
  const lineStart = text.lastIndexOf('\n', match.start - 1) + 1;
  const newline = text.indexOf('\n', match.start);
  const lineEnd = newline < 0 ? text.length : newline;
  const end = Math.min(match.end, lineEnd, match.start + MAX_MATCH);
  const from = Math.max(lineStart, match.start - CONTEXT);
  const to = Math.min(lineEnd, end + CONTEXT);
  const before = flatten(text.slice(from, match.start)).trimStart();
  const matched = flatten(text.slice(match.start, end));
  const after = flatten(text.slice(end, to)).trimEnd();
  const lead = from > lineStart ? '…' : '';
  const tail = to < lineEnd ? '…' : '';
  const start = lead.length + before.length;
  return { text: `${lead}${before}${matched}${after}${tail}`, start, end: start + matched.length };
}

/** Tabs and other whitespace become spaces one for one, so offsets within a piece stay. */
function flatten(text: string): string {
  return text.replace(/\s/g, ' ');
}
