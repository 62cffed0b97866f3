/**
 * The blocks an expanded mention becomes in the user message, in the shape pi gives a file named on
 * its command line: `<file name="...">`, a newline, the text, a newline, `</file>`, a newline, all
 * blocks before the prompt's own text. Arbor's other kinds follow the same shape with their own
 * tag. The name is an attribute: its quotes and angle brackets are escaped so a file name cannot
 * close the tag early. The text inside is the file's own and is not escaped (pi does not either):
 * the chat's chips and every view's text (src/core/session/userText.ts) read these blocks back only to show them.
 */

import { escapeName, type BlockTag } from '../session/userText';

// The grammar's tags and the name's escaping live with the reader (a leaf file: the webview imports these).
export { BLOCK_TAGS, escapeName, unescapeName, type BlockTag } from '../session/userText';

export interface MentionBlock {
  tag: BlockTag;
  /** The path, with `#L10-20` for a range; none for `problems`. */
  name?: string;
  body: string;
}

export function formatBlock(block: MentionBlock): string {
  const name = block.name === undefined ? '' : ` name="${escapeName(block.name)}"`;
  return `<${block.tag}${name}>\n${block.body}\n</${block.tag}>\n`;
}
