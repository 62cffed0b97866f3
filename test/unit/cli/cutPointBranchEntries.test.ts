import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fixturePath } from '../../support/fixtures';
import { useTempDir } from '../../support/tempDir';
import { DEFAULT_COMPACTION_SETTINGS } from '../../../src/core/compaction';
import { loadFixture } from '../compaction/support/fixtures';
import { loadPi } from '../compaction/support/piOracle';
import { arbor, arborJson } from './runArbor';

const SYNTHETIC = fixturePath('synthetic-branched.jsonl');

interface CutJson {
  firstKeptEntryId: string | null;
  turnStartEntryId: string | null;
  isSplitTurn: boolean;
  keptTokens: number;
}

const HEADER = { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' };
let clock = 0;
const base = (id: string) => ({ id, parentId: null as string | null, timestamp: new Date(Date.parse('2026-01-01T00:00:00.000Z') + ++clock * 1000).toISOString() });
const u = (id: string, text: string) => ({ type: 'message', ...base(id), message: { role: 'user', content: text, timestamp: 1 } });
const a = (id: string, text: string, calls: { id: string; name: string; arguments: object }[] = []) => ({
  type: 'message',
  ...base(id),
  message: { role: 'assistant', content: [{ type: 'text', text }, ...calls.map((call) => ({ type: 'toolCall', ...call }))], api: 'x', provider: 'p', model: 'm', usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, stopReason: 'stop', timestamp: 1 },
});
const r = (id: string, callId: string, text: string) => ({ type: 'message', ...base(id), message: { role: 'toolResult', toolCallId: callId, toolName: 'read', content: [{ type: 'text', text }], isError: false, timestamp: 1 } });
const bash = (id: string, output: string) => ({ type: 'message', ...base(id), message: { role: 'bashExecution', command: 'ls', output, exitCode: 0, cancelled: false, truncated: false, timestamp: 1 } });

describe('arbor cut-point', () => {
  const tmp = useTempDir();
  /** A linear session of the given entries. */
  const chain = (...entries: { id: string; parentId: string | null }[]): string => {
    entries.forEach((entry, i) => (entry.parentId = i === 0 ? null : entries[i - 1]!.id));
    const file = path.join(tmp(), 's.jsonl');
    writeFileSync(file, [HEADER, ...entries].map((line) => `${JSON.stringify(line)}\n`).join(''));
    return file;
  };

  it('cuts the synthetic fixture after its compaction where pi 1.6 prepares it', async () => {
    const pi = await loadPi();
    const { path: entries } = await loadFixture('synthetic-branched');
    for (const budget of [1, 10]) {
      const theirs = pi.prepareCompaction(entries, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: budget });
      const ours = await arborJson<CutJson>('cut-point', SYNTHETIC, '--keep-recent', String(budget));
      assert.deepEqual([ours.firstKeptEntryId, ours.isSplitTurn], [theirs.firstKeptEntryId, theirs.isSplitTurn], `budget ${budget}`);
    }
    assert.deepEqual(await arborJson<CutJson>('cut-point', SYNTHETIC, '--keep-recent', '1'), { firstKeptEntryId: 'b08', turnStartEntryId: 'b07', isSplitTurn: true, keptTokens: 2, exitCode: 0 });
    for (const budget of ['1000', '50000']) {
      // Everything after the compaction fits: the kept tail starts at its first kept entry, b02, and pi has nothing to compact.
      assert.equal(pi.prepareCompaction(entries, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: Number(budget) }), undefined);
      assert.deepEqual(await arborJson<CutJson>('cut-point', SYNTHETIC, '--keep-recent', budget), { firstKeptEntryId: 'b02', turnStartEntryId: null, isSplitTurn: false, keptTokens: 51, exitCode: 0 });
    }
  });

  it('keeps everything when the whole path fits', async () => {
    const file = chain(u('u1', 'one'), a('a1', 'two'), u('u2', 'three'), a('a2', 'four'));
    assert.deepEqual(await arborJson<CutJson>('cut-point', file, '--keep-recent', '50000'), { firstKeptEntryId: 'u1', turnStartEntryId: null, isSplitTurn: false, keptTokens: 5, exitCode: 0 });
  });

  it('does not make the previous turn a "prefix" when a settings entry precedes the cut (pi: split at u1)', async () => {
    const thinking = { type: 'thinking_level_change', ...base('t1'), thinkingLevel: 'high' };
    const file = chain(u('u1', 'first'), a('a1', 'answer'), thinking, u('u2', 'x'.repeat(800)), a('a2', 'done'));
    assert.deepEqual(await arborJson<CutJson>('cut-point', file, '--keep-recent', '100'), { firstKeptEntryId: 't1', turnStartEntryId: null, isSplitTurn: false, keptTokens: 201, exitCode: 0 });
  });

  it('counts a custom message in the kept tail, as pi 1.6 (0.73.1 weighed it 0)', async () => {
    const note = { type: 'custom_message', ...base('c1'), customType: 'note', content: 'y'.repeat(8000), display: true };
    const file = chain(u('u1', 'first'), note, a('a1', 'answer'));
    assert.deepEqual(await arborJson<CutJson>('cut-point', file, '--keep-recent', '100'), { firstKeptEntryId: 'c1', turnStartEntryId: null, isSplitTurn: false, keptTokens: 2002, exitCode: 0 });
  });

  it('cuts before the assistant when the budget is crossed inside trailing tool results, as pi 1.6 (0.73.1 kept everything)', async () => {
    const file = chain(u('u1', 'read it'), a('a1', 'reading', [{ id: 'c', name: 'read', arguments: { path: 'a.ts' } }]), r('r1', 'c', 'z'.repeat(4000)));
    assert.deepEqual(await arborJson<CutJson>('cut-point', file, '--keep-recent', '100'), { firstKeptEntryId: 'a1', turnStartEntryId: 'u1', isSplitTurn: true, keptTokens: 1007, exitCode: 0 });
  });

  it('treats a cut at a bash run as a turn start, not a split with an empty prefix', async () => {
    const file = chain(u('u1', 'x'.repeat(400)), a('a1', 'answer'), bash('b1', 'o'.repeat(400)), a('a2', 'seen'));
    const cut = await arborJson<CutJson>('cut-point', file, '--keep-recent', '50');
    assert.deepEqual(cut, { firstKeptEntryId: 'b1', turnStartEntryId: null, isSplitTurn: false, keptTokens: 102, exitCode: 0 });
  });

  it('answers null for an empty session and needs --keep-recent', async () => {
    const file = path.join(tmp(), 'empty.jsonl');
    writeFileSync(file, `${JSON.stringify(HEADER)}\n`);
    assert.deepEqual(await arborJson<CutJson>('cut-point', file, '--keep-recent', '10'), { firstKeptEntryId: null, turnStartEntryId: null, isSplitTurn: false, keptTokens: 0, exitCode: 0 });
    const run = await arbor('cut-point', file);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, 'arbor cut-point: option --keep-recent is required (tokens to keep) (see arbor --help)\n');
  });

  it('describes the cut for people', async () => {
    const run = await arbor('cut-point', SYNTHETIC, '--keep-recent', '1');
    assert.equal(
      run.stdout,
      'keep 1 tokens (pi estimator): first kept entry b08 (message:assistant), entry 20 of 24; it splits the turn that starts at b07\nkept: 2 tokens in 5 entries; summarized: 19 entries\n',
    );
  });
});

