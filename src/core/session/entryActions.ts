/**
 * What the Session Tree's entry actions need from a session, beyond the Session API: which entry
 * "the current entry" is for a label, the text an entry copies as, and where an entry sits in its
 * JSONL file.
 */
import { describeEntry } from './describe';
import type { SessionTree } from './tree';
import type { SessionEntry } from './types';

/**
 * The entry "Set Label" names at the position `leafId`: the leaf itself, or — when the leaf is a
 * label entry (setting a label moves the position onto its own entry) — the nearest entry before
 * it that is not one. undefined for an empty position.
 */
export function labelTargetAt(tree: SessionTree, leafId: string | null): string | undefined {
  for (let id = leafId; id !== null; id = tree.parentOf(id)) {
    const entry = tree.get(id);
    if (!entry) return undefined;
    if (entry.type !== 'label') return id;
  }
  return undefined;
}

/** The text "Copy Text" puts on the clipboard: a message's text, a summary's text, a bash command and its output. */
export function entryCopyText(entry: SessionEntry): string {
  return describeEntry(entry).text;
}

/**
 * The 0-based line of the entry with this id in a session file's text, and that line's length;
 * undefined when no line holds it. One pass over the text, looking only at lines that contain the
 * id, each checked by parsing it (an id can also appear as a parent or a label's target).
 */
export function findEntryLine(text: string, id: string): { line: number; length: number } | undefined {
  const needle = JSON.stringify(id);
  let line = 0;
  let counted = 0;
  let at = text.indexOf(needle);
  while (at >= 0) {
    const start = text.lastIndexOf('\n', at) + 1;
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    line += countNewlines(text, counted, start);
    counted = start;
    if (lineHasId(text.slice(start, end), id)) return { line, length: end - start };
    at = text.indexOf(needle, end);
  }
  return undefined;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

function lineHasId(line: string, id: string): boolean {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null && (parsed as { id?: unknown }).id === id;
  } catch {
    return false; // a torn or malformed line is not the entry
  }
}
