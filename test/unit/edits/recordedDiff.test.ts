import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { diffDetails } from '../../../src/core/agent/tools/editPlan';
import { MAX_RECORDED_DIFF_CHARS, rebuildFromDiff, SKIPPED_MARKER } from '../../../src/core/edits/recordedDiff';
import { loadPi } from '../../support/pi';
import { useWorkspace } from '../agent/tools/support';

const NUMBERED = `${Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n')}\n`;

/** The diff the tool card records for a change from `before` to `after`. */
function recorded(before: string, after: string): unknown {
  return diffDetails('file.txt', before, after)['diff'];
}

describe('rebuilding a write or edit from its recorded diff', () => {
  const workspace = useWorkspace();

  it('rebuilds the whole file on both sides when the disk still holds what was written', () => {
    const after = NUMBERED.replace('line 5\n', 'five\n').replace('line 20', 'twenty\nand more');
    assert.deepEqual(rebuildFromDiff(recorded(NUMBERED, after), after), { ok: true, kind: 'whole', before: NUMBERED, after });
  });

  it('rebuilds additions at the start and removals at the end of the file', () => {
    const after = `new first\n${NUMBERED.replace('line 29\nline 30\n', '')}`;
    assert.deepEqual(rebuildFromDiff(recorded(NUMBERED, after), after), { ok: true, kind: 'whole', before: NUMBERED, after });
  });

  it('rebuilds a file whose last line has no newline', () => {
    const before = 'a\nb\nc';
    const after = 'a\nB\nc';
    assert.deepEqual(rebuildFromDiff(recorded(before, after), after), { ok: true, kind: 'whole', before, after });
  });

  it('rebuilds from the diff pi recorded for the same edit', async function () {
    this.timeout(120_000); // the reference build takes a while to import
    const ws = workspace();
    ws.file('n.txt', NUMBERED);
    const pi = await loadPi();
    const edits = [
      { oldText: 'line 3\n', newText: 'three\n' },
      { oldText: 'line 25', newText: 'twenty-five\nplus one' },
    ];
    const result = await pi.createEditToolDefinition(ws.root).execute('call', { path: 'n.txt', edits }, undefined, undefined, undefined as never);
    const written = readFileSync(path.join(ws.root, 'n.txt'), 'utf8');
    const diff = (result.details as { diff?: unknown }).diff;
    assert.deepEqual(rebuildFromDiff(diff, written), { ok: true, kind: 'whole', before: NUMBERED, after: written });
  });

  it('shows only the recorded lines, skips marked on both sides, when the file changed since', () => {
    const after = NUMBERED.replace('line 10\n', 'ten\n');
    const result = rebuildFromDiff(recorded(NUMBERED, after), 'something else entirely\n');
    const context = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `line ${from + index}`);
    assert.deepEqual(result, {
      ok: true,
      kind: 'excerpt',
      before: [SKIPPED_MARKER, ...context(6, 9), 'line 10', ...context(11, 14), SKIPPED_MARKER].join('\n') + '\n',
      after: [SKIPPED_MARKER, ...context(6, 9), 'ten', ...context(11, 14), SKIPPED_MARKER].join('\n') + '\n',
    });
  });

  it('shows the recorded excerpt when the file is gone from disk', () => {
    const result = rebuildFromDiff(recorded('a\n', 'b\n'), undefined);
    assert.deepEqual(result, { ok: true, kind: 'excerpt', before: 'a\n', after: 'b\n' });
  });

  it('says so when the result recorded no diff', () => {
    for (const diff of [undefined, null, 42, { diff: 'x' }]) {
      assert.deepEqual(rebuildFromDiff(diff, 'x'), { ok: false, reason: 'no-diff', message: 'This call’s result records no diff to show.' });
    }
  });

  it('says so when the recorded diff shows no change', () => {
    assert.deepEqual(rebuildFromDiff('', 'x'), { ok: false, reason: 'empty', message: 'The diff recorded in the session is empty: the call changed nothing.' });
    assert.deepEqual(rebuildFromDiff(' 1 a\n 2 b', 'a\nb\n'), { ok: false, reason: 'empty', message: 'The diff recorded in the session shows no changed line.' });
  });

  it('refuses lines that are not diff lines, naming the first', () => {
    assert.deepEqual(rebuildFromDiff('+1 a\n<script>alert(1)</script>', 'a\n'), {
      ok: false,
      reason: 'malformed',
      message: 'The diff recorded in the session is malformed (its line 2 is not a diff line), so it cannot be shown.',
    });
  });

  it('refuses line numbers that go backwards or do not agree', () => {
    for (const diff of ['-5 a\n-3 b', '+2 a\n+1 b', ' 3 a\n 3 b', '-0 a', '+1 a\n+3 b']) {
      const result = rebuildFromDiff(diff, 'a\nb\n');
      assert.equal(result.ok, false, diff);
      assert.equal(!result.ok && result.reason, 'malformed', diff);
    }
  });

  it('allocates nothing from a huge line number: the excerpt holds the recorded lines only', () => {
    const result = rebuildFromDiff(' 99999998 a\n-99999999 b\n+99999999 c', 'short\n');
    assert.deepEqual(result, { ok: true, kind: 'excerpt', before: `${SKIPPED_MARKER}\na\nb\n`, after: `${SKIPPED_MARKER}\na\nc\n` });
  });

  it('refuses a recorded diff past the size it parses', () => {
    const huge = '+1 '.padEnd(MAX_RECORDED_DIFF_CHARS + 1, 'x');
    assert.deepEqual(rebuildFromDiff(huge, undefined), { ok: false, reason: 'too-large', message: 'The diff recorded in the session is too large to show.' });
  });

  it('parses a hundred thousand skip lines without recursing', () => {
    const diff = `${Array.from({ length: 100_000 }, () => '   ...').join('\n')}\n+1 a`;
    assert.deepEqual(rebuildFromDiff(diff, 'a\n'), { ok: true, kind: 'whole', before: '', after: 'a\n' });
  });
});
