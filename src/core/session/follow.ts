/**
 * Following another writer. Entries another program (pi, another window) appends to our file join
 * the tree but do not move the position (see `Session.ingest`). One case is better followed: while
 * we are idle, the other program continued *our* conversation from where we stand (its first new
 * entry hangs off our position). Then the chat should show the continuation, so the position moves
 * to where the file now resumes (`positionOnOpen`: its last line, or a position marker's parent).
 *
 * Moving there writes no position marker (the file already resumes there), so two windows that
 * follow each other never answer each other's lines with lines of their own.
 */
import { positionOnOpen } from './session';
import type { SessionTree } from './tree';
import type { SessionEntry } from './types';

export interface FollowInput {
  tree: SessionTree;
  /** Our position when the entries arrived. */
  leafId: string | null;
  /** The entries just read in, in file order. */
  fresh: readonly SessionEntry[];
  /** An agent run (or anything else that continues from the position) is going on. */
  busy: boolean;
}

/** The entry to move the position to, or undefined to stay. */
export function followTarget({ tree, leafId, fresh, busy }: FollowInput): string | undefined {
  const first = fresh[0];
  if (busy || !first || first.parentId !== leafId) return undefined;
  // Only when the file's last line is theirs: then where it resumes is where they left off.
  const last = tree.entries[tree.size - 1];
  if (!last || !fresh.includes(last)) return undefined;
  const target = positionOnOpen(tree);
  if (target === null || target === leafId) return undefined;
  // Past our position on the same branch; elsewhere (they moved away) is theirs, not ours, to follow.
  if (leafId !== null && !tree.pathTo(target).some((entry) => entry.id === leafId)) return undefined;
  return target;
}
