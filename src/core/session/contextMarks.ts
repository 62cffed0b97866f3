/**
 * Which entries the model does not see as the file holds them, at a position: what the chat and
 * the Session Tree mark. An entry is `hidden` when an edit in force there removes all it
 * contributes, `edited` when an edit changes what it contributes. The context's own rules decide
 * (context.ts): edits are branch-relative (before an edit's position nothing is marked), an entry a
 * compaction summarized carries no mark (the model sees the summary instead), and an edit whose
 * replacement is the entry's own content (how pi shows an entry to the model again) marks nothing.
 *
 * `ContextMarkIndex` keeps the marks of the current position for a view: computed once per
 * position (one pass over the path), and after an append only an edit or a compaction can change
 * them, so the view updates the items whose mark changed instead of drawing the branch again.
 */
import { isDeepStrictEqual } from 'node:util';
import { editedContextEntries, type EditedContextEntry } from './context';
import type { Session, SessionChange } from './session';
import type { ContextMark, ContextMarkChange, SessionEntry } from './types';

/** The marks at the end of a root→position path, by entry id. */
export function contextMarksOf(path: readonly SessionEntry[]): Map<string, ContextMark> {
  const marks = new Map<string, ContextMark>();
  for (const edited of editedContextEntries(path)) {
    const mark = markOf(edited);
    if (mark) marks.set(edited.entry.id, mark);
  }
  return marks;
}

function markOf({ original, edited }: EditedContextEntry): ContextMark | undefined {
  // An edit of an entry that gives the model nothing (a label, an older compaction) changes nothing.
  if (original.length === 0) return undefined;
  if (edited.length === 0) return 'hidden';
  return isDeepStrictEqual(original, edited) ? undefined : 'edited';
}

/** What a view needs of the session to follow its marks. */
type MarkSource = Pick<Session, 'leafId' | 'getBranch'>;

export class ContextMarkIndex {
  private session: MarkSource | undefined;
  /** The position `marks` are for; undefined: not known (never computed, or left behind). */
  private position: string | null | undefined;
  private marks: ReadonlyMap<string, ContextMark> = new Map();

  /** The marks at the session's position, computed again only when the position moved. `path`: that position's branch, when the caller holds it. */
  marksAt(session: MarkSource, path?: readonly SessionEntry[]): ReadonlyMap<string, ContextMark> {
    if (this.session !== session || this.position !== session.leafId) this.compute(session, path);
    return this.marks;
  }

  /**
   * What a change did to the marks. An entry appended at the position changes them only when it is
   * an edit or a compaction; a move and another program's append (which leaves the position) change
   * nothing here: after a move the views draw everything again, and `marksAt` computes anew.
   */
  changed(session: MarkSource, change: SessionChange): ContextMarkChange[] {
    if (change.kind !== 'append') return [];
    const { entry } = change;
    const known = this.session === session && this.position !== undefined && entry.parentId === this.position;
    if (entry.type !== 'context_edit' && entry.type !== 'compaction') {
      // The path grew by an entry no edit names: the same marks hold at the new position.
      if (known) this.position = entry.id;
      return [];
    }
    const before = known ? this.marks : new Map<string, ContextMark>();
    this.compute(session);
    return differences(before, this.marks);
  }

  private compute(session: MarkSource, path?: readonly SessionEntry[]): void {
    this.session = session;
    this.position = session.leafId;
    this.marks = contextMarksOf(path ?? session.getBranch());
  }
}

function differences(before: ReadonlyMap<string, ContextMark>, after: ReadonlyMap<string, ContextMark>): ContextMarkChange[] {
  const changes: ContextMarkChange[] = [];
  for (const [entryId, mark] of after) if (before.get(entryId) !== mark) changes.push({ entryId, mark });
  for (const entryId of before.keys()) if (!after.has(entryId)) changes.push({ entryId });
  return changes;
}
