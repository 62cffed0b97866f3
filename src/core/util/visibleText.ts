/**
 * Makes the characters a reader cannot see visible, for text a user must judge before approving
 * it (a command, a path, a file's content). A bidi override can make `rm -rf /tmp/x` read as
 * something else, a zero-width space can split a name in two without a trace, a carriage return
 * or a control character can hide what follows in a terminal. Each such character becomes a token
 * naming its code point (`⟨U+202E⟩`); a run of the same one is counted (`⟨U+200B ×40⟩`).
 *
 * The result is a list of segments, not markup: the caller draws each as a text node (and the
 * hidden ones highlighted) or joins them into plain text, so nothing in the input can become HTML.
 */

export type VisibleSegment =
  /** Text shown as it is. */
  | { kind: 'text'; text: string }
  /** One or more hidden characters: `text` is their tokens, `description` says what they are. */
  | { kind: 'hidden'; text: string; description: string };

/**
 * What is made visible: controls (C0 but tab and line feed, DEL, C1), format characters (bidi
 * embeddings, overrides and isolates, zero-width characters, the byte-order mark, the soft hyphen,
 * tag characters), every other default-ignorable code point (variation selectors, Hangul fillers),
 * line and paragraph separators, spaces other than the plain space (they look like one and are
 * not one to a shell), lone surrogates and the blank Braille pattern. A plain space, a tab and a
 * line feed stay as they are: they are seen.
 */
const HIDDEN_RUN = /(?:(?![\t\n ])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Zs}\p{Default_Ignorable_Code_Point}\u2800])+/gu;

/** The characters someone hiding something reaches for first, by name (the others by their kind). */
const NAMES: Record<number, string> = {
  0x0d: 'carriage return',
  0x1b: 'escape',
  0xa0: 'no-break space',
  0xad: 'soft hyphen',
  0x61c: 'Arabic letter mark',
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'zero-width no-break space (byte-order mark)',
};

export function visibleSegments(text: string): VisibleSegment[] {
  const segments: VisibleSegment[] = [];
  let position = 0;
  for (const match of text.matchAll(HIDDEN_RUN)) {
    const at = match.index;
    if (at > position) segments.push({ kind: 'text', text: text.slice(position, at) });
    segments.push(hiddenSegment(match[0]));
    position = at + match[0].length;
  }
  if (position < text.length) segments.push({ kind: 'text', text: text.slice(position) });
  return segments;
}

/** The text with its hidden characters as tokens, for plain-text places (a modal dialog, a log line). */
export function visibleText(text: string): string {
  return visibleSegments(text)
    .map((segment) => segment.text)
    .join('');
}

function hiddenSegment(run: string): VisibleSegment {
  const tokens: string[] = [];
  const descriptions: string[] = [];
  const codePoints = Array.from(run, (character) => character.codePointAt(0)!);
  for (let index = 0; index < codePoints.length; ) {
    const codePoint = codePoints[index]!;
    let end = index + 1;
    while (end < codePoints.length && codePoints[end] === codePoint) end++;
    const count = end - index;
    tokens.push(`⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}${count > 1 ? ` ×${count}` : ''}⟩`);
    const description = describe(codePoint);
    if (!descriptions.includes(description)) descriptions.push(description);
    index = end;
  }
  return { kind: 'hidden', text: tokens.join(''), description: descriptions.join(', ') };
}

function describe(codePoint: number): string {
  const name = NAMES[codePoint];
  if (name) return name;
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return 'tag character';
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'lone surrogate';
  const character = String.fromCodePoint(codePoint);
  if (/\p{Cc}/u.test(character)) return 'control character';
  if (/\p{Zs}/u.test(character)) return 'space other than the plain space';
  return 'invisible character';
}
