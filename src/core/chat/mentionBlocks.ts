/**
 * A sent message's mention blocks read back for the chat: the blocks Send put before the user's
 * own text (src/core/mentions/blocks.ts) become chips, and the text after them is what the chat
 * shows as the message (read by src/core/session/userText.ts). A chip is only a label and a path the
 * host checks again before it opens anything, so a block misread (a file whose own text holds
 * `</file>`) shows a wrong chip and nothing more.
 */
import { leadingBlocks, MAX_LEADING_BLOCKS, type BlockTag } from '../session/userText';
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
export const MAX_CHIPS = MAX_LEADING_BLOCKS;

const RANGE_SUFFIX = /#L([0-9]{1,9})(?:-([0-9]{1,9}))?$/;

export function mentionBlocks(message: string): MessageWithMentions {
  const { blocks, text } = leadingBlocks(message);
  return { chips: blocks.map((block) => chipOf(block.tag, block.name, block.body)), text };
}

function chipOf(tag: BlockTag, name: string | undefined, body: string): MentionChip {
  const lines = body === '' ? 0 : body.split('\n').length;
  if (name === undefined) return { tag, label: tag, lines };
  if (tag === 'terminal') return { tag, label: name, lines };
  const range = RANGE_SUFFIX.exec(name);
  const path = range ? name.slice(0, range.index) : name;
  const first = range ? Number(range[1]) : undefined;
  return { tag, label: name, path, ...(first !== undefined ? { range: { first, last: range?.[2] !== undefined ? Number(range[2]) : first } } : {}), lines };
}
