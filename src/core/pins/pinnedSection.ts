/**
 * The pinned section a compaction appends to the model's summary, deterministically: pinned
 * messages quoted verbatim, each under its role and id, inside a code fence longer than any run of
 * backticks in its text, so no text can close its fence (or the section) early. It is part of the
 * entry's `summary`, so pi reading the same file gives the model the same text.
 */
import { fencedCode } from '../util/markdownSafe';
import type { PinnedMessage } from './pinnable';

export const PINNED_HEADING = '## Pinned (verbatim)';

const PINNED_PREAMBLE = 'The user pinned these messages so that no compaction loses them; each is quoted exactly, inside its fence.';

/** `\n\n## Pinned (verbatim)…` or '' when nothing is pinned. */
export function formatPinnedSection(pins: readonly PinnedMessage[]): string {
  if (pins.length === 0) return '';
  const blocks = pins.map((pin) => `### ${oneLine(pin.role)} · entry ${oneLine(pin.id)}\n${fencedCode(pin.text)}`);
  return `\n\n${PINNED_HEADING}\n\n${PINNED_PREAMBLE}\n\n${blocks.join('\n\n')}`;
}

/**
 * The summary without the pinned section a previous compaction appended (`sectionChars` long, right
 * before the file blocks `fileBlocksChars` long at the very end), so the model never rewrites it and
 * the next compaction rebuilds it from the pins. Lengths from the file are checked: a section that
 * is not where the record says stays in the text.
 */
export function stripPinnedSection(summary: string, sectionChars: number, fileBlocksChars: number): string {
  const end = summary.length - fileBlocksChars;
  const start = end - sectionChars;
  if (!Number.isSafeInteger(sectionChars) || sectionChars <= 0 || start < 0 || end > summary.length) return summary;
  if (!summary.startsWith(`\n\n${PINNED_HEADING}\n`, start)) return summary;
  return summary.slice(0, start) + summary.slice(end);
}

/** Role and id stay on their heading line (an id or custom type from the file may hold anything). */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}
