/**
 * Markdown read as plain words, for one-line labels (Session Tree rows, Switch Branch items):
 * `**TypeScript**` reads "TypeScript", `# A longer answer` reads "A longer answer", a link reads
 * as its text, inline code as its content, known HTML tags go and entities are decoded.
 *
 * Not a Markdown parser: a few single-pass rules for what a message's first line usually holds.
 * A label shows one line of at most a hundred characters, so only that line is looked at, and only
 * its first `LINE_WINDOW` characters: whatever a message holds, the work stays small. Every pattern
 * stops at the next bracket, parenthesis, asterisk or angle bracket, so none backtracks over the
 * line either.
 */

/** Characters of one line that are read (a label shows far fewer). */
const LINE_WINDOW = 1000;
/** Lines tried when the first ones have no words (a code fence, a rule, an image alone). */
const MAX_LINES = 40;

/**
 * The first line of `markdown` that has words, as plain text with single spaces, cut to `max`
 * characters ("…" marks a cut). Fence lines, rules and table separators are skipped, so a message
 * that opens with a code block reads as the code's first line. '' when no line has words.
 */
export function plainFirstLine(markdown: string, max = 80): string {
  let start = 0;
  for (let lines = 0; lines < MAX_LINES && start <= markdown.length; lines++) {
    const newline = markdown.indexOf('\n', start);
    const end = newline < 0 ? markdown.length : newline;
    const words = plainLine(markdown.slice(start, Math.min(end, start + LINE_WINDOW)));
    if (words !== '') return cutText(words, max);
    if (newline < 0) break;
    start = newline + 1;
  }
  return '';
}

/** One line of Markdown as plain words ('' for a line without any: blank, a fence, a rule). */
export function plainLine(line: string): string {
  const trimmed = line.trim();
  if (trimmed === '' || isFence(trimmed) || isRule(trimmed)) return '';
  return plainInline(withoutBlockMarkers(trimmed))
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` cut to `max` characters, "…" marking the cut. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function isFence(line: string): boolean {
  return /^(?:`{3,}|~{3,})/.test(line);
}

/** A thematic break, a setext underline, or a table's separator row. */
function isRule(line: string): boolean {
  return /^[-*_=|:\s]+$/.test(line) && /[-*_=]{3,}|-/.test(line.replace(/\s/g, ''));
}

/** Heading marks, quote marks, list markers and task boxes at the start (nested ones too), a table row's outer pipes. */
function withoutBlockMarkers(line: string): string {
  let rest = line;
  for (let depth = 0; depth < 8; depth++) {
    const heading = rest.replace(/^#{1,6}(?:\s+|$)/, '');
    const next = (heading !== rest ? withoutClosingHashes(heading) : rest)
      .replace(/^>\s?/, '')
      .replace(/^(?:[-*+]|\d{1,9}[.)])\s+/, '')
      .replace(/^\[[ xX]\]\s+/, '');
    if (next === rest) break;
    rest = next;
  }
  if (rest.startsWith('|')) rest = rest.slice(1).trimStart();
  if (rest.endsWith('|') && !rest.endsWith('\\|')) rest = rest.slice(0, -1).trimEnd();
  return rest;
}

/** "Title ##" → "Title": a heading's closing run of hashes, when a space comes before it. Counted, not matched, so a long run costs one pass. */
function withoutClosingHashes(heading: string): string {
  const text = heading.trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === text.length) return text;
  return end === 0 ? '' : /\s/.test(text[end - 1]!) ? text.slice(0, end).trimEnd() : text;
}

/** Inline Markdown of one line as its words: code spans are kept verbatim, the rest is stripped. */
function plainInline(line: string): string {
  let out = '';
  let prose = 0;
  for (const span of codeSpans(line)) {
    out += plainProse(line.slice(prose, span.start)) + trimCodeSpan(line.slice(span.contentStart, span.contentEnd));
    prose = span.end;
  }
  return out + plainProse(line.slice(prose));
}

