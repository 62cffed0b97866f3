/**
 * A user message as the views show it. Send puts the text of `@`-mentioned files (and the active
 * editor's file) before the user's own words as blocks: `<file name="...">`, a newline, the text, a
 * newline, `</file>`, a newline (pi's shape for a file named on its command line; Arbor's other
 * kinds use their own tag). Every view that names a message by its text (the Session Tree, the
 * Sessions view, search, Switch Branch…, the command line) shows the words the user typed, with the
 * blocks and images counted in a short suffix instead. Anyone can write text that looks like a
 * block (a pasted log, a session file from elsewhere): only blocks at the very start count, read
 * left to right in one pass, and what comes out is plain text that the views never read as markup.
 */
import { textParts } from './text';

export type BlockTag = 'file' | 'folder' | 'problems' | 'selection' | 'terminal';

export const BLOCK_TAGS: readonly BlockTag[] = ['file', 'folder', 'problems', 'selection', 'terminal'];

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const UNESCAPES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };

/** A block's name is an attribute: its quotes and angle brackets are escaped so it cannot close the tag early. */
export function escapeName(name: string): string {
  return name.replace(/[&"<>]/g, (char) => ESCAPES[char]!);
}

export function unescapeName(name: string): string {
  return name.replace(/&(?:amp|quot|lt|gt);/g, (entity) => UNESCAPES[entity]!);
}

export interface LeadingBlock {
  tag: BlockTag;
  /** The name as written, unescaped: a path with `#L10-20` for a range, a terminal's name; none for `problems`. */
  name?: string;
  body: string;
}

export interface LeadingBlocks {
  blocks: LeadingBlock[];
  /** The message after its blocks: what the user typed. */
  text: string;
}

/** More blocks than this and the rest is read as text (a message is never split without end). */
export const MAX_LEADING_BLOCKS = 100;

const OPENING = /^<(file|folder|problems|selection|terminal)(?: name="([^"\n]*)")?>\n/;

/** The blocks at the start of a user message's text, and the text after them. */
export function leadingBlocks(message: string): LeadingBlocks {
  const blocks: LeadingBlock[] = [];
  let at = 0;
  while (blocks.length < MAX_LEADING_BLOCKS) {
    // The opening tag is short: only its first line is looked at.
    const opening = OPENING.exec(message.slice(at, at + 4200));
    if (!opening) break;
    const tag = opening[1] as BlockTag;
    const closing = `\n</${tag}>\n`;
    const bodyStart = at + opening[0].length;
    const end = message.indexOf(closing, bodyStart);
    if (end < 0) break;
    const body = message.slice(bodyStart, end);
    blocks.push(opening[2] === undefined ? { tag, body } : { tag, name: unescapeName(opening[2]), body });
    at = end + closing.length;
  }
  return { blocks, text: message.slice(at) };
}

/** Blocks that carry a file's (or a folder's) text: counted as files in the suffix. */
const FILE_TAGS: ReadonlySet<BlockTag> = new Set(['file', 'folder', 'selection']);

type UserContent = string | readonly { type: string; text?: string }[] | undefined;

/**
 * The user message's text as a view shows it: the words typed, with "· 2 files · 1 image" after its
 * first line (the line a row shows) for what went with them. A message that is only attached files
 * reads as the first file's name. Text blocks are joined with `separator` (the session list joins
 * them with a space, as pi's does).
 */
export function userText(content: UserContent, separator = '\n'): string {
  const { blocks, text } = leadingBlocks(textParts(content).join(separator));
  const images = Array.isArray(content) ? content.filter((block) => block?.type === 'image').length : 0;
  const files = blocks.filter((block) => FILE_TAGS.has(block.tag)).length;
  const words = text.trim();
  if (words === '' && blocks.length > 0) {
    const first = blocks[0]!;
    const more = FILE_TAGS.has(first.tag) ? files - 1 : files;
    return [oneLine(first.name ?? first.tag), ...counts(more, images, true)].join(' · ');
  }
  if (words === '') return counts(files, images, false).join(' · ');
  const suffix = counts(files, images, false).map((count) => ` · ${count}`).join('');
  const lineEnd = words.indexOf('\n');
  return lineEnd < 0 ? words + suffix : words.slice(0, lineEnd) + suffix + words.slice(lineEnd);
}

function counts(files: number, images: number, more: boolean): string[] {
  const fileWord = more ? 'more file' : 'file';
  return [files > 0 ? plural(files, fileWord) : undefined, images > 0 ? plural(images, 'image') : undefined].filter((count) => count !== undefined);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** A name on one line: any run of white space (line breaks and separators included) is one space. */
function oneLine(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}
