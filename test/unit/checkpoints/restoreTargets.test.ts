// Only a whole-workspace state the store recorded for the session that asks can be restored: a
// session file names its states as plain git ids, and git takes any tree (its built-in empty tree,
// a sub-folder's tree) as a target. When the session's own last state is unknown, every file that
// differs from the store's latest recorded snapshot counts as changed outside. Real git, real files.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import * as path from 'node:path';
import { CheckpointStoreError, type FileCheckpointStore } from '../../../src/core/checkpoints';
import { gitEnvironment } from '../../../src/core/checkpoints/git';
import { useTempDir } from '../../support/tempDir';
import { AS_SESSION, listing, makePlace, openStore, SESSION, writeFiles } from './support';

/** git's empty tree: every git knows it without storing it. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const REFUSAL = "The files recorded there are not in this workspace's checkpoint store (recorded in another folder or session, or no longer kept); no file was changed.";

/** `git rev-parse <spec>` in the store's own repository (what an attacker computes offline from the folder they shipped). */
function objectIn(store: FileCheckpointStore, spec: string): string {
  return execFileSync('git', ['rev-parse', spec], { cwd: store.root, env: gitEnvironment({ program: 'git', gitDir: store.folder, workTree: store.root }), encoding: 'utf8' }).trim();
}

function refused(error: unknown): boolean {
  return error instanceof CheckpointStoreError && error.reason === 'unknown-state' && error.message === REFUSAL;
}

