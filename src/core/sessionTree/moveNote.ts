/**
 * What the chat says after a move, just above the input: what happened (a summary written, a
 * compaction undone), where the position now is and what the next Send will do, and whether "Back"
 * is offered. A move changes what the next Send continues from without any message of its own in
 * the chat, so without this note the user has to read the tree to know where they are.
 *
 * Back returns to the position before the move with no summary question: the note is only shown
 * while nothing was sent since the move, so going back leaves nothing of the user's behind. When
 * the move restored files, Undo Restore brings back the files as they were before it (the
 * conversation stays), even when the position left names files the store no longer holds.
 * Session text appears here as plain words (a row's line): the webview shows it as text only.
 */
import { buildSessionContext, describeEntry, type SessionEntry, type SessionTree } from '../session';
import { presentRow, toolCallFor } from './rows';
import { filesChanged, filesRestoredText } from '../navigation/filesChoice';
import type { MoveReport } from '../navigation/moveReport';
import type { MoveNote } from './moveNoteView';

export type { MoveNote } from './moveNoteView';

/** The note for `report`, read from `tree` after the move. */
export function moveNote(tree: SessionTree, report: MoveReport): MoveNote {
  const happened = [happenedText(tree, report), report.files ? filesRestoredText(report.files) : undefined].filter((part) => part !== undefined).join(' ') || undefined;
  const undoRestore = report.files !== undefined && filesChanged(report.files);
  return { ...(happened ? { happened } : {}), position: positionText(tree, report), back: report.kind !== 'back' && report.from !== report.to, ...(undoRestore ? { undoRestore } : {}) };
}

function happenedText(tree: SessionTree, report: MoveReport): string | undefined {
  if (report.kind === 'back') return 'Back where you were.';
  if (report.kind === 'undoCompaction') {
    const again = report.compactionId ? messagesBack(tree, report.compactionId) : 0;
    const what = again === 1 ? 'the earlier message' : `the ${again} earlier messages`;
    return again > 0 ? `Compaction undone: the next Send carries ${what} again instead of their summary.` : 'Compaction undone: the next Send carries the messages before it again instead of their summary.';
  }
  if (report.summaryEntryId && tree.has(report.summaryEntryId)) return 'Moved; the branch you left is summarized.';
  return undefined;
}

/**
 * Messages the context holds before a compaction that it does not hold at the compaction (where
 * one summary stands for them): the difference between the two contexts, plus the summary itself.
 */
function messagesBack(tree: SessionTree, compactionId: string): number {
  const compaction = tree.get(compactionId);
  if (!compaction) return 0;
  const before = buildSessionContext(tree, compaction.parentId).messages.length;
  const at = buildSessionContext(tree, compaction.id).messages.length;
  return Math.max(0, before - (at - 1));
}

const FIRST_MESSAGE = 'Send starts a new first message (a new root branch) in this session';

function positionText(tree: SessionTree, report: MoveReport): string {
  const edited = report.editedId ? tree.get(report.editedId) : undefined;
  if (edited) {
    const next = spokenBefore(tree, report.to, report.summaryEntryId) ? 'Send makes a new branch' : FIRST_MESSAGE;
    return `Editing: ${lineOf(tree, edited)} — ${next}`;
  }
  const after = spokenBefore(tree, report.to, report.summaryEntryId);
  return after ? `Continuing after: ${lineOf(tree, after)}` : `At the start of the session — ${FIRST_MESSAGE}`;
}

/**
 * The entry the next Send continues after, as the user sees it: the position itself, or its
 * nearest ancestor the chat shows (bookkeeping entries say nothing; the summary the move just wrote
 * hangs below the entry the user picked). Undefined when nothing shown lies at or above it.
 */
function spokenBefore(tree: SessionTree, id: string | null, skip: string | undefined): SessionEntry | undefined {
  const path = tree.pathTo(id);
  for (let i = path.length - 1; i >= 0; i--) {
    const entry = path[i]!;
    if (entry.id !== skip && describeEntry(entry).kind !== undefined) return entry;
  }
  return undefined;
}

/** The entry's line as its Session Tree row reads (plain words; a tool result as its call). */
function lineOf(tree: SessionTree, entry: SessionEntry): string {
  const call = toolCallFor(entry, (id) => tree.get(id));
  return presentRow({ entry, label: undefined, onActivePath: false, isCurrent: false, ...(call ? { call } : {}) }).label;
}
