import { strict as assert } from 'node:assert';
import { appendFileSync, existsSync, readFileSync, renameSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  createSessionFile,
  loadSessionFile,
  openSessionFile,
  saveSessionCopy,
  serializeLine,
  SessionError,
  unsavedText,
  type DiskFaults,
  type SaveState,
  type Session,
} from '../../../src/core/session';
import { assistant, user } from '../../support/builders';
import { faultyDisk, type FaultPlan } from '../../support/faultyDisk';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

const REPLY = 'a long reply '.repeat(400);

/** A session file with one turn, reopened with `faults` on its writes. */
async function openedWith(dir: string, faults: DiskFaults): Promise<{ session: Session; file: string; before: Buffer }> {
  const created = await createSessionFile({ dir, cwd: '/p' });
  await created.appendMessage(user('q1'));
  await created.appendMessage(assistant('a1'));
  await created.sync();
  const file = created.file!;
  const { session } = await openSessionFile(file, { faults });
  return { session, file, before: readFileSync(file) };
}

/** The bytes the entries take as JSON lines, counted without the code under test. */
function jsonLineBytes(entries: readonly object[]): number {
  return entries.reduce((sum, entry) => sum + Buffer.byteLength(JSON.stringify(entry)) + 1, 0);
}

function statesOf(session: Session): SaveState[] {
  const seen: SaveState[] = [];
  session.onDidChangeSaveState((state) => seen.push(state));
  return seen;
}

function writeFailed(problem: string): (error: unknown) => boolean {
  return (error) => error instanceof SessionError && error.reason === 'write-failed' && error.problem === problem;
}

describe('Session file: a write that fails leaves the file as it was', () => {
  const dir = useTempDir();

  it('cuts back the part of a line written before the disk filled up, and keeps the reply waiting in memory', async () => {
    const { session, file, before } = await openedWith(dir(), faultyDisk({ roomBytes: 700 }));
    const states = statesOf(session);
    const failed = session.appendMessage(assistant(REPLY));
    await assert.rejects(failed, writeFailed('disk-full'));
    assert.deepEqual(readFileSync(file), before, 'the file ends at its last whole line, byte for byte');
    const state = session.saveState;
    assert.equal(state.saved, false);
    if (state.saved) return;
    assert.equal(state.waiting.length, 1);
    assert.equal(session.getEntry(state.waiting[0]!.id), state.waiting[0], 'the reply stays in the session');
    const size = `${(jsonLineBytes(state.waiting) / 1024).toFixed(1)}KB`;
    assert.equal(size, '5.5KB');
    assert.equal(unsavedText(state, 'buttons'), `The disk is full: the last reply (${size}) is not saved yet. Free some space and choose Retry, or Save a Copy elsewhere.`);
    assert.equal(unsavedText(state, 'command-line'), `The disk is full: the last reply (${size}) is not saved yet. The file ends at its last whole entry. Free some space and run the command again.`);
    assert.deepEqual(states.map((s) => s.saved), [false]);
  });

  it('writes what waits, in order, at the next append once there is room', async () => {
    const disk = faultyDisk({ roomBytes: 700 });
    const { session, file, before } = await openedWith(dir(), disk);
    const states = statesOf(session);
    const reply = session.appendMessage(assistant(REPLY));
    await assert.rejects(reply, writeFailed('disk-full'));
    const replyId = session.leafId!;
    disk.heal();
    const next = await session.appendMessage(user('next'));
    await session.sync();
    const lines = [serializeLine(session.getEntry(replyId)!), serializeLine(session.getEntry(next)!)];
    assert.equal(readFileSync(file, 'utf8'), before.toString('utf8') + lines.join(''));
    assert.equal((await loadSessionFile(file)).tree.parentOf(next), replyId);
    assert.deepEqual(states.map((s) => s.saved), [false, true]);
    assert.deepEqual(session.saveState, { saved: true });
  });

  it('writes what waits when the user asks to retry', async () => {
    const disk = faultyDisk({ failWrite: 1, code: 'EIO' });
    const { session, file, before } = await openedWith(dir(), disk);
    await assert.rejects(session.appendMessage(assistant('reply')), writeFailed('io-error'));
    assert.deepEqual(readFileSync(file), before);
    await assert.rejects(session.retrySave(), writeFailed('io-error'));
    disk.heal();
    await session.retrySave();
    assert.equal(readFileSync(file, 'utf8'), before.toString('utf8') + serializeLine(session.getEntry(session.leafId!)!));
  });

  it('names each kind of failure as the user can act on it', async () => {
    const cases: [FaultPlan['code'], string][] = [
      ['EDQUOT', 'disk-full'],
      ['EROFS', 'read-only'],
      ['EACCES', 'no-permission'],
      ['EPERM', 'no-permission'],
      ['EIO', 'io-error'],
      ['EBADF', 'other'],
    ];
    for (const [code, problem] of cases) {
      const { session } = await openedWith(dir(), faultyDisk({ failWrite: 1, code }));
      await assert.rejects(session.appendMessage(user('x')), writeFailed(problem), code);
    }
  });

  it('reports a failing fsync as a failed write', async () => {
    const { session } = await openedWith(dir(), faultyDisk({ failSync: 1, code: 'EIO' }));
    await session.appendMessage(user('x'));
    await assert.rejects(session.sync(), writeFailed('io-error'));
  });

  it('blanks only its own bytes when another program appended after them, and keeps that line', async () => {
    const other = serializeLine({ type: 'custom', id: 'feed0001', parentId: null, timestamp: '2026-01-01T00:00:00.000Z', customType: 'other' });
    let file = '';
    let calls = 0;
    const faults: DiskFaults = {
      write: () => {
        calls++;
        if (calls === 1) return 40;
        appendFileSync(file, other);
        throw Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' });
      },
      sync: () => undefined,
    };
    const opened = await openedWith(dir(), faults);
    file = opened.file;
    await assert.rejects(opened.session.appendMessage(assistant(REPLY)), writeFailed('disk-full'));
    assert.equal(readFileSync(file, 'utf8'), `${opened.before.toString('utf8')}${' '.repeat(39)}\n${other}`);
    const pi = await loadPi();
    const piSession = pi.SessionManager.open(file);
    assert.deepEqual(
      piSession.getEntries().map((entry: { id: string }) => entry.id).slice(-1),
      ['feed0001'],
    );
  });
});

