import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { useTempDir } from '../../support/tempDir';
import { AS_SESSION, listing, makePlace, openStore, userGit, writeFiles } from './support';

describe('checkpoints and the user\'s own git repository', () => {
  const temp = useTempDir();

  it('leaves the repository byte-identical (HEAD, branches, index, stash, reflog, config, hooks, untracked and ignored files) through snapshots, restores, undo, prune and clear', async () => {
    const place = makePlace(temp());
    const root = place.root;
    userGit(root, 'init', '-q', '-b', 'main');
    writeFiles(root, { '.gitignore': 'secret.env\n', 'src/app.ts': 'v1', 'README': 'r' });
    userGit(root, 'add', '-A');
    userGit(root, 'commit', '-q', '-m', 'first');
    userGit(root, 'checkout', '-q', '-b', 'feature');
    writeFiles(root, { 'src/app.ts': 'stashed' });
    userGit(root, 'stash', '-q');
    writeFiles(root, { 'src/app.ts': 'staged', 'secret.env': 'KEY=1', 'notes.txt': 'untracked' });
    userGit(root, 'add', 'src/app.ts');
    writeFiles(root, { 'src/app.ts': 'staged then edited', '.git/hooks/pre-commit': '#!/bin/sh\nexit 1\n' });
    const before = listing(root);

    const store = await openStore(place);
    const first = await store.snapshot(AS_SESSION);
    writeFiles(root, { 'src/app.ts': 'agent edit', 'new.ts': 'n' });
    const second = await store.snapshot(AS_SESSION);
    assert.deepEqual((await store.changes(first.state, second.state)).map((change) => change.path), ['new.ts', 'src/app.ts']);
    const back = await store.restore(first.state, AS_SESSION);
    assert.deepEqual(listing(root), before);
    await store.restore(back.undo, { ...AS_SESSION, current: first.state });
    await store.restore(first.state, { ...AS_SESSION, current: back.undo });
    await store.prune(new Set([first.state]));
    await store.clear();

    assert.deepEqual(listing(root), before);
    assert.equal(userGit(root, 'status', '--porcelain'), 'MM src/app.ts\n?? notes.txt\n');
    assert.equal(userGit(root, 'stash', 'list').split('\n')[0]!.startsWith('stash@{0}'), true);
    assert.equal(userGit(root, 'rev-parse', '--abbrev-ref', 'HEAD'), 'feature\n');
    assert.equal(path.isAbsolute(store.folder) && !store.folder.startsWith(root), true);
  });
});
