/**
 * What a move did, as data: how the position moved, from where to where, what it wrote and what it
 * restored. The chat's note after the move puts it in words (sessionTree/moveNote.ts).
 */
import type { FilesOutcome } from './filesChoice';

/** How the position moved. */
export type MoveKind =
  /** A row's click, Switch Branch…, a search result, Edit & branch, Branch from Here. */
  | 'go'
  /** Undo Compaction: to the entry before a compaction. */
  | 'undoCompaction'
  /** The note's own Back. */
  | 'back';

export interface MoveReport {
  kind: MoveKind;
  /** The position before the move (null: before the first entry): where Back returns. */
  from: string | null;
  /** The position after the move. */
  to: string | null;
  /** Edit & branch (a user message's click): the message whose text went into the input. */
  editedId?: string;
  /** The summary of the branch left behind, written at the new position. */
  summaryEntryId?: string;
  /** Undo Compaction: the compaction the position went back before. */
  compactionId?: string;
  /** The workspace's files were restored to the new position's checkpoint. */
  files?: FilesOutcome;
}
