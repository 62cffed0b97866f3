import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { journalHolderAlive, readRestoreJournal, RESTORE_JOURNAL, type RestoreJournal } from '../../../src/core/checkpoints/restoreJournal';
import { useTempDir } from '../../support/tempDir';

const TO = 'a'.repeat(40);
const UNDO = 'b'.repeat(40);

/** A process id that no process has any more: a child that ran and exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the restore journal is read distrustfully', () => {
  const temp = useTempDir();
  const store = (): string => {
    const folder = path.join(temp(), 'store');
    mkdirSync(folder, { recursive: true });
    return folder;
  };
  const journal = (): RestoreJournal => ({ v: 1, session: 'session-1', to: TO, undo: UNDO, pid: 4242, startedAt: '2026-03-01T12:00:00.000Z' });
  const planted = (content: string): string => {
    const folder = store();
    writeFileSync(path.join(folder, RESTORE_JOURNAL), content);
    return folder;
  };

  it('finds no journal where none was written', async () => {
    assert.deepEqual(await readRestoreJournal(store()), { kind: 'none' });
  });

  it('reads a journal of the right shape back field for field', async () => {
    assert.deepEqual(await readRestoreJournal(planted(JSON.stringify(journal()))), { kind: 'found', journal: journal() });
  });

  it('keeps only the journal fields: anything else in the file is dropped', async () => {
    const reading = await readRestoreJournal(planted(JSON.stringify({ ...journal(), extra: { deep: [1, 2] } })));
    assert.deepEqual(reading, { kind: 'found', journal: journal() });
  });

  it('reports a journal cut short as malformed, not JSON', async () => {
    const text = JSON.stringify(journal());
    assert.deepEqual(await readRestoreJournal(planted(text.slice(0, 30))), { kind: 'malformed', reason: 'it is not JSON (a write cut short?)' });
    assert.deepEqual(await readRestoreJournal(planted('')), { kind: 'malformed', reason: 'it is not JSON (a write cut short?)' });
  });

  const wrongShapes: [string, unknown][] = [
    ['an array', [journal()]],
    ['null', null],
    ['another version', { ...journal(), v: 2 }],
    ['a target that is not an object id', { ...journal(), to: '../../etc' }],
    ['an undo state in upper case', { ...journal(), undo: UNDO.toUpperCase() }],
    ['an empty session', { ...journal(), session: '' }],
    ['a session of 1 001 characters', { ...journal(), session: 'x'.repeat(1001) }],
    ['a process id that is not a positive integer', { ...journal(), pid: -1 }],
    ['a fractional process id', { ...journal(), pid: 1.5 }],
    ['no start time', { ...journal(), startedAt: undefined }],
    ['a session that is a number', { ...journal(), session: 7 }],
  ];
  for (const [what, value] of wrongShapes) {
    it(`reports a journal with ${what} as malformed`, async () => {
      assert.deepEqual(await readRestoreJournal(planted(JSON.stringify(value))), { kind: 'malformed', reason: 'it does not have the shape of a restore journal' });
    });
  }

  it('never reads through a link at the journal name, and leaves what it points at alone', async () => {
    const folder = store();
    const target = path.join(temp(), 'elsewhere.json');
    writeFileSync(target, JSON.stringify(journal()));
    symlinkSync(target, path.join(folder, RESTORE_JOURNAL));
    const reading = await readRestoreJournal(folder);
    assert.equal(reading.kind, 'malformed');
    assert.equal(readFileSync(target, 'utf8'), JSON.stringify(journal()));
  });

  it('reports a FIFO at the journal name without waiting on it', async () => {
    const folder = store();
    execFileSync('mkfifo', [path.join(folder, RESTORE_JOURNAL)]);
    const reading = await readRestoreJournal(folder);
    assert.equal(reading.kind, 'malformed');
  });

  it('reports a journal over 4 KB without reading it whole', async () => {
    const reading = await readRestoreJournal(planted(JSON.stringify({ ...journal(), padding: 'p'.repeat(5000) })));
    assert.equal(reading.kind, 'malformed');
  });

  it('counts a journal of this process or of a process that ended as interrupted, and one of a live process as running', () => {
    const now = Date.parse(journal().startedAt) + 60_000;
    assert.equal(journalHolderAlive({ ...journal(), pid: process.pid }, now), false);
    assert.equal(journalHolderAlive({ ...journal(), pid: deadPid() }, now), false);
    assert.equal(journalHolderAlive({ ...journal(), pid: process.ppid }, now), true);
  });

  it('never takes a journal older than half an hour, or of an unreadable time, for a restore still running (process ids are reused)', () => {
    const started = Date.parse(journal().startedAt);
    assert.equal(journalHolderAlive({ ...journal(), pid: process.ppid }, started + 30 * 60_000), true);
    assert.equal(journalHolderAlive({ ...journal(), pid: process.ppid }, started + 30 * 60_000 + 1), false);
    assert.equal(journalHolderAlive({ ...journal(), pid: process.ppid, startedAt: 'yesterday' }, started), false);
  });
});
