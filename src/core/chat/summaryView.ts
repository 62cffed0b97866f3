/**
 * A compaction's or branch summary's text as the chat's card shows it: a document for the reader,
 * without what the text carries for the next model. Left out: pi's stock preamble before a branch
 * summary (the card's heading says what it is) and the `<read-files>` / `<modified-files>` blocks
 * appended to it (the card lists the files). A split-turn compaction's two parts are told apart:
 * the history, and the beginning of the turn the cut went through; when both say the same (a
 * summarizer that answers both requests alike) it is shown once.
 *
 * Reads from the end with `endsWith` / `lastIndexOf` only: one pass, whatever a file holds.
 */
import { BRANCH_SUMMARY_PREAMBLE, NO_PRIOR_HISTORY, SPLIT_TURN_SEPARATOR } from '../compaction/prompts';

export interface SummaryView {
  /** The summary's own Markdown ("" when only the turn part has words). */
  text: string;
  /** A split turn's part: the beginning of the turn the compaction cut through. */
  turnContext?: string;
  /** The files the blocks at the end list (empty when there are none). */
  readFiles: string[];
  modifiedFiles: string[];
}

const FILE_BLOCK_TAGS = ['read-files', 'modified-files'] as const;
type FileBlockTag = (typeof FILE_BLOCK_TAGS)[number];

export function summaryView(summary: string): SummaryView {
  const body = summary.startsWith(BRANCH_SUMMARY_PREAMBLE) ? summary.slice(BRANCH_SUMMARY_PREAMBLE.length) : summary;
  const { text, lists } = withoutFileBlocks(body);
  const split = text.lastIndexOf(SPLIT_TURN_SEPARATOR);
  const files = { readFiles: lists['read-files'], modifiedFiles: lists['modified-files'] };
  if (split < 0) return { text, ...files };
  const history = text.slice(0, split);
  const turn = text.slice(split + SPLIT_TURN_SEPARATOR.length);
  if (turn.trim() === '' || turn.trim() === history.trim()) return { text: history, ...files };
  return { text: history.trim() === NO_PRIOR_HISTORY ? '' : history, turnContext: turn, ...files };
}

/**
 * The file blocks at the very end (as `formatFileOperations` writes them: a blank line, the
 * opening tag, one path a line, the closing tag), taken off one at a time; a block anywhere else
 * is part of the text.
 */
function withoutFileBlocks(summary: string): { text: string; lists: Record<FileBlockTag, string[]> } {
  const lists: Record<FileBlockTag, string[]> = { 'read-files': [], 'modified-files': [] };
  let text = summary;
  for (let taken = 0; taken < FILE_BLOCK_TAGS.length; taken++) {
    const tag = FILE_BLOCK_TAGS.find((name) => text.endsWith(`\n</${name}>`));
    if (tag === undefined) break;
    const opening = `\n\n<${tag}>\n`;
    const start = text.lastIndexOf(opening);
    if (start < 0) break;
    const end = text.length - `\n</${tag}>`.length;
    const paths = text
      .slice(Math.min(start + opening.length, end), end)
      .split('\n')
      .filter((line) => line.trim() !== '');
    lists[tag] = [...paths, ...lists[tag]];
    text = text.slice(0, start);
  }
  return { text, lists };
}
