/**
 * What a hook handler receives is a frozen copy: another extension's code runs on it, and nothing it
 * does may reach the session's own entries. Freezing walks the copy with an explicit stack, because
 * the depth of an entry is set by whoever wrote the session file.
 */

/** A deep, frozen copy of a JSON-like value (entries, messages, settings). */
export function frozenCopy<T>(value: T): T {
  const copy = structuredClone(value);
  const work: unknown[] = [copy];
  for (let node = work.pop(); node !== undefined; node = work.pop()) {
    if (node === null || typeof node !== 'object' || Object.isFrozen(node)) continue;
    Object.freeze(node);
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') work.push(child);
  }
  return copy;
}
