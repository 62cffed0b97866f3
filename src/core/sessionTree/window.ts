/**
 * Long levels in pages. A VS Code tree view takes a level's children all at once, so a 100 000-entry
 * flat run would be 100 000 tree items built and sent before the first row shows. A level longer
 * than a page shows one page of rows — around the row on the current path, else its start — and
 * holds the rest in collapsed "earlier entries" / "later entries" groups, which page the same way
 * when expanded. All positions are indices into the level's rows.
 */

export const TREE_PAGE = 500;

/** Rows shown after the current path's row when the window is placed around it. */
const AFTER_ANCHOR = 100;

export type GroupDirection = 'earlier' | 'later';

export type LevelPart = { kind: 'rows'; from: number; to: number } | { kind: 'group'; direction: GroupDirection; from: number; to: number };

/** The parts of a level of `length` rows whose current-path row (if any) is at `anchor`. */
export function levelParts(length: number, anchor: number | undefined, page = TREE_PAGE): LevelPart[] {
  if (length <= page) return length > 0 ? [{ kind: 'rows', from: 0, to: length }] : [];
  let from = 0;
  let to = page;
  if (anchor !== undefined) {
    to = Math.min(length, Math.max(page, anchor + 1 + AFTER_ANCHOR));
    from = to - page;
  }
  return [
    ...(from > 0 ? [{ kind: 'group', direction: 'earlier', from: 0, to: from } as const] : []),
    { kind: 'rows', from, to },
    ...(to < length ? [{ kind: 'group', direction: 'later', from: to, to: length } as const] : []),
  ];
}

/** The parts inside a group: the page nearest the shown rows, and a group with what lies beyond it. */
export function groupParts(direction: GroupDirection, from: number, to: number, page = TREE_PAGE): LevelPart[] {
  if (to - from <= page) return [{ kind: 'rows', from, to }];
  return direction === 'earlier'
    ? [
        { kind: 'group', direction, from, to: to - page },
        { kind: 'rows', from: to - page, to },
      ]
    : [
        { kind: 'rows', from, to: from + page },
        { kind: 'group', direction, from: from + page, to },
      ];
}

/** The groups that hold row `index`, outermost first ([] when the row shows at the level itself). */
export function groupsAround(length: number, anchor: number | undefined, index: number, page = TREE_PAGE): Extract<LevelPart, { kind: 'group' }>[] {
  const groups: Extract<LevelPart, { kind: 'group' }>[] = [];
  let parts = levelParts(length, anchor, page);
  for (;;) {
    const part = parts.find((candidate) => candidate.from <= index && index < candidate.to);
    if (!part || part.kind === 'rows') return groups;
    groups.push(part);
    parts = groupParts(part.direction, part.from, part.to, page);
  }
}

/** Where a level's window is placed: its last row on the current path. */
export function anchorOf(rows: readonly { onActivePath: boolean }[]): number | undefined {
  for (let index = rows.length - 1; index >= 0; index--) if (rows[index]!.onActivePath) return index;
  return undefined;
}