describe('arbor branch-entries', () => {
  it('stops at the target when it is an ancestor of the old leaf', async () => {
    const result = await arborJson('branch-entries', SYNTHETIC, '--from', 'l03', '--to', 'b02');
    assert.deepEqual(result, { commonAncestorId: 'b02', entryIds: ['b03', 'b04', 'b05', 'b06', 'b06r', 'c01', 'b07', 'b08', 'b09', 's01', 'l02', 'l03'], exitCode: 0 });
  });

  it('collects back to the branch point between sibling branches', async () => {
    const there = await arborJson<{ commonAncestorId: string; entryIds: string[] }>('branch-entries', SYNTHETIC, '--from', 'l03', '--to', 'e14');
    assert.equal(there.commonAncestorId, 'e10');
    assert.equal(there.entryIds.length, 14);
    assert.deepEqual([there.entryIds[0], there.entryIds[13]], ['b01', 'l03']);
    const back = await arborJson('branch-entries', SYNTHETIC, '--from', 'e14', '--to', 'b02');
    assert.deepEqual(back, { commonAncestorId: 'e10', entryIds: ['e11', 'e12', 'e13', 'e14'], exitCode: 0 });
  });

  it('takes the whole old path when the target shares no ancestor', async () => {
    const result = await arborJson<{ commonAncestorId: null; entryIds: string[] }>('branch-entries', SYNTHETIC, '--from', 'l03', '--to', 'o01');
    assert.equal(result.commonAncestorId, null);
    assert.equal(result.entryIds.length, 24);
  });

  it('names an unknown id and exits 2', async () => {
    const run = await arbor('branch-entries', SYNTHETIC, '--from', 'l03', '--to', 'zzz');
    assert.equal(run.code, 2);
    assert.equal(run.stderr, `arbor branch-entries: ${SYNTHETIC}: --to zzz: no entry with that id\n`);
  });
});
