import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CheckpointStoreError, type FileCheckpointStore } from '../../../src/core/checkpoints';
import { sessionRef } from '../../../src/core/checkpoints/refs';
import { RESTORE_JOURNAL } from '../../../src/core/checkpoints/restoreJournal';
import { settleLock, STALE_LOCK_MS } from '../../../src/core/checkpoints/staleLocks';
import { noStopPoints, type StopPoints } from '../../../src/core/util/stopPoints';
import { useTempDir } from '../../support/tempDir';
import { AS_SESSION, listing, makePlace, openStore, writeFiles, type Place } from './support';

/** Stop points that fail the nth time `step` is reached: a restore that fails part-way, in this process. */
function failAt(step: 'restore' | 'snapshot', nth: number): StopPoints {
  let seen = 0;
  return {
    ...noStopPoints,
    reached(at) {
      if (at === step && ++seen === nth) throw new Error(`failed at ${step} ${nth}`);
    },
  };
}

/** A store with states A (a.txt, b.txt, c.txt) and B (a.txt changed, b.txt gone, d.txt and e.txt new); the files left as B. */
async function twoStates(place: Place, stopPoints: StopPoints = noStopPoints) {
  writeFiles(place.root, { 'a.txt': 'one', 'b.txt': 'bee', 'c.txt': 'see' });
  const store = await openStore(place, { stopPoints });
  const a = await store.snapshot(AS_SESSION);
  const filesA = listing(place.root);
  writeFiles(place.root, { 'a.txt': 'two', 'd.txt': 'dee', 'sub/e.txt': 'e' });
  rmSync(path.join(place.root, 'b.txt'));
  const b = await store.snapshot(AS_SESSION);
  return { store, a: a.state, b: b.state, filesA, filesB: listing(place.root) };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('checkpoint store: faults mid-step', function () {
  this.timeout(30_000);
  const temp = useTempDir();

  it('keeps the journal of a restore that failed part-way; undo puts every file back, and no other restore runs meanwhile', async () => {
    const place = makePlace(temp());
    const { store, a, b, filesB } = await twoStates(place, failAt('restore', 1));
    await rejection(store.restore(a, AS_SESSION));
    assert.notDeepEqual(listing(place.root), filesB);
    const found = await store.interruptedRestore();
    assert.deepEqual(found?.kind === 'found' && [found.journal.to, found.journal.undo, found.journal.session], [a, b, AS_SESSION.session]);
    writeFiles(place.root, { 'x.txt': 'x' });
    const x = await store.snapshot(AS_SESSION);
    rmSync(path.join(place.root, 'x.txt'));
    const refused = await rejection(store.restore(x.state, AS_SESSION));
    assert.ok(refused instanceof CheckpointStoreError && refused.reason === 'interrupted');
    const undone = await store.undoInterruptedRestore();
    assert.equal(undone?.undo, b);
    assert.deepEqual(listing(place.root), filesB);
    assert.equal(await store.interruptedRestore(), undefined);
    assert.equal(existsSync(path.join(store.folder, RESTORE_JOURNAL)), false);
  });

  it('keeps both states of an interrupted restore through pruning: it can still be undone', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one', 'b.txt': 'bee' });
    const store = await openStore(place, { stopPoints: failAt('restore', 1), limits: { keepUndo: 0 } });
    const a = await store.snapshot(AS_SESSION);
    writeFiles(place.root, { 'a.txt': 'two', 'c.txt': 'see' });
    const filesB = listing(place.root);
    await store.snapshot(AS_SESSION);
    await rejection(store.restore(a.state, AS_SESSION));
    await store.prune(new Set());
    await store.undoInterruptedRestore();
    assert.deepEqual(listing(place.root), filesB);
  });

  it('writes no journal for a restore that changes nothing, and removes the one of a restore that finished', async () => {
    const place = makePlace(temp());
    const { store, a, b, filesA } = await twoStates(place);
    await store.restore(b, AS_SESSION);
    assert.equal(existsSync(path.join(store.folder, RESTORE_JOURNAL)), false);
    await store.restore(a, AS_SESSION);
    assert.deepEqual(listing(place.root), filesA);
    assert.equal(existsSync(path.join(store.folder, RESTORE_JOURNAL)), false);
  });

  it('reports a malformed journal and is not stopped by it: the next restore replaces it and clears it', async () => {
    const place = makePlace(temp());
    const { store, a, filesA } = await twoStates(place);
    writeFileSync(path.join(store.folder, RESTORE_JOURNAL), '{"v":1,"session":');
    assert.deepEqual(await store.interruptedRestore(), { kind: 'malformed', reason: 'it is not JSON (a write cut short?)' });
    assert.equal(await store.undoInterruptedRestore(), undefined);
    await store.restore(a, AS_SESSION);
    assert.deepEqual(listing(place.root), filesA);
    assert.equal(await store.interruptedRestore(), undefined);
  });

  it('refuses to restore while the journal names a live process (another window restoring), changing no file', async () => {
    const place = makePlace(temp());
    const { store, a, b, filesB } = await twoStates(place);
    writeFileSync(path.join(store.folder, RESTORE_JOURNAL), JSON.stringify({ v: 1, session: AS_SESSION.session, to: a, undo: b, pid: process.ppid, startedAt: new Date().toISOString() }));
    assert.equal(await store.interruptedRestore(), undefined);
    const refused = await rejection(store.restore(a, AS_SESSION));
    assert.ok(refused instanceof CheckpointStoreError && refused.reason === 'busy');
    assert.deepEqual(listing(place.root), filesB);
  });

  it('removes a stale index.lock a killed git left in the store, and the next snapshot records the files', async () => {
    const place = makePlace(temp());
    const { store, b } = await twoStates(place);
    const lock = path.join(store.folder, 'index.lock');
    writeFileSync(lock, 'DIRC half written');
    const old = new Date(Date.now() - STALE_LOCK_MS - 60_000);
    utimesSync(lock, old, old);
    writeFiles(place.root, { 'a.txt': 'three' });
    const next = await store.snapshot(AS_SESSION);
    assert.notEqual(next.state, b);
    assert.equal(existsSync(lock), false);
    assert.deepEqual(await store.changes(b, next.state), [{ path: 'a.txt', kind: 'modified' }]);
  });

  it('leaves a fresh lock alone (another window\'s git at work) and says the store is busy', async () => {
    const place = makePlace(temp());
    const { store } = await twoStates(place);
    const lock = path.join(store.folder, 'index.lock');
    writeFileSync(lock, '');
    writeFiles(place.root, { 'a.txt': 'three' });
    const busy = await rejection(store.snapshot(AS_SESSION));
    assert.ok(busy instanceof CheckpointStoreError && busy.reason === 'busy', String(busy));
    assert.equal(existsSync(lock), true);
  });

  it('never removes a lock outside the store\'s folder, whatever git names', async () => {
    const place = makePlace(temp());
    const store = await openStore(place);
    await store.snapshot();
    const outside = path.join(temp(), 'other.lock');
    writeFileSync(outside, '');
    const old = new Date(Date.now() - STALE_LOCK_MS - 60_000);
    utimesSync(outside, old, old);
    assert.equal(await settleLock(store.folder, outside), 'held');
    assert.equal(await settleLock(store.folder, path.join(store.folder, '..', 'x.lock')), 'held');
    assert.equal(existsSync(outside), true);
  });

  it('removes the scratch files a killed restore or reference write left in the store when it is opened next, keeping young ones (another window\'s)', async () => {
    const place = makePlace(temp());
    const { store } = await twoStates(place);
    const old = new Date(Date.now() - STALE_LOCK_MS - 60_000);
    const left = ['index.restore-0123456789ab', 'index.restore-0123456789ab.lock', 'ref-0123456789ab.tmp', 'restore-in-progress.json.0123456789ab.tmp'];
    for (const name of left) {
      writeFileSync(path.join(store.folder, name), 'left');
      utimesSync(path.join(store.folder, name), old, old);
    }
    writeFileSync(path.join(store.folder, 'ref-ba9876543210.tmp'), 'young');
    writeFileSync(path.join(store.folder, 'index.restore-notours'), 'not a name the store makes');
    utimesSync(path.join(store.folder, 'index.restore-notours'), old, old);
    await (await openStore(place)).snapshot();
    assert.deepEqual(left.filter((name) => existsSync(path.join(store.folder, name))), []);
    assert.equal(existsSync(path.join(store.folder, 'ref-ba9876543210.tmp')), true);
    assert.equal(existsSync(path.join(store.folder, 'index.restore-notours')), true);
  });

  it('writes again a session binding left empty by a process killed while writing it: the state can be restored', async () => {
    const place = makePlace(temp());
    const { store, a, b, filesA } = await twoStates(place);
    const ref = path.join(store.folder, ...sessionRef(AS_SESSION.session, a).split('/'));
    writeFileSync(ref, '');
    await restoreAfterSnapshot(store, place, a);
    assert.equal(readFileSync(ref, 'utf8'), `${a}\n`);
    assert.deepEqual(listing(place.root), filesA);
    assert.notEqual(a, b);
  });
});

/** Records the files as A again (binding A to the session), then restores A. */
async function restoreAfterSnapshot(store: FileCheckpointStore, place: Place, a: string): Promise<void> {
  const now = listing(place.root);
  writeFiles(place.root, { 'a.txt': 'one', 'b.txt': 'bee' });
  rmSync(path.join(place.root, 'd.txt'));
  rmSync(path.join(place.root, 'sub'), { recursive: true });
  assert.equal((await store.snapshot(AS_SESSION)).state, a);
  writeFiles(place.root, { 'a.txt': 'other' });
  await store.snapshot(AS_SESSION);
  await store.restore(a, AS_SESSION);
  assert.notDeepEqual(now, listing(place.root));
}