/** A code span of a line: `start`/`end` around its backticks, `contentStart`/`contentEnd` inside them. */
export interface CodeSpan {
  start: number;
  end: number;
  contentStart: number;
  contentEnd: number;
}

/**
 * The code spans of one line, in order. A span opens with a run of backticks and closes at the
 * next run of the same length; each run length has its own cursor, so finding the closers is one
 * pass however many runs the line has.
 */
export function codeSpans(line: string): CodeSpan[] {
  const runs = [...line.matchAll(/`+/g)].map((match) => ({ at: match.index, length: match[0].length }));
  const byLength = new Map<number, number[]>();
  runs.forEach((run, index) => {
    const same = byLength.get(run.length);
    if (same) same.push(index);
    else byLength.set(run.length, [index]);
  });
  const cursor = new Map<number, number>();
  const spans: CodeSpan[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const same = byLength.get(run.length)!;
    let next = cursor.get(run.length) ?? 0;
    while (next < same.length && same[next]! <= i) next++;
    cursor.set(run.length, next);
    if (next >= same.length) continue;
    const close = runs[same[next]!]!;
    spans.push({ start: run.at, end: close.at + close.length, contentStart: run.at + run.length, contentEnd: close.at });
    i = same[next]!;
  }
  return spans;
}

/** A code span's content loses one space on each side when it has one on both (CommonMark). */
function trimCodeSpan(text: string): string {
  return text.length > 2 && text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '' ? text.slice(1, -1) : text;
}

/** Escaped punctuation stands in as private-use characters while the rules run, so `\*` stays a star. */
const ESCAPE_BASE = 0xe000;

/** Characters some rule below starts at: prose without any of them is already plain. */
const MARKUP = /[\\[\]<>&*_~]/;

function plainProse(text: string): string {
  if (!MARKUP.test(text)) return text;
  const escaped = text.replace(/\\([!-/:-@[-`{-~])/g, (_, char: string) => String.fromCharCode(ESCAPE_BASE + char.charCodeAt(0)));
  const stripped = escaped
    // Images and links read as their text; reference links too; autolinks as their address.
    .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/!?\[([^[\]]*)\]\[[^[\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^<>\s]*)>/gi, '$1')
    .replace(/<\/?([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?\/?>/g, (tag, name: string) => (HTML_TAGS.has(name.toLowerCase()) ? (name.toLowerCase() === 'br' ? ' ' : '') : tag))
    .replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, '$1')
    .replace(/(?<![\p{L}\p{N}_])__(?=\S)([^_]*?\S)__(?![\p{L}\p{N}_])/gu, '$1')
    .replace(/~~(?=\S)([^~]*?\S)~~/g, '$1')
    .replace(/\*(?=[^\s*])([^*]*?[^\s*])\*/g, '$1')
    .replace(/(?<![\p{L}\p{N}_])_(?=[^\s_])([^_]*?[^\s_])_(?![\p{L}\p{N}_])/gu, '$1');
  return decodeEntities(stripped).replace(/[\ue021-\ue07e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - ESCAPE_BASE));
}

/** Tags that are HTML's own: `<b>`, `</details>` go; `<angle>` or `Vec<T>` in a prompt is text and stays. */
const HTML_TAGS = new Set([
  'a', 'abbr', 'b', 'big', 'blockquote', 'br', 'center', 'cite', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'font',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'picture', 'pre', 'q', 's', 'samp',
  'small', 'source', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr',
  'tt', 'u', 'ul', 'var', 'video', 'wbr',
]);

const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['nbsp', ' '], ['copy', '©'], ['reg', '®'],
  ['hellip', '…'], ['mdash', '—'], ['ndash', '–'], ['lsquo', '‘'], ['rsquo', '’'], ['ldquo', '“'], ['rdquo', '”'], ['middot', '·'],
]);

function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,8});/g, (entity, body: string) => {
    if (!body.startsWith('#')) return NAMED_ENTITIES.get(body) ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}
