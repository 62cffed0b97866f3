/**
 * What a session change changes in the Session Tree view (issue 10 item 7: follow appends instead of
 * rebuilding). A tree view refreshes one level by re-asking its owner row for its children, so the
 * answer names levels by their owner row (null: the top level) and single rows whose own text
 * changed. A new entry that continues a run, or heads the first child of a row, changes one level;
 * one that opens a new branch, or hides or shows rows elsewhere, changes everything.
 */
import { isFilesEntry } from '../checkpoints';
import { pinDataOf } from '../pins/pinEntry';
import type { SessionEntry } from '../session';
import type { LazyDisplayTree } from './displayTree';
import type { TreeFilter } from './filter';

export type TreeRefresh = { kind: 'all' } | { kind: 'some'; levels: (string | null)[]; rows: string[] };

const ALL: TreeRefresh = { kind: 'all' };

/**
 * `before` and `after` are the display trees (with `filter`) for the position before and after
 * `entry` was added to their tree: appended at the position, or read in from another writer's
 * append with the position unchanged. Both read the same tree, which already holds `entry`.
 * `remarked`: entries whose context mark the append changed (an edit or a compaction: their rows
 * say "hidden from the model" or no longer).
 */
export function refreshForAdded(before: LazyDisplayTree, after: LazyDisplayTree, entry: SessionEntry, filter: TreeFilter, remarked: readonly string[] = []): TreeRefresh {
  const oldMark = before.shownPosition();
  const newMark = after.shownPosition();
  const rows = new Set<string>();
  const levels = new Set<string | null>();
  if (entry.type === 'label' && typeof entry.targetId === 'string') {
    // The target's description and context value change; under the labeled filter, which rows exist.
    if (filter.mode === 'labeled') return ALL;
    if (after.isShown(entry.targetId)) rows.add(entry.targetId);
  }
  // Files recorded after a step: that step's row says "✎ N files" now.
  if (isFilesEntry(entry) && entry.parentId !== null && after.isShown(entry.parentId)) rows.add(entry.parentId);
  // A pin's target gets its pin icon (or loses it).
  const pinTarget = pinDataOf(entry)?.targetId;
  if (pinTarget !== undefined && after.isShown(pinTarget)) rows.add(pinTarget);
  for (const id of remarked) if (after.isShown(id)) rows.add(id);
  if (after.isShown(entry.id)) {
    const parent = after.shownParentOf(entry.id);
    if (after.shownChildrenCount(parent) > 1) return ALL; // a new branch: rows move under branch heads
    levels.add(after.parentRowOf(entry.id)!);
  } else if (oldMark !== newMark) {
    return ALL; // the row that marked the position went away (a tool step no longer current)
  }
  // The row that marked the position before loses its mark; refresh it unless its level is refreshed anyway.
  if (oldMark !== newMark && oldMark !== null && !levels.has(oldMark) && !levels.has(before.parentRowOf(oldMark) ?? null)) {
    if (!after.isShown(oldMark)) return ALL;
    rows.add(oldMark);
  }
  return { kind: 'some', levels: [...levels], rows: [...rows].filter((id) => !levels.has(id)) };
}
