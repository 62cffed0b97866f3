import { strict as assert } from 'node:assert';
import { chmodSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import { useTempDir } from '../../support/tempDir';
import { AS_SESSION, listing, makePlace, openStore, writeFiles } from './support';

describe('checkpoint store: the quick paths stay exact', () => {
  const temp = useTempDir();

  it('gives an unchanged workspace the same state, and never an old one after another program recorded a change through the same store folder', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one' });
    const ours = await openStore(place);
    const first = (await ours.snapshot()).state;
    assert.equal((await ours.snapshot()).state, first);
    const cli = await openStore(place);
    writeFiles(place.root, { 'a.txt': 'two' });
    const second = (await cli.snapshot()).state;
    assert.notEqual(second, first);
    assert.equal((await ours.snapshot()).state, second, 'the index now describes the new files: its tree, not the one remembered');
  });

  it('writes a one-file change without rewriting the whole listing of a large workspace', async () => {
    const place = makePlace(temp());
    const files: Record<string, string> = {};
    for (let index = 0; index < 400; index++) files[`dir${index % 20}/file${index}.txt`] = `file ${index}`;
    writeFiles(place.root, files);
    // Written a minute ago: files as new as the index are re-read by git at the next snapshot (its guard against same-second changes).
    const minuteAgo = new Date(Date.now() - 60_000);
    for (const file of Object.keys(files)) utimesSync(path.join(place.root, file), minuteAgo, minuteAgo);
    const store = await openStore(place);
    await store.snapshot();
    const shared = sharedListings(store.folder);
    assert.ok(shared.length > 0, 'the index is split');
    writeFiles(place.root, { 'dir3/file3.txt': 'changed' });
    await store.snapshot();
    assert.deepEqual(sharedListings(store.folder), shared, 'the shared listing is not rewritten for one file');
    assert.ok(statSync(path.join(store.folder, 'index')).size < Math.max(...shared.map((name) => statSync(path.join(store.folder, name)).size)) / 4, 'the index written holds only what changed');
  });

  it('runs snapshots and restores asked for at once one after another, each complete', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'a0', 'b.txt': 'b0' });
    const store = await openStore(place);
    const start = (await store.snapshot(AS_SESSION)).state;
    const expected = listing(place.root);
    writeFiles(place.root, { 'a.txt': 'a1', 'c.txt': 'c1' });
    const [one, restored, two] = await Promise.all([store.snapshot(AS_SESSION), store.restore(start, AS_SESSION), store.snapshot()]);
    assert.equal(restored.undo, one.state, 'the restore\'s undo snapshot is the snapshot asked for before it');
    assert.deepEqual([restored.restored, restored.removed], [['a.txt'], ['c.txt']]);
    assert.equal(two.state, start);
    assert.deepEqual(listing(place.root), expected);
  });

  it('restores only the files that differ, each with its mode and links as links, and leaves the others untouched', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'run.sh': '#!/bin/sh\n', 'deep/er/kept.txt': 'kept', 'deep/er/gone.txt': 'gone', 'same.txt': 'same' });
    chmodSync(path.join(place.root, 'run.sh'), 0o755);
    symlinkSync('same.txt', path.join(place.root, 'link'));
    const store = await openStore(place);
    const start = (await store.snapshot(AS_SESSION)).state;
    const expected = listing(place.root);
    const untouched = lstatSync(path.join(place.root, 'same.txt')).ino;
    writeFiles(place.root, { 'run.sh': 'echo changed\n', 'deep/er/kept.txt': 'changed' });
    chmodSync(path.join(place.root, 'run.sh'), 0o644);
    rmSync(path.join(place.root, 'deep/er/gone.txt'));
    rmSync(path.join(place.root, 'link'));
    symlinkSync('run.sh', path.join(place.root, 'link'));
    const report = await store.restore(start, { ...AS_SESSION, overwriteOutside: true });
    assert.deepEqual(report.restored.sort(), ['deep/er/gone.txt', 'deep/er/kept.txt', 'link', 'run.sh']);
    assert.deepEqual(listing(place.root), expected);
    assert.equal(readlinkSync(path.join(place.root, 'link')), 'same.txt');
    assert.equal(readFileSync(path.join(place.root, 'deep/er/gone.txt'), 'utf8'), 'gone');
    assert.equal(lstatSync(path.join(place.root, 'same.txt')).ino, untouched);
  });

  it('tells what differs from a given state with the snapshot, as changes() does, and nothing for a state it does not hold', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'a', 'gone.txt': 'g' });
    const store = await openStore(place);
    const first = (await store.snapshot()).state;
    writeFiles(place.root, { 'a.txt': 'changed', 'new/b.txt': 'b' });
    rmSync(path.join(place.root, 'gone.txt'));
    const second = await store.snapshot({ since: first });
    assert.deepEqual(second.changedSince, [
      { path: 'a.txt', kind: 'modified' },
      { path: 'gone.txt', kind: 'deleted' },
      { path: 'new/b.txt', kind: 'added' },
    ]);
    assert.deepEqual(second.changedSince, await store.changes(first, second.state));
    const unknown = await store.snapshot({ since: 'f'.repeat(40) });
    assert.equal(unknown.state, second.state);
    assert.equal(unknown.changedSince, undefined);
  });
});

/** The split index's shared listings in a store folder. */
function sharedListings(folder: string): string[] {
  return readdirSync(folder).filter((name) => name.startsWith('sharedindex.')).sort();
}
