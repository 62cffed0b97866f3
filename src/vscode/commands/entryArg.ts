// What the Session Tree's commands are given: the row's element when run from its context menu or
// inline button, the entry id when run from a row's click (TreeItem.command) or by automation.
// One reader for both, so every tree command accepts the same shapes.

/** An entry id from a command argument, or undefined when there is none (run from the palette). */
export function entryIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg === '' ? undefined : arg;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const entry = (arg as { entry?: unknown }).entry;
  if (typeof entry !== 'object' || entry === null) return undefined;
  const id = (entry as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * The entries a row command is for when the tree allows several rows to be selected: VS Code hands
 * a context-menu command the clicked row and the selection; the selection counts only when the
 * clicked row is part of it (a right-click outside the selection acts on that row alone).
 */
export function entryIdsOf(arg: unknown, selected: unknown): string[] {
  const clicked = entryIdOf(arg);
  if (clicked === undefined) return [];
  const ids = Array.isArray(selected) ? selected.map(entryIdOf).filter((id): id is string => id !== undefined) : [];
  return ids.includes(clicked) ? ids : [clicked];
}
