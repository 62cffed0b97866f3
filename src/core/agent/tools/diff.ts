/**
 * What an edit records of its change (`details`), in pi 1.6's shape:
 *
 * - `diff`: changed lines with their line numbers and a few lines of context, `...` where
 *   unchanged lines are skipped, the layout of pi's, so one renderer draws both: `+12 text` added
 *   (new numbering), `-12 text` removed and ` 12 text` context (old numbering);
 * - `patch`: the same change as a standard unified patch, headed by the path as the tool was given
 *   it (`--- path` / `+++ path`, written as given, as pi writes it);
 * - `firstChangedLine`: the first changed line of the new text.
 */
import { formatPatch, OMIT_HEADERS, structuredPatch, type StructuredPatch } from 'diff';

const CONTEXT_LINES = 4;

export interface RenderedDiff {
  diff: string;
  firstChangedLine?: number;
}

/** The display diff of two texts. */
export function renderDiff(before: string, after: string): RenderedDiff {
  return displayDiff(structuredPatch('', '', before, after, undefined, undefined, { context: CONTEXT_LINES }), before, after);
}

/** The display diff and the unified patch of a file's change. */
export function fileDiff(path: string, before: string, after: string): RenderedDiff & { patch: string } {
  const patch = structuredPatch(path, path, before, after, undefined, undefined, { context: CONTEXT_LINES });
  const hunks = patch.hunks.length > 0 ? formatPatch(patch, OMIT_HEADERS) : '';
  const { diff, firstChangedLine } = displayDiff(patch, before, after);
  return { diff, patch: `--- ${path}\n+++ ${path}\n${hunks}`, ...(firstChangedLine !== undefined && { firstChangedLine }) };
}

function displayDiff(patch: StructuredPatch, before: string, after: string): RenderedDiff {
  const oldCount = lineCount(before);
  const width = String(Math.max(oldCount, lineCount(after))).length;
  const number = (value: number) => String(value).padStart(width, ' ');
  const skipped = ` ${''.padStart(width, ' ')} ...`;
  const out: string[] = [];
  let firstChangedLine: number | undefined;
  patch.hunks.forEach((hunk, index) => {
    if (index > 0 || hunk.oldStart > 1) out.push(skipped);
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const mark = line[0];
      const text = line.slice(1);
      if (mark === '+') {
        firstChangedLine ??= newLine;
        out.push(`+${number(newLine++)} ${text}`);
      } else if (mark === '-') {
        firstChangedLine ??= newLine;
        out.push(`-${number(oldLine++)} ${text}`);
      } else if (mark === ' ') {
        out.push(` ${number(oldLine++)} ${text}`);
        newLine++;
      }
      // '\' lines ("No newline at end of file") are not shown.
    }
  });
  const last = patch.hunks.at(-1);
  if (last && last.oldStart + last.oldLines - 1 < oldCount) out.push(skipped);
  return firstChangedLine === undefined ? { diff: out.join('\n') } : { diff: out.join('\n'), firstChangedLine };
}

/** Lines as a diff counts them: a final newline ends the last line rather than starting another. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