describe('checkpoint store: what may be restored', () => {
  const temp = useTempDir();

  it("refuses git's empty tree, a sub-folder's tree and a blob a session names, removing and writing nothing", async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'a', 'src/b.ts': 'b', 'examples/x/.vscode/settings.json': '{"planted": true}' });
    const store = await openStore(place);
    const { state } = await store.snapshot(AS_SESSION);
    const subFolder = objectIn(store, `${state}:examples/x`);
    const blob = objectIn(store, `${state}:a.txt`);
    const before = listing(place.root);
    for (const target of [EMPTY_TREE, subFolder, blob]) {
      await assert.rejects(store.plan(target, AS_SESSION), refused, `plan ${target}`);
      await assert.rejects(store.restore(target, { ...AS_SESSION, overwriteOutside: true }), refused, `restore ${target}`);
      await assert.rejects(store.restore(target, { ...AS_SESSION, current: state }), refused, `restore ${target} leaving outside changes alone`);
    }
    assert.deepEqual(listing(place.root), before);
  });

  it("refuses another session's state and a state no session recorded", async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'mine' });
    const store = await openStore(place);
    const ours = (await store.snapshot(AS_SESSION)).state;
    writeFiles(place.root, { 'a.txt': 'theirs', 'b.txt': 'theirs too' });
    const theirs = (await store.snapshot({ session: 'another session' })).state;
    writeFiles(place.root, { 'a.txt': 'unrecorded' });
    const unrecorded = (await store.snapshot()).state;
    writeFiles(place.root, { 'a.txt': 'now', 'c.txt': 'now' });
    const before = listing(place.root);
    for (const target of [theirs, unrecorded]) await assert.rejects(store.restore(target, { ...AS_SESSION, overwriteOutside: true }), refused, target);
    assert.deepEqual(listing(place.root), before);
    const report = await store.restore(ours, { ...AS_SESSION, overwriteOutside: true });
    assert.deepEqual([report.restored, report.removed.sort()], [['a.txt'], ['b.txt', 'c.txt']]);
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'mine');
  });

  it("counts every file that differs from the latest recorded snapshot as changed outside when the session's own state is unknown, and keeps it", async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one', 'b.txt': 'b' });
    const store = await openStore(place);
    const start = (await store.snapshot(AS_SESSION)).state;
    writeFiles(place.root, { 'a.txt': 'the agent wrote this' });
    await store.snapshot(AS_SESSION);
    writeFiles(place.root, { 'b.txt': 'unsaved work of the user', 'new.txt': 'the user made this' });
    const unknown = 'f'.repeat(40);
    for (const current of [unknown, undefined]) {
      const plan = await store.plan(start, { ...AS_SESSION, ...(current ? { current } : {}) });
      assert.deepEqual([plan.restore, plan.remove, plan.changedOutside.sort()], [['a.txt', 'b.txt'], ['new.txt'], ['b.txt', 'new.txt']]);
    }
    const report = await store.restore(start, { ...AS_SESSION, current: unknown });
    assert.deepEqual([report.restored, report.removed, report.leftAlone.sort()], [['a.txt'], [], ['b.txt', 'new.txt']]);
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'one');
    assert.equal(readFileSync(path.join(place.root, 'b.txt'), 'utf8'), 'unsaved work of the user');
    assert.equal(readFileSync(path.join(place.root, 'new.txt'), 'utf8'), 'the user made this');
  });

  it("also counts as unknown a current state the store recorded for another session", async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one', 'b.txt': 'mine' });
    const store = await openStore(place);
    const theirs = (await store.snapshot({ session: 'another session' })).state;
    writeFiles(place.root, { 'b.txt': 'b' });
    const start = (await store.snapshot(AS_SESSION)).state;
    writeFiles(place.root, { 'a.txt': 'two' });
    await store.snapshot(AS_SESSION);
    writeFiles(place.root, { 'b.txt': 'mine' });
    // Taken as this session's state, the other one would say b.txt was not changed outside (and a.txt was).
    const report = await store.restore(start, { ...AS_SESSION, current: theirs });
    assert.deepEqual([report.restored, report.leftAlone], [['a.txt'], ['b.txt']]);
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'one');
    assert.equal(readFileSync(path.join(place.root, 'b.txt'), 'utf8'), 'mine');
  });

  it("undoes a restore from its undo snapshot, exactly, after the session's own states were pruned away (the undo keeps its binding)", async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one', 'keep.txt': 'k' });
    const store = await openStore(place, { limits: { keepUndo: 5 } });
    const start = (await store.snapshot(AS_SESSION)).state;
    writeFiles(place.root, { 'a.txt': 'two', 'made.txt': 'by the agent' });
    const current = (await store.snapshot(AS_SESSION)).state;
    writeFiles(place.root, { 'keep.txt': 'edited outside' });
    const before = listing(place.root);
    const report = await store.restore(start, { ...AS_SESSION, current });
    assert.deepEqual([report.restored, report.removed, report.leftAlone], [['a.txt'], ['made.txt'], ['keep.txt']]);
    const after = (await store.snapshot(AS_SESSION)).state;
    await store.prune(new Set());
    assert.deepEqual([await store.hasState(start), await store.hasState(current)], [false, false], "the session's states are gone");
    const undo = await store.restore(report.undo, { ...AS_SESSION, current: after });
    assert.deepEqual([undo.restored.sort(), undo.removed, undo.leftAlone], [['a.txt', 'made.txt'], [], []]);
    assert.deepEqual(listing(place.root), before);
  });

  it('makes a recorded folder that a link replaced a folder again, even when the link leads to files of the same names, and says so', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'dir/b.txt': 'recorded', 'a.txt': 'a' });
    const store = await openStore(place);
    const start = (await store.snapshot(AS_SESSION)).state;
    const elsewhere = path.join(temp(), 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'b.txt'), 'not ours');
    rmSync(path.join(place.root, 'dir'), { recursive: true });
    symlinkSync(elsewhere, path.join(place.root, 'dir'));
    await store.snapshot(AS_SESSION);
    const report = await store.restore(start, AS_SESSION);
    assert.deepEqual([report.restored, report.removed, report.skipped, report.linkedFolders], [['dir/b.txt'], ['dir'], [], ['dir']]);
    assert.equal(lstatSync(path.join(place.root, 'dir')).isDirectory(), true);
    assert.equal(readFileSync(path.join(place.root, 'dir/b.txt'), 'utf8'), 'recorded');
    assert.equal(readFileSync(path.join(elsewhere, 'b.txt'), 'utf8'), 'not ours');
  });

  it('leaves a link made outside the agent where a folder was recorded, writes nothing below it, and says so', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'dir/b.txt': 'recorded', 'a.txt': 'a' });
    const store = await openStore(place);
    const start = (await store.snapshot(AS_SESSION)).state;
    writeFiles(place.root, { 'a.txt': 'agent' });
    const current = (await store.snapshot(AS_SESSION)).state;
    const elsewhere = path.join(temp(), 'elsewhere');
    mkdirSync(elsewhere);
    rmSync(path.join(place.root, 'dir'), { recursive: true });
    symlinkSync(elsewhere, path.join(place.root, 'dir'));
    const report = await store.restore(start, { ...AS_SESSION, current });
    assert.deepEqual([report.restored, report.removed, report.leftAlone, report.linkedFolders], [['a.txt'], [], ['dir', 'dir/b.txt'], ['dir']]);
    assert.equal(lstatSync(path.join(place.root, 'dir')).isSymbolicLink(), true);
    assert.deepEqual(listing(elsewhere), {});
  });

  it('binds a fork to the states its source recorded, and to no other', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one' });
    const store = await openStore(place);
    const ours = (await store.snapshot(AS_SESSION)).state;
    writeFiles(place.root, { 'a.txt': 'two' });
    const theirs = (await store.snapshot({ session: 'another session' })).state;
    assert.equal(await store.bindCopies(SESSION, 'the fork', [ours, theirs, EMPTY_TREE]), 1);
    await assert.rejects(store.restore(theirs, { session: 'the fork', overwriteOutside: true }), refused);
    await store.restore(ours, { session: 'the fork', overwriteOutside: true });
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'one');
  });
});
