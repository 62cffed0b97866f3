/**
 * Both sides of a write or edit rebuilt from the diff its result recorded (`details.diff`, the
 * layout of `agent/tools/diff.ts`, which is pi's): `+12 text` added (new numbering), `-12 text`
 * removed and ` 12 text` context (old numbering), `...` where unchanged lines were skipped.
 *
 * The diff holds only the changed lines and a little context. When the file on disk still shows
 * every line the diff says was there after the change, the whole file is rebuilt: the disk's text
 * is the after side and the before side is it with the changes undone. Otherwise only the recorded
 * excerpt is shown, a marker line standing for what was skipped on both sides.
 *
 * A session file may be hostile: the diff is parsed line by line in one pass (no recursion), line
 * numbers must go forward and agree with each other, and nothing is allocated from a number.
 */
import { modelText } from '../workspace/modelText';

/** Longer recorded diffs are not parsed (a session line may hold anything). */
export const MAX_RECORDED_DIFF_CHARS = 20_000_000;
/** The line that stands for unchanged lines the diff skipped, on both sides of an excerpt. */
export const SKIPPED_MARKER = '⋯ (unchanged lines not recorded in the session) ⋯';

export type RebuiltDiff =
  /** `whole`: the file as it was and as it was written; `excerpt`: the recorded lines only. */
  | { ok: true; kind: 'whole' | 'excerpt'; before: string; after: string }
  | { ok: false; reason: RebuildFailure; message: string };

export type RebuildFailure = 'no-diff' | 'empty' | 'too-large' | 'malformed';

type Mark = '+' | '-' | ' ';
/** One recorded line with its place on each side (a removed line has no new place, an added one no old place). */
interface DiffLine {
  mark: Mark;
  text: string;
  oldLine: number;
  newLine: number;
}
/** Lines with no skipped lines between them. */
type Hunk = DiffLine[];

const LINE = /^([+\- ]) *(\d{1,9}) (.*)$/s;
const SKIPPED = /^ *\.\.\.$/;

/** Both sides from `details.diff` and, when there is one, the file's text on disk now. */
export function rebuildFromDiff(diff: unknown, onDisk: string | undefined): RebuiltDiff {
  const parsed = parseRecordedDiff(diff);
  if (!parsed.ok) return parsed;
  const whole = onDisk === undefined ? undefined : wholeFile(parsed.hunks, modelText(onDisk));
  return whole ? { ok: true, kind: 'whole', ...whole } : { ok: true, kind: 'excerpt', ...excerpt(parsed.hunks, parsed.endsSkipped) };
}

/** The hunks of a recorded diff, or why there are none. */
export function parseRecordedDiff(diff: unknown): { ok: true; hunks: Hunk[]; endsSkipped: boolean } | Extract<RebuiltDiff, { ok: false }> {
  if (typeof diff !== 'string') return failure('no-diff', 'This call’s result records no diff to show.');
  if (diff.length > MAX_RECORDED_DIFF_CHARS) return failure('too-large', 'The diff recorded in the session is too large to show.');
  if (diff.trim() === '') return failure('empty', 'The diff recorded in the session is empty: the call changed nothing.');
  const hunks: Hunk[] = [];
  let hunk: Hunk = [];
  // Where the next line of each side is expected, and how far the new numbering is ahead of the old.
  let oldNext = 1;
  let newNext = 1;
  const lines = diff.split('\n');
  let endsSkipped = false;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    endsSkipped = SKIPPED.test(raw);
    if (endsSkipped) {
      if (hunk.length > 0) hunks.push(hunk);
      hunk = [];
      continue;
    }
    const match = LINE.exec(raw);
    if (!match) return malformed(index);
    const mark = match[1] as Mark;
    const number = Number(match[2]);
    const line = placed(mark, number, oldNext, newNext, hunk.length === 0);
    if (!line) return malformed(index);
    if (line.jumped && hunk.length > 0) {
      // Lines skipped without a `...` line (another writer's layout): a new hunk all the same.
      hunks.push(hunk);
      hunk = [];
    }
    hunk.push({ mark, text: match[3]!, oldLine: line.oldLine, newLine: line.newLine });
    if (mark !== '+') oldNext = line.oldLine + 1;
    if (mark !== '-') newNext = line.newLine + 1;
    if (mark === '-') newNext = line.newLine;
    if (mark === '+') oldNext = line.oldLine;
  }
  if (hunk.length > 0) hunks.push(hunk);
  if (!hunks.some((h) => h.some((line) => line.mark !== ' '))) return failure('empty', 'The diff recorded in the session shows no changed line.');
  return { ok: true, hunks, endsSkipped };
}