describe('Session file: a file changed under the session is never written', () => {
  const dir = useTempDir();

  it('writes nothing into a file renamed over it, says so, and keeps the entries waiting', async () => {
    const { session, file } = await openedWith(dir(), faultyDisk({}));
    const stranger = `${serializeLine({ type: 'session', version: 3, id: 'other', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/elsewhere' })}`;
    writeFileSync(path.join(dir(), 'other.jsonl'), stranger);
    renameSync(path.join(dir(), 'other.jsonl'), file);
    await assert.rejects(session.appendMessage(user('mine')), writeFailed('replaced'));
    await assert.rejects(session.appendMessage(user('mine too')), writeFailed('replaced'));
    assert.equal(readFileSync(file, 'utf8'), stranger);
    const state = session.saveState;
    assert.equal(!state.saved && state.waiting.length, 2);
    if (!state.saved) {
      assert.equal(
        unsavedText(state, 'buttons'),
        `The session file was replaced or shortened by another program (Arbor writes nothing into it): 2 entries (${jsonLineBytes(state.waiting)}B) are not saved yet. Choose Save a Copy to keep the session as a new file.`,
      );
    }
  });

  it('writes nothing into a file another program cut shorter', async () => {
    const { session, file, before } = await openedWith(dir(), faultyDisk({}));
    truncateSync(file, before.length - 10);
    await assert.rejects(session.appendMessage(user('mine')), writeFailed('replaced'));
    assert.deepEqual(readFileSync(file), before.subarray(0, before.length - 10));
  });

  it('never creates a deleted file again', async () => {
    const { session, file } = await openedWith(dir(), faultyDisk({}));
    unlinkSync(file);
    await assert.rejects(session.appendMessage(user('mine')), writeFailed('gone'));
    await assert.rejects(session.retrySave(), writeFailed('gone'));
    assert.equal(existsSync(file), false);
  });

  it('writes again once the file it was renamed away from is back', async () => {
    const { session, file, before } = await openedWith(dir(), faultyDisk({}));
    renameSync(file, `${file}.moved`);
    await assert.rejects(session.appendMessage(user('mine')), writeFailed('gone'));
    renameSync(`${file}.moved`, file);
    await session.retrySave();
    assert.equal(readFileSync(file, 'utf8'), before.toString('utf8') + serializeLine(session.getEntry(session.leafId!)!));
  });

  it('saves everything in memory, waiting entries included, as a new file that reopens where the session stands', async () => {
    const { session, file } = await openedWith(dir(), faultyDisk({}));
    const first = session.getBranch()[0]!.id;
    unlinkSync(file);
    await assert.rejects(session.appendMessage(assistant('waiting reply')), writeFailed('gone'));
    const waitingId = session.leafId!;
    await session.branch(first).catch(() => undefined);
    const copy = path.join(dir(), 'copy.jsonl');
    await saveSessionCopy(session, copy, new Date('2026-02-01T00:00:00.000Z'));
    const reopened = await openSessionFile(copy, { createIfMissing: false });
    assert.equal(reopened.session.id, session.id);
    assert.equal(reopened.session.leafId, first);
    assert.ok(reopened.session.getEntry(waitingId), 'the waiting reply is in the copy');
    await assert.rejects(saveSessionCopy(session, copy, new Date()), (error: NodeJS.ErrnoException) => error.code === 'EEXIST');
  });
});
