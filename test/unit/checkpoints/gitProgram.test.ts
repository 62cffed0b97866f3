// The git the checkpoint store runs: never one the workspace ships. A repository can hold a program
// named `git` in a folder that a relative PATH entry (`node_modules/.bin`, `.`, an empty entry)
// names, or in a folder of its own that PATH names absolutely; each of these fakes here writes a
// marker file outside the workspace when run, then runs the real git, so nothing looks amiss. The store finds the real git among PATH's absolute
// entries outside the workspace and records with it; when the only git is inside, checkpoints
// are off with a plain reason. The tests set the process's own PATH, as the editor's would be.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { CheckpointsOff } from '../../../src/core/checkpoints';
import { absoluteEntries, programNames } from '../../../src/core/checkpoints/gitProgram';
import { useTempDir } from '../../support/tempDir';
import { makePlace, openStore, writeFiles, type Place } from './support';

const ORIGINAL_PATH = process.env['PATH'];
/** The system's git, as a shell finds it on the PATH the tests started with. */
const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8', env: { PATH: ORIGINAL_PATH } }).trim();

describe('the git the checkpoint store runs', () => {
  const temp = useTempDir();
  afterEach(() => {
    process.env['PATH'] = ORIGINAL_PATH;
  });

  /** A workspace (its real path) whose fakes named git write `marker` when run (then run the real git); where they are. */
  function plantFakes(place: Place, marker: string): { root: string; fakes: Record<string, string> } {
    const root = realpathSync(place.root);
    const script = `#!/bin/sh\necho "$0 $*" >> '${marker}'\nexec '${REAL_GIT}' "$@"\n`;
    const fakes: Record<string, string> = {};
    for (const folder of ['', 'bin', 'node_modules/.bin', 'tools']) {
      const file = path.join(root, folder, 'git');
      writeFiles(root, { [path.join(folder, 'git')]: script });
      chmodSync(file, 0o755);
      fakes[folder === '' ? '.' : folder] = file;
    }
    return { root, fakes };
  }

  it('never runs a git the workspace holds, through a relative, empty or inside entry, and records with the real one', async () => {
    const place = makePlace(temp());
    const marker = path.join(temp(), 'ran.txt');
    const { root, fakes } = plantFakes(place, marker);
    writeFiles(root, { 'a.txt': 'one' });
    process.env['PATH'] = ['bin', 'node_modules/.bin', '', '.', path.join(root, 'bin'), path.dirname(REAL_GIT), ORIGINAL_PATH].join(':');

    const store = await openStore(place);
    const first = await store.snapshot({ session: 's' });
    writeFiles(root, { 'a.txt': 'two' });
    await store.snapshot({ session: 's' });
    await store.restore(first.state, { session: 's', overwriteOutside: true });

    assert.equal(existsSync(marker), false, `a workspace's git ran: ${existsSync(marker) ? readFileSync(marker, 'utf8') : ''}`);
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'one');
    assert.equal(store.gitProgram.path, REAL_GIT);
    assert.deepEqual(store.gitProgram.passedOver, [fakes['bin']]);
  });

  it('turns checkpoints off with a plain reason when the only git is inside the workspace, running none', async () => {
    const place = makePlace(temp());
    const marker = path.join(temp(), 'ran.txt');
    const { root, fakes } = plantFakes(place, marker);
    process.env['PATH'] = [path.join(root, 'bin'), 'bin', '.', ''].join(':');

    await assert.rejects(openStore(place), (error: unknown) => {
      assert.ok(error instanceof CheckpointsOff, String(error));
      assert.equal(error.reason, 'git-in-workspace');
      assert.equal(error.message, `Checkpoints are off: the only git on PATH is inside this workspace (${fakes['bin']}), and Arbor never runs a program a workspace holds. Install git elsewhere, or take that folder out of PATH.`);
      return true;
    });
    assert.equal(existsSync(marker), false, 'a workspace git ran');
  });

  it('passes over a git whose real path is inside the workspace, reached through a link from outside', async () => {
    const place = makePlace(temp());
    const marker = path.join(temp(), 'ran.txt');
    const { fakes } = plantFakes(place, marker);
    const linkedProgram = path.join(temp(), 'outside-bin');
    mkdirSync(linkedProgram);
    symlinkSync(fakes['tools']!, path.join(linkedProgram, 'git'));
    const linkedFolder = path.join(temp(), 'outside-link');
    symlinkSync(path.dirname(fakes['bin']!), linkedFolder);
    process.env['PATH'] = [linkedProgram, linkedFolder].join(':');

    await assert.rejects(openStore(place), (error: unknown) => error instanceof CheckpointsOff && error.reason === 'git-in-workspace');
    assert.equal(existsSync(marker), false, 'a workspace git ran');
  });

  it('gives git a PATH of the absolute entries outside the workspace only', async () => {
    const place = makePlace(temp());
    const { root } = plantFakes(place, path.join(temp(), 'ran.txt'));
    // A git outside the workspace that says what PATH it was given, then runs the real one.
    const wrapper = path.join(temp(), 'wrapper-bin');
    const seen = path.join(temp(), 'path-seen.txt');
    writeFiles(wrapper, { git: `#!/bin/sh\nprintf '%s' "$PATH" > '${seen}'\nexec '${REAL_GIT}' "$@"\n` });
    chmodSync(path.join(wrapper, 'git'), 0o755);
    process.env['PATH'] = ['bin', '', path.join(root, 'bin'), wrapper, '/usr/bin', 'node_modules/.bin', '/bin'].join(':');

    const store = await openStore(place);
    await store.snapshot();
    assert.equal(store.gitProgram.path, path.join(wrapper, 'git'));
    assert.equal(readFileSync(seen, 'utf8'), [wrapper, '/usr/bin', '/bin'].join(':'));
  });

  it('reads PATH as the shell would, keeping only entries that need no working directory', () => {
    assert.deepEqual(absoluteEntries('bin::.:/usr/bin:./x:/opt/git//bin/:/usr/bin:~/bin', 'linux'), ['/usr/bin', '/opt/git/bin/']);
    assert.deepEqual(absoluteEntries('', 'linux'), []);
    assert.deepEqual(
      absoluteEntries('C:\\Git\\cmd;;.;bin;C:tools;\\rooted;"C:\\Program Files\\Git\\cmd";\\\\server\\share\\bin;d:/mixed/bin', 'win32'),
      ['C:\\Git\\cmd', 'C:\\Program Files\\Git\\cmd', '\\\\server\\share\\bin', 'd:\\mixed\\bin'],
    );
  });

  it("names git by PATHEXT's order on Windows, leaving out what only a shell can run", () => {
    assert.deepEqual(programNames({}, 'linux'), ['git']);
    assert.deepEqual(programNames({}, 'win32'), ['git.com', 'git.exe']);
    assert.deepEqual(programNames({ Pathext: '.EXE;.BAT;.CMD;.COM;.JS' }, 'win32'), ['git.exe', 'git.com']);
    assert.deepEqual(programNames({ PATHEXT: '.CMD;.BAT' }, 'win32'), []);
  });
});
