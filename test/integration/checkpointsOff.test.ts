// Workspace checkpoints that cannot be on, in the real extension host with real git and real
// files: a home folder, a filesystem root, and a workspace past the walk budget or the file-count
// budget are refused with one clear message, stay off (no later prompt or move tries again), and
// record nothing. Paths a snapshot leaves out (a nested repository, a file over the size limit)
// are told, each once. A `git` the workspace ships, reached through a relative PATH entry or an
// entry inside the workspace, never runs: the real git records, or checkpoints are off when the
// only git is inside. Each test has its own WorkspaceCheckpoints with a fake home and its own
// state folder, so the extension's own store is not touched.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckpointLimits } from '../../src/core/checkpoints';
import { WorkspaceCheckpoints } from '../../src/vscode/checkpoints/workspaceCheckpoints';
import { appendTurns, memorySession } from '../support/builders';
import { useTempDir } from '../support/tempDir';

describe('Workspace checkpoints refused or partial', () => {
  const temp = useTempDir();
  let log: vscode.LogOutputChannel | undefined;
  let checkpoints: WorkspaceCheckpoints | undefined;
  before(() => (log = vscode.window.createOutputChannel('Arbor checkpoints test', { log: true })));
  after(() => log?.dispose());
  afterEach(() => {
    checkpoints?.dispose();
    checkpoints = undefined;
  });

  /** A WorkspaceCheckpoints whose home is `home`, with what it tells collected. */
  function open(home: string, limits?: Partial<CheckpointLimits>): { checkpoints: WorkspaceCheckpoints; off: string[]; skips: string[]; stateHome: string } {
    if (!log) throw new Error('the log channel was not made');
    const stateHome = path.join(temp(), 'state');
    checkpoints = new WorkspaceCheckpoints(log, { home, stateHome, ...(limits ? { limits } : {}) });
    const off: string[] = [];
    const skips: string[] = [];
    checkpoints.onDidTurnOff((reason) => off.push(reason));
    checkpoints.onDidSkip((text) => skips.push(text));
    return { checkpoints, off, skips, stateHome };
  }

  /** Two prompts' worth of recorder calls on a fresh session, and a second recorder (another session). */
  async function twoPrompts(all: WorkspaceCheckpoints, root: string): Promise<number> {
    const session = memorySession(root);
    const recorder = all.recorderFor(session, root);
    await recorder.turnStarted();
    await appendTurns(session, 1);
    await recorder.toolFinished({ id: 'call-1', name: 'bash' });
    await recorder.turnEnded();
    await recorder.turnStarted();
    await all.recorderFor(memorySession(root), root).turnStarted();
    return session.entries.filter((entry) => entry.type === 'custom').length;
  }

  function workspace(files: Record<string, string | Buffer>): string {
    const root = path.join(temp(), 'workspace');
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), content);
    }
    return root;
  }

  it('refuses a home folder: says so once, records nothing, creates no store', async () => {
    const root = workspace({ 'notes.txt': 'mine' });
    const { checkpoints: all, off, stateHome } = open(root);
    assert.equal(await all.storeFor(root), undefined);
    assert.equal(await twoPrompts(all, root), 0);
    assert.equal(await all.storeFor(root), undefined);
    assert.deepEqual(off, [`Checkpoints are off: ${fs.realpathSync(root)} is your home folder or holds it; open a project folder to record its files.`]);
    assert.equal(fs.existsSync(stateHome), false);
  });

  it('refuses a folder that holds the home folder, and a filesystem root', async () => {
    const root = workspace({ 'home/me/notes.txt': 'mine' });
    const { checkpoints: all, off } = open(path.join(root, 'home', 'me'));
    assert.equal(await all.storeFor(root), undefined);
    assert.equal(await all.storeFor('/'), undefined);
    assert.equal(await all.storeFor('/'), undefined);
    assert.deepEqual(off, [
      `Checkpoints are off: ${fs.realpathSync(root)} is your home folder or holds it; open a project folder to record its files.`,
      'Checkpoints are off: / is the root of a filesystem, too much to record.',
    ]);
  });

  it('refuses a workspace past the walk budget before git walks it', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 30; index++) files[`d${index}/f.txt`] = 'x';
    const root = workspace(files);
    const { checkpoints: all, off, stateHome } = open(path.join(temp(), 'home'), { maxWalkEntries: 40 });
    assert.equal(await twoPrompts(all, root), 0);
    assert.deepEqual(off, ['Checkpoints are off: this workspace has more than 40 files and folders, too many to record quickly.']);
    assert.equal(fs.existsSync(stateHome), false);
  });

  it('turns off for the window when a snapshot finds more files than the budget, told once', async () => {
    const root = workspace({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    const { checkpoints: all, off } = open(path.join(temp(), 'home'), { maxFiles: 2 });
    assert.notEqual(await all.storeFor(root), undefined, 'the walk budget is not passed: the store opens');
    assert.equal(await twoPrompts(all, root), 0);
    assert.deepEqual(off, ['Checkpoints are off: this workspace has more than 2 files to record.']);
    assert.equal(await all.storeFor(root), undefined, 'a later move finds checkpoints off');
  });

  describe('with a git the workspace ships on PATH', () => {
    const original = process.env['PATH'];
    afterEach(() => {
      process.env['PATH'] = original;
    });

    /** A workspace whose `bin/git` and `node_modules/.bin/git` write `marker` when run, then run the real git; its real path. */
    function shipsGit(marker: string): string {
      const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
      const fake = `#!/bin/sh\necho "$0 $*" >> '${marker}'\nexec '${realGit}' "$@"\n`;
      const root = workspace({ 'a.txt': 'a', 'bin/git': fake, 'node_modules/.bin/git': fake });
      for (const folder of ['bin', 'node_modules/.bin']) fs.chmodSync(path.join(root, folder, 'git'), 0o755);
      return fs.realpathSync(root);
    }

    it('records with the real git and never runs the workspace\'s, through a relative entry or one inside the workspace', async () => {
      const marker = path.join(temp(), 'ran.txt');
      const root = shipsGit(marker);
      process.env['PATH'] = ['node_modules/.bin', 'bin', '', path.join(root, 'bin'), original].join(':');
      const { checkpoints: all, off } = open(path.join(temp(), 'home'));
      assert.equal(await twoPrompts(all, root), 1, 'the starting state; nothing changed after it');
      assert.deepEqual(off, []);
      assert.equal(fs.existsSync(marker), false, `the workspace's git ran: ${fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : ''}`);
    });

    it('turns checkpoints off, said once, when the only git is inside the workspace', async () => {
      const marker = path.join(temp(), 'ran.txt');
      const root = shipsGit(marker);
      process.env['PATH'] = ['bin', path.join(root, 'bin'), path.join(root, 'node_modules', '.bin')].join(':');
      const { checkpoints: all, off, stateHome } = open(path.join(temp(), 'home'));
      assert.equal(await twoPrompts(all, root), 0);
      assert.equal(await all.storeFor(root), undefined);
      assert.deepEqual(off, [
        `Checkpoints are off: the only git on PATH is inside this workspace (${path.join(root, 'bin', 'git')}), and Arbor never runs a program a workspace holds. Install git elsewhere, or take that folder out of PATH.`,
      ]);
      assert.equal(fs.existsSync(marker), false, 'a workspace git ran');
      assert.equal(fs.existsSync(stateHome), false);
    });
  });

  it('tells the paths a snapshot leaves out once (a nested repository, a file over the size limit) and records the rest', async () => {
    const root = workspace({ 'a.txt': 'a', 'big.bin': Buffer.alloc(2048, 1), 'vendor/lib/x.c': 'x' });
    execFileSync('git', ['init', '-q'], { cwd: path.join(root, 'vendor', 'lib'), env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    const { checkpoints: all, off, skips } = open(path.join(temp(), 'home'), { maxFileBytes: 1024 });
    assert.equal(await twoPrompts(all, root), 1, 'the starting state; nothing changed after it');
    assert.deepEqual(skips, ['Workspace checkpoints do not record 2 paths: big.bin (2.0KB, over the size limit), vendor/lib (a nested repository). A restore leaves them as they are.']);
    fs.writeFileSync(path.join(root, 'huge.bin'), Buffer.alloc(4096, 2));
    await all.recorderFor(memorySession(root), root).turnStarted();
    assert.deepEqual(skips.slice(1), ['Workspace checkpoints do not record 1 path: huge.bin (4.0KB, over the size limit). A restore leaves it as it is.']);
    const store = (await all.storeFor(root))!;
    assert.equal(await all.notRecorded(store), 'Workspace checkpoints do not record 3 paths: big.bin (2.0KB, over the size limit), huge.bin (4.0KB, over the size limit), vendor/lib (a nested repository). A restore leaves them as they are.');
    assert.deepEqual(off, []);
  });
});