/**
 * Where a line sits on both sides, given where the next line of each was expected: numbers only go
 * forward, and a forward jump (skipped lines) skips as many lines on both sides.
 */
function placed(mark: Mark, number: number, oldNext: number, newNext: number, startsHunk: boolean): { oldLine: number; newLine: number; jumped: boolean } | undefined {
  const expected = mark === '+' ? newNext : oldNext;
  if (number < 1 || number < expected) return undefined;
  // Within a hunk a `-` after a `+` goes on at the old side's place; a jump is only allowed where a hunk may start.
  const jump = number - expected;
  if (jump > 0 && !startsHunk && mark !== ' ') return undefined;
  return mark === '+' ? { oldLine: oldNext + jump, newLine: number, jumped: jump > 0 } : { oldLine: number, newLine: newNext + jump, jumped: jump > 0 };
}

/** The whole file before and after, when the disk's text has every after-side line where the diff says; else undefined. */
function wholeFile(hunks: readonly Hunk[], disk: string): { before: string; after: string } | undefined {
  const diskLines = splitLines(disk);
  const before: string[] = [];
  let next = 1; // the next disk line (new numbering) not yet copied
  for (const hunk of hunks) {
    for (const line of hunk) {
      if (line.mark === '-') {
        before.push(line.text);
        continue;
      }
      if (line.newLine > diskLines.length || diskLines[line.newLine - 1] !== line.text) return undefined;
      for (; next < line.newLine; next++) before.push(diskLines[next - 1]!);
      next = line.newLine + 1;
      if (line.mark === ' ') before.push(line.text);
    }
  }
  for (; next <= diskLines.length; next++) before.push(diskLines[next - 1]!);
  const ending = disk.endsWith('\n') ? '\n' : '';
  return { before: joinLines(before, ending), after: disk };
}

/** The recorded lines only: context on both sides, removed lines before, added lines after, a marker for each skip. */
function excerpt(hunks: readonly Hunk[], endsSkipped: boolean): { before: string; after: string } {
  const before: string[] = [];
  const after: string[] = [];
  hunks.forEach((hunk, index) => {
    const first = hunk[0]!;
    if (index > 0 || first.oldLine > 1 || first.newLine > 1) {
      before.push(SKIPPED_MARKER);
      after.push(SKIPPED_MARKER);
    }
    for (const line of hunk) {
      if (line.mark !== '+') before.push(line.text);
      if (line.mark !== '-') after.push(line.text);
    }
  });
  if (endsSkipped) {
    before.push(SKIPPED_MARKER);
    after.push(SKIPPED_MARKER);
  }
  return { before: joinLines(before, '\n'), after: joinLines(after, '\n') };
}

/** Lines as the diff counts them: a final newline ends the last line rather than starting another. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

function joinLines(lines: readonly string[], ending: string): string {
  return lines.length === 0 ? '' : lines.join('\n') + ending;
}

function failure(reason: RebuildFailure, message: string): Extract<RebuiltDiff, { ok: false }> {
  return { ok: false, reason, message };
}

function malformed(index: number): Extract<RebuiltDiff, { ok: false }> {
  return failure('malformed', `The diff recorded in the session is malformed (its line ${index + 1} is not a diff line), so it cannot be shown.`);
}
