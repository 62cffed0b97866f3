/**
 * A sent message's mention blocks read back for the chat: the blocks Send put before the user's
 * own text (src/core/mentions/blocks.ts) become chips, and the text after them is what the chat
 * shows as the message. Anyone can write text that looks like a block (a pasted log, a session file
 * from elsewhere, a file whose own text holds `</file>`): a chip is only a label and a path the host
 * checks again before it opens anything, so a wrong reading shows a wrong chip and nothing more.
 * Only blocks at the very start count, read left to right in one pass.
 */
import { unescapeName, type BlockTag } from '../mentions/blocks';
import type { LineRange } from '../mentions/parse';

export interface MentionChip {
  tag: BlockTag;
  /** What the chip says: the path with its range, `problems`, `selection`, the terminal's name. */
  label: string;
  /** The workspace-relative path a click opens (file, folder, selection). */
  path?: string;
  range?: LineRange;
  /** Lines the block holds (the tooltip says how much went with the message). */
  lines: number;
}

export interface MessageWithMentions {
  chips: MentionChip[];
  /** The message after its blocks: what the user typed. */
  text: string;
}

/** More blocks than this and the rest is shown as text (a message is never split without end). */
export const MAX_CHIPS = 100;

const OPENING = /^<(file|folder|problems|selection|terminal)(?: name="([^"\n]*)")?>\n/;
const RANGE_SUFFIX = /#L([0-9]{1,9})(?:-([0-9]{1,9}))?$/;

export function mentionBlocks(message: string): MessageWithMentions {
  const chips: MentionChip[] = [];
  let at = 0;
  while (chips.length < MAX_CHIPS) {
    // The opening tag is short: only its first line is looked at.
    const opening = OPENING.exec(message.slice(at, at + 4200));
    if (!opening) break;
    const tag = opening[1] as BlockTag;
    const closing = `\n</${tag}>\n`;
    const bodyStart = at + opening[0].length;
    const end = message.indexOf(closing, bodyStart);
    if (end < 0) break;
    chips.push(chipOf(tag, opening[2], message.slice(bodyStart, end)));
    at = end + closing.length;
  }
  return { chips, text: message.slice(at) };
}

function chipOf(tag: BlockTag, escapedName: string | undefined, body: string): MentionChip {
  const lines = body === '' ? 0 : body.split('\n').length;
  if (escapedName === undefined) return { tag, label: tag, lines };
  const name = unescapeName(escapedName);
  if (tag === 'terminal') return { tag, label: name, lines };
  const range = RANGE_SUFFIX.exec(name);
  const path = range ? name.slice(0, range.index) : name;
  const first = range ? Number(range[1]) : undefined;
  return { tag, label: name, path, ...(first !== undefined ? { range: { first, last: range?.[2] !== undefined ? Number(range[2]) : first } } : {}), lines };
}
