/**
 * The chat's marks on entries the model does not see as written at the current position (which
 * ones: core/session/contextMarks): a quiet "hidden from the model", or "the model sees an edited
 * version". Set on a branch when it is sent, then changed one entry at a time as edits (and
 * compactions) are appended, so the chat never draws the branch again for an edit. Also what the
 * marks say, in the chat and the Session Tree alike.
 *
 * Loaded by the webview too: types only from the session.
 */
import type { ContextMark } from '../session/types';
import type { ChatItem } from './items';

export interface ContextMarkWords {
  /** The codicon beside the words. */
  icon: string;
  /** What the mark shows on a message, a reply or a card. */
  text: string;
  /** What it shows on a tool result inside a reply's card. */
  resultText: string;
  /** Why, after the words: the full sentence is the tooltip and what a screen reader says. */
  why: string;
}

export const CONTEXT_MARK_WORDS: Readonly<Record<ContextMark, ContextMarkWords>> = {
  hidden: {
    icon: 'eye-closed',
    text: 'hidden from the model',
    resultText: 'result hidden from the model',
    why: 'requests from this position leave it out; the session keeps it as written',
  },
  edited: {
    icon: 'pencil',
    text: 'the model sees an edited version',
    resultText: 'the model sees an edited result',
    why: 'requests from this position carry the edited content, not what is shown here',
  },
};

/** The mark's full sentence: "Hidden from the model: requests from this position leave it out; …". */
export function contextMarkSentence(mark: ContextMark, onResult = false): string {
  const words = CONTEXT_MARK_WORDS[mark];
  const text = onResult ? words.resultText : words.text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}: ${words.why}.`;
}

/** Marks the items of `items` (and their tool results) whose entries are in `marks` (in place; they were just built). */
export function markContext(items: readonly ChatItem[], marks: ReadonlyMap<string, ContextMark>): void {
  if (marks.size === 0) return;
  for (const item of items) {
    const mark = marks.get(item.id);
    if (mark) item.contextMark = mark;
    if (item.kind !== 'assistant') continue;
    for (const block of item.blocks) {
      if (block.type !== 'toolCall' || block.resultId === undefined) continue;
      const resultMark = marks.get(block.resultId);
      if (resultMark) block.resultContextMark = resultMark;
    }
  }
}

/** Sets the mark of entry `entryId` on `item` (the item itself or one of its tool results; undefined clears it); says whether it held that entry. */
export function setItemContextMark(item: ChatItem, entryId: string, mark: ContextMark | undefined): boolean {
  if (item.id === entryId) {
    if (mark) item.contextMark = mark;
    else delete item.contextMark;
    return true;
  }
  if (item.kind !== 'assistant') return false;
  const block = item.blocks.find((candidate) => candidate.type === 'toolCall' && candidate.resultId === entryId);
  if (block?.type !== 'toolCall') return false;
  if (mark) block.resultContextMark = mark;
  else delete block.resultContextMark;
  return true;
}
