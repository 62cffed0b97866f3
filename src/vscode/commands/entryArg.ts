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
