import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, readlinkSync, lstatSync } from 'node:fs';
import * as path from 'node:path';
import { CheckpointsOff, pruneBySessions } from '../../../src/core/checkpoints';
import { entry, sessionFileText } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { AS_SESSION, listing, makePlace, openStore, userGit, writeFiles } from './support';

describe('checkpoint store', () => {
  const temp = useTempDir();

  it('restores a workspace to an earlier state: changed files back, created ones removed, deleted ones back', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one', 'src/b.ts': 'b1', 'gone.txt': 'bye' });
    const store = await openStore(place);
    const first = await store.snapshot(AS_SESSION);
    const before = listing(place.root);
    writeFiles(place.root, { 'a.txt': 'two', 'src/new/c.ts': 'c' });
    rmSync(path.join(place.root, 'gone.txt'));
    const second = await store.snapshot(AS_SESSION);
    assert.deepEqual(await store.changes(first.state, second.state), [
      { path: 'a.txt', kind: 'modified' },
      { path: 'gone.txt', kind: 'deleted' },
      { path: 'src/new/c.ts', kind: 'added' },
    ]);
    const report = await store.restore(first.state, AS_SESSION);
    assert.deepEqual(report, { restored: ['a.txt', 'gone.txt'], removed: ['src/new/c.ts'], skipped: [], leftAlone: [], linkedFolders: [], undo: second.state });
    assert.deepEqual(listing(place.root), before);
    const back = await store.restore(report.undo, { ...AS_SESSION, current: first.state });
    assert.deepEqual(back.restored.sort(), ['a.txt', 'src/new/c.ts']);
    assert.deepEqual(back.removed, ['gone.txt']);
    assert.equal(readFileSync(path.join(place.root, 'src/new/c.ts'), 'utf8'), 'c');
  });

  it('keeps the store outside the workspace, below the state home, named by the real path', async () => {
    const place = makePlace(temp());
    const store = await openStore(place);
    await store.snapshot();
    const real = execFileSync('realpath', [place.root], { encoding: 'utf8' }).trim();
    // The name: the first 32 hex digits of the real path's SHA-256.
    const name = createHash('sha256').update(real).digest('hex').slice(0, 32);
    assert.equal(store.folder, path.join(place.home, '.local', 'state', 'arbor', 'workspaces', name));
    assert.deepEqual(Object.keys(listing(place.root)), []);
    // The same workspace opened through a link to it has the same store; another workspace its own.
    const link = path.join(temp(), 'link-to-workspace');
    symlinkSync(place.root, link);
    assert.equal((await openStore({ ...place, root: link })).folder, store.folder);
    const other = path.join(temp(), 'other-workspace');
    mkdirSync(other);
    assert.notEqual((await openStore({ ...place, root: other })).folder, store.folder);
  });

  it('does nothing on a dry run but say what it would do', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one' });
    const store = await openStore(place);
    const first = await store.snapshot(AS_SESSION);
    writeFiles(place.root, { 'a.txt': 'two', 'b.txt': 'b' });
    const before = listing(place.root);
    const report = await store.restore(first.state, { ...AS_SESSION, overwriteOutside: true, dryRun: true });
    assert.deepEqual([report.restored, report.removed, report.skipped], [['a.txt'], ['b.txt'], []]);
    assert.deepEqual(listing(place.root), before);
  });

  it('leaves files changed outside since the last recorded state alone unless told to overwrite them', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'one', 'b.txt': 'b1' });
    const store = await openStore(place);
    const start = await store.snapshot(AS_SESSION);
    writeFiles(place.root, { 'a.txt': 'agent', 'b.txt': 'agent' });
    const recorded = await store.snapshot(AS_SESSION);
    writeFiles(place.root, { 'b.txt': 'the user typed this' });
    const plan = await store.plan(start.state, { ...AS_SESSION, current: recorded.state });
    assert.deepEqual([plan.restore, plan.changedOutside], [['a.txt', 'b.txt'], ['b.txt']]);
    const report = await store.restore(start.state, { ...AS_SESSION, current: recorded.state });
    assert.deepEqual([report.restored, report.leftAlone], [['a.txt'], ['b.txt']]);
    assert.equal(readFileSync(path.join(place.root, 'b.txt'), 'utf8'), 'the user typed this');
    await store.restore(start.state, { ...AS_SESSION, current: recorded.state, overwriteOutside: true });
    assert.equal(readFileSync(path.join(place.root, 'b.txt'), 'utf8'), 'b1');
  });

  it('honours .gitignore and the excludes it is given, and leaves ignored files in the way alone', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { '.gitignore': '*.log\n', 'a.txt': 'a', 'debug.log': 'log', 'out/x.js': 'x' });
    const store = await openStore(place, { excludes: ['/out/'] });
    const first = await store.snapshot(AS_SESSION);
    assert.equal(await store.readAt(first.state, 'debug.log'), undefined);
    assert.equal(await store.readAt(first.state, 'out/x.js'), undefined);
    assert.equal(Buffer.from((await store.readAt(first.state, 'a.txt'))!).toString(), 'a');
    rmSync(path.join(place.root, 'debug.log'));
    writeFiles(place.root, { 'debug.log': 'new log', 'out/x.js': 'changed' });
    const report = await store.restore(first.state, AS_SESSION);
    assert.deepEqual([report.restored, report.removed, report.skipped], [[], [], []]);
    assert.equal(readFileSync(path.join(place.root, 'debug.log'), 'utf8'), 'new log');
  });

  it('skips a nested repository and a file over the size limit, lists both, and never removes them', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'a', 'big.bin': Buffer.alloc(2048, 1), 'vendor/lib/x.c': 'x' });
    userGit(path.join(place.root, 'vendor/lib'), 'init', '-q');
    const store = await openStore(place, { limits: { maxFileBytes: 1024 } });
    const first = await store.snapshot(AS_SESSION);
    assert.deepEqual(first.skipped, [
      { path: 'big.bin', reason: 'too-large', size: 2048 },
      { path: 'vendor/lib', reason: 'nested-repository' },
    ]);
    assert.equal(await store.readAt(first.state, 'vendor/lib/x.c'), undefined);
    writeFiles(place.root, { 'a.txt': 'changed', 'vendor/lib/x.c': 'changed too' });
    const report = await store.restore(first.state, { ...AS_SESSION, overwriteOutside: true });
    assert.deepEqual(report.restored, ['a.txt']);
    assert.equal(readFileSync(path.join(place.root, 'vendor/lib/x.c'), 'utf8'), 'changed too');
    assert.equal(readFileSync(path.join(place.root, 'big.bin')).length, 2048);
  });

  it('leaves a file that grew over the size limit alone when restoring its smaller past', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'data.bin': 'small' });
    const store = await openStore(place, { limits: { maxFileBytes: 1024 } });
    const first = await store.snapshot(AS_SESSION);
    writeFiles(place.root, { 'data.bin': Buffer.alloc(4096, 2) });
    const second = await store.snapshot();
    assert.deepEqual(second.skipped, [{ path: 'data.bin', reason: 'too-large', size: 4096 }]);
    const report = await store.restore(first.state, AS_SESSION);
    assert.deepEqual([report.restored, report.skipped], [[], ['data.bin']]);
    assert.equal(readFileSync(path.join(place.root, 'data.bin')).length, 4096);
  });

  it('stores links as links and replaces a link planted at a restored path instead of writing through it', async () => {
    const place = makePlace(temp());
    const outside = path.join(temp(), 'outside.txt');
    writeFileSync(outside, 'precious');
    writeFiles(place.root, { 'a.txt': 'mine', 'dir/b.txt': 'b' });
    symlinkSync('a.txt', path.join(place.root, 'link'));
    const store = await openStore(place);
    const first = await store.snapshot(AS_SESSION);
    rmSync(path.join(place.root, 'a.txt'));
    symlinkSync(outside, path.join(place.root, 'a.txt'));
    rmSync(path.join(place.root, 'dir'), { recursive: true });
    mkdirSync(path.join(temp(), 'elsewhere'));
    symlinkSync(path.join(temp(), 'elsewhere'), path.join(place.root, 'dir'));
    await store.restore(first.state, { ...AS_SESSION, overwriteOutside: true });
    assert.equal(readFileSync(outside, 'utf8'), 'precious');
    assert.equal(lstatSync(path.join(place.root, 'a.txt')).isFile(), true);
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'mine');
    assert.equal(lstatSync(path.join(place.root, 'dir')).isDirectory(), true);
    assert.equal(existsSync(path.join(temp(), 'elsewhere', 'b.txt')), false);
    assert.equal(readlinkSync(path.join(place.root, 'link')), 'a.txt');
  });

  it('refuses a home folder, a folder that holds it and a filesystem root', async () => {
    const place = makePlace(temp());
    await assert.rejects(openStore({ root: place.home, home: place.home }), (error: unknown) => error instanceof CheckpointsOff && error.reason === 'home-folder');
    await assert.rejects(openStore({ root: temp(), home: place.home }), (error: unknown) => error instanceof CheckpointsOff && error.reason === 'home-folder');
    await assert.rejects(openStore({ root: '/', home: place.home }), (error: unknown) => error instanceof CheckpointsOff && error.reason === 'filesystem-root');
  });

  it('refuses a workspace past the walk budget before git walks it', async () => {
    const place = makePlace(temp());
    for (let index = 0; index < 30; index++) writeFiles(place.root, { [`d${index}/f.txt`]: 'x' });
    await assert.rejects(openStore(place, { limits: { maxWalkEntries: 40 } }), (error: unknown) => error instanceof CheckpointsOff && error.reason === 'too-many-files');
    assert.equal(existsSync(path.join(place.home, '.local')), false);
  });

  it('turns off with a clear reason when git is not there', async () => {
    const place = makePlace(temp());
    const empty = path.join(temp(), 'no-programs');
    mkdirSync(empty);
    await assert.rejects(openStore(place, { env: { ...process.env, PATH: empty } }), (error: unknown) => error instanceof CheckpointsOff && error.reason === 'no-git' && /git was not found/.test(error.message));
  });

  it('reads no path outside a state and no name that is not a plain relative path', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'a' });
    const store = await openStore(place);
    const { state } = await store.snapshot();
    for (const name of ['../a.txt', '/etc/passwd', 'a.txt/..', './a.txt', '.git/config', '']) assert.equal(await store.readAt(state, name), undefined, name);
    assert.equal(await store.hasState('not-a-tree; rm -rf /'), false);
    await assert.rejects(store.changes('--output=/tmp/x', state));
  });

  it('does not let the workspace .gitattributes change bytes between the file and the store', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { '.gitattributes': '* text eol=crlf\n', 'a.txt': 'line1\nline2\n' });
    const store = await openStore(place);
    const { state } = await store.snapshot(AS_SESSION);
    writeFiles(place.root, { 'a.txt': 'other' });
    await store.restore(state, { ...AS_SESSION, overwriteOutside: true });
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'line1\nline2\n');
  });

  it('prunes states no session references, keeps the recent undo snapshots, and clears', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': '1' });
    const store = await openStore(place, { limits: { keepUndo: 1 } });
    const one = (await store.snapshot(AS_SESSION)).state;
    writeFiles(place.root, { 'a.txt': '2' });
    const two = (await store.snapshot()).state;
    writeFiles(place.root, { 'a.txt': '3' });
    const three = (await store.snapshot()).state;
    assert.equal((await store.size()).states, 3);
    const report = await store.prune(new Set([one]));
    assert.deepEqual(report, { dropped: 2, kept: 1 });
    assert.equal(await store.hasState(one), true);
    assert.equal(await store.hasState(two), false);
    assert.equal(await store.hasState(three), true, 'the index still holds the files now');
    const undo = (await store.restore(one, AS_SESSION)).undo;
    assert.equal(undo, three);
    await store.prune(new Set());
    assert.equal(await store.hasState(three), true, 'the last undo snapshot is kept');
    assert.ok((await store.size()).bytes > 0);
    await store.clear();
    assert.deepEqual(await store.size(), { bytes: 0, states: 0 });
    assert.equal(existsSync(store.folder), false);
    assert.equal(typeof (await store.snapshot()).state, 'string');
  });

  it('prunes by the session files of the workspace: a deleted session releases its states', async () => {
    const place = makePlace(temp());
    const sessions = path.join(temp(), 'sessions');
    mkdirSync(sessions);
    writeFiles(place.root, { 'a.txt': '1' });
    const store = await openStore(place, { limits: { keepUndo: 0 } });
    const one = (await store.snapshot()).state;
    writeFiles(place.root, { 'a.txt': '2' });
    const two = (await store.snapshot()).state;
    const data = { v: 1, before: one, after: one, changed: [], changedCount: 0, cause: 'start' };
    writeFileSync(path.join(sessions, 'kept.jsonl'), sessionFileText([entry('custom', 'f1', null, { customType: 'arbor.files', data })], 'kept'));
    writeFileSync(path.join(sessions, 'deleted.jsonl'), sessionFileText([entry('custom', 'f2', null, { customType: 'arbor.files', data: { ...data, before: two, after: two } })], 'deleted'));
    rmSync(path.join(sessions, 'deleted.jsonl'));
    writeFiles(place.root, { 'a.txt': '1' });
    await store.snapshot();
    assert.deepEqual(await pruneBySessions(store, sessions), { dropped: 1, kept: 1 });
    assert.equal(await store.hasState(one), true);
    assert.equal(await store.hasState(two), false);
  });
});
