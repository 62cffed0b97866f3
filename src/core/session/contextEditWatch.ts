/**
 * Tells when the model's context of a session was edited, whoever edited it: Arbor (the chat, the
 * tree, the extension API, the recovery of a failed attempt) appending `context_edit` entries, or
 * another program (the `arbor` CLI, pi) whose entries were read in from the file. The edits of one
 * operation come as one notice: Arbor appends them in one go (`applyContextEditPlan`), and the
 * entries read in from the file arrive together; both in one synchronous run, gathered until it ends.
 */
import type { Disposable } from '../util/event';
import type { Session, SessionChange } from './session';
import type { ContextEditEntry } from './types';

export interface ContextEditNotice {
  /** The session's file (empty for a session kept only in memory). */
  sessionFile: string;
  /** The new `context_edit` entries, in the order they were added. */
  entryIds: string[];
  /** The entries they edit, in the same order (a target edited twice in one go is named twice). */
  targetIds: string[];
  /** Read in from the file: another program (the CLI, pi, another window) wrote them. */
  byOtherProgram: boolean;
}

/** Calls `listener` once per group of context edits added to `session` (appended, or read in). */
export function watchContextEdits(session: Pick<Session, 'onDidChange' | 'file'>, listener: (notice: ContextEditNotice) => void): Disposable {
  let pending: { own: ContextEditEntry[]; other: ContextEditEntry[] } | undefined;
  let disposed = false;
  const flush = (): void => {
    const gathered = pending;
    pending = undefined;
    if (!gathered || disposed) return;
    const sessionFile = session.file ?? '';
    for (const [entries, byOtherProgram] of [[gathered.own, false], [gathered.other, true]] as const) {
      if (entries.length > 0) listener({ sessionFile, entryIds: entries.map((entry) => entry.id), targetIds: entries.map((entry) => entry.targetId), byOtherProgram });
    }
  };
  const subscription = session.onDidChange((change: SessionChange) => {
    if (change.kind === 'move' || change.entry.type !== 'context_edit') return;
    if (!pending) {
      pending = { own: [], other: [] };
      queueMicrotask(flush);
    }
    (change.kind === 'append' ? pending.own : pending.other).push(change.entry as ContextEditEntry);
  });
  return {
    dispose: () => {
      disposed = true;
      subscription.dispose();
    },
  };
}
