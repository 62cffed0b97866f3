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
import { splitFileOperations } from '../compaction/fileOps';
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

export function summaryView(summary: string): SummaryView {
  const body = summary.startsWith(BRANCH_SUMMARY_PREAMBLE) ? summary.slice(BRANCH_SUMMARY_PREAMBLE.length) : summary;
  const { text, readFiles, modifiedFiles } = splitFileOperations(body);
  const split = text.lastIndexOf(SPLIT_TURN_SEPARATOR);
  const files = { readFiles, modifiedFiles };
  if (split < 0) return { text, ...files };
  const history = text.slice(0, split);
  const turn = text.slice(split + SPLIT_TURN_SEPARATOR.length);
  if (turn.trim() === '' || turn.trim() === history.trim()) return { text: history, ...files };
  return { text: history.trim() === NO_PRIOR_HISTORY ? '' : history, turnContext: turn, ...files };
}
