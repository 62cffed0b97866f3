/**
 * The one line of plain text a Session Tree row shows for its entry: a message's first line with
 * its Markdown stripped, a branch summary's goal, a compaction's numbers. A row in a 300 px side
 * bar shows some forty characters, so these say the distinguishing thing first.
 */
import { itemUpdate } from '../chat/buildItems';
import { SUMMARY_EDITED_TEXT } from '../chat/items';
import { summarizeArgs } from '../chat/toolSummary';
import { BRANCH_SUMMARY_PREAMBLE } from '../compaction/prompts';
import { splitFileOperations } from '../compaction/fileOps';
import { formatTokens } from '../tokens/meterText';
import { cutText, plainFirstLine, plainLine } from '../util/markdownText';
import { firstLine, type SessionEntry, type ToolCall } from '../session';

/** Longest text a row's label takes (the view cuts it again to its width). */
export const ROW_TEXT_CHARS = 80;

/** Kinds whose text is Markdown (a person's or a model's words); tool output and settings are not. */
const MARKDOWN_KINDS = new Set(['user', 'assistant', 'customMessage', 'compaction']);

/**
 * The row's line for an entry of `kind` with `text` (from `describeEntry`): a tool result reads as
 * the call it answers ("src/a.ts"), a branch summary as its goal, Markdown as its words.
 */
export function entryLine(kind: string, text: string, call?: ToolCall): string {
  if (kind === 'toolResult' && call) return summarizeArgs(call.name, call.arguments) || firstLine(text, ROW_TEXT_CHARS);
  if (kind === 'branchSummary') return summaryGoal(text);
  return MARKDOWN_KINDS.has(kind) ? plainFirstLine(text, ROW_TEXT_CHARS) : firstLine(text, ROW_TEXT_CHARS);
}

/** Lines of a summary searched for its "## Goal" heading (pi's summaries put it first). */
const GOAL_SEARCH_LINES = 200;

/**
 * What a branch summary is about: the first line under its "Goal" heading (the structured
 * summaries pi and Arbor write), else its first line with words after pi's stock preamble ("The
 * user explored a different conversation branch…"), which every summary of a branch starts with.
 */
export function summaryGoal(summary: string): string {
  const body = splitFileOperations(summary.startsWith(BRANCH_SUMMARY_PREAMBLE) ? summary.slice(BRANCH_SUMMARY_PREAMBLE.length) : summary).text;
  const lines = body.split('\n', GOAL_SEARCH_LINES);
  const heading = lines.findIndex((line) => /^#{1,6}\s+Goal(?:\s+#+)?$/i.test(line.trim()));
  if (heading >= 0) {
    for (const line of lines.slice(heading + 1)) {
      if (/^#{1,6}\s/.test(line.trimStart())) break;
      const words = plainLine(line);
      if (words !== '') return cutText(words, ROW_TEXT_CHARS);
    }
  }
  const preamble = new Set(BRANCH_SUMMARY_PREAMBLE.split('\n').filter((line) => line !== ''));
  return plainFirstLine(lines.filter((line) => !preamble.has(line.trim())).join('\n'), ROW_TEXT_CHARS);
}

/** What a compaction entry records about itself (`tokensAfter` and `summarizedEntries` only when Arbor wrote it). */
export interface CompactionNumbers {
  tokensBefore: number;
  tokensAfter: number | undefined;
  summarizedEntries: number | undefined;
  /** The user changed the proposed summary before accepting it. */
  summaryEdited: boolean;
}

/** The numbers of a compaction entry, read the way the chat's compaction card reads them; undefined for other entries. */
export function compactionNumbers(entry: SessionEntry): CompactionNumbers | undefined {
  const update = itemUpdate(entry);
  if (update.kind !== 'item' || update.item.kind !== 'compaction') return undefined;
  const { tokensBefore, tokensAfter, summarizedEntries, summaryEdited } = update.item;
  return { tokensBefore, tokensAfter, summarizedEntries, summaryEdited: summaryEdited === true };
}

/** "compaction · 5.3k → 1.5k · 9 entries"; for one pi wrote (no Arbor record), "compaction · 182k before". What a screen reader says. */
export function compactionLine(numbers: CompactionNumbers): string {
  const { tokens, entries } = compactionParts(numbers, 'about ');
  return ['compaction', tokens, entries].filter((part) => part !== undefined).join(' · ');
}

/**
 * The row as shown: "5.3k → ~1.5k compaction · 9 entries", "182k before compaction". The numbers
 * come first: in a narrow side bar a nested row is cut after a few words, and the word is what its
 * icon already says.
 */
export function compactionShown(numbers: CompactionNumbers): string {
  const { tokens, entries } = compactionParts(numbers, '~');
  return [`${tokens} compaction`, entries].filter((part) => part !== undefined).join(' · ');
}

function compactionParts({ tokensBefore, tokensAfter, summarizedEntries }: CompactionNumbers, about: 'about ' | '~'): { tokens: string; entries: string | undefined } {
  // Right after a compaction no reply has reported usage: "after" is an estimate ("~" where space is short).
  const tokens = tokensAfter !== undefined ? `${formatTokens(tokensBefore)} → ${about}${formatTokens(tokensAfter)}` : `${formatTokens(tokensBefore)} before`;
  const entries = summarizedEntries !== undefined ? `${summarizedEntries} ${summarizedEntries === 1 ? 'entry' : 'entries'}` : undefined;
  return { tokens, entries };
}

/**
 * The tooltip's sentence for a compaction: "Summarized 9 entries: 5,300 → about 1,500 tokens"
 * (after: the meter's estimate), then " · summary edited by you" when the user changed it.
 */
export function compactionSentence(numbers: CompactionNumbers): string {
  const { tokensBefore, tokensAfter, summarizedEntries } = numbers;
  const n = (value: number): string => value.toLocaleString('en-US');
  const what = summarizedEntries !== undefined ? `Summarized ${summarizedEntries} ${summarizedEntries === 1 ? 'entry' : 'entries'}: ` : '';
  const sizes = tokensAfter !== undefined ? `${what}${n(tokensBefore)} → about ${n(tokensAfter)} tokens` : `${what}${n(tokensBefore)} tokens before`;
  return numbers.summaryEdited ? `${sizes} · ${SUMMARY_EDITED_TEXT}` : sizes;
}
