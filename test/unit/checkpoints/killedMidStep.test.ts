import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type FileCheckpointStore, type WorkspaceState } from '../../../src/core/checkpoints';
import { entry, sessionFileText } from '../../support/builders';
import { reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { arborChild } from '../cli/runArbor';
import { arborKilledAt } from '../cli/killArbor';
import { seededPoints } from './seededPoints';
import { listing, makePlace, openStore, writeFiles, type Place } from './support';

const SESSION_ID = 'killed-session';
const KEY = 'sk-ant-kill-test-key';

/** `git fsck` of the store (its own GIT_DIR, nothing of the user's configuration): throws when the store is broken. */
function fsckStore(store: FileCheckpointStore): void {
  execFileSync('git', ['fsck', '--no-progress', '--no-dangling'], {
    cwd: store.folder,
    env: { PATH: process.env.PATH ?? '', GIT_DIR: store.folder, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The `arbor.files` record of a step from `before` to `after`. */
function filesRecord(id: string, parentId: string | null, before: WorkspaceState, after: WorkspaceState) {
  return entry('custom', id, parentId, { customType: 'arbor.files', data: { v: 1, before, after, changed: [], changedCount: 0, cause: before === after ? 'start' : 'tool' } });
}

/**
 * A workspace of 20 files (some in folders, one executable) recorded as state A, then changed
 * (7 files modified, 6 deleted, 7 created, a folder among them) and recorded as state B, both for
 * the session of `s.jsonl`, whose entry `fa` names A and `fb` names B. The files are left as B.
 */
async function twoStates(place: Place, dir: string): Promise<{ file: string; a: Record<string, string>; b: Record<string, string>; states: [WorkspaceState, WorkspaceState] }> {
  const files: Record<string, string> = {};
  for (let index = 0; index < 20; index++) files[`${index < 10 ? 'src' : 'docs'}/f${String(index).padStart(2, '0')}.txt`] = `file ${index}\n`.repeat(index + 1);
  writeFiles(place.root, files);
  chmodSync(path.join(place.root, 'src/f03.txt'), 0o755);
  const store = await openStore(place);
  const first = await store.snapshot({ session: SESSION_ID });
  const a = listing(place.root);
  for (let index = 0; index < 7; index++) writeFiles(place.root, { [`src/f0${index}.txt`]: `changed ${index}\n` });
  for (let index = 7; index < 13; index++) rmSync(path.join(place.root, `${index < 10 ? 'src' : 'docs'}/f${String(index).padStart(2, '0')}.txt`));
  for (let index = 0; index < 7; index++) writeFiles(place.root, { [`${index < 3 ? 'new/deep' : 'docs'}/n${index}.txt`]: `new ${index}\n` });
  const second = await store.snapshot({ session: SESSION_ID });
  const b = listing(place.root);
  const file = path.join(dir, 's.jsonl');
  writeFileSync(file, sessionFileText([filesRecord('fa', null, first.state, first.state), filesRecord('fb', 'fa', first.state, second.state)], SESSION_ID));
  return { file, a, b, states: [first.state, second.state] };
}

describe('killed mid-step: a restore or a snapshot killed part-way leaves a consistent state (built CLI, real git, SIGKILL)', function () {
  this.timeout(120_000);
  const temp = useTempDir();
  const env = (place: Place): Record<string, string> => ({ HOME: place.home, XDG_STATE_HOME: path.join(place.home, '.local', 'state') });

  // Restoring B to A: the 7 created files are removed one by one (a stop point after each), then
  // the 13 others are written (a stop point after the writes, before the journal is cleared).
  // Four seeded points of the first seven, and the last.
  for (const point of [...seededPoints(31, 7, 4), 8]) {
    it(`a restore killed at its step ${point} of 8 is found at the next start; one undo puts every file back as before, and running it again gives the target`, async () => {
      const place = makePlace(temp());
      const { file, a, b, states } = await twoStates(place, temp());
      await arborKilledAt(place.root, env(place), `restore:${point}`, 'restore', file, '--to', 'fa');
      if (point === 8) {
        // Every file written, the journal not cleared yet.
        assert.deepEqual(listing(place.root), a);
      } else {
        // Killed part-way: some files as in A, some as in B.
        assert.notDeepEqual(listing(place.root), a);
        assert.notDeepEqual(listing(place.root), b);
      }

      const store = await openStore(place);
      fsckStore(store);
      const found = await store.interruptedRestore();
      assert.equal(found?.kind, 'found');
      assert.deepEqual(found.kind === 'found' && { session: found.journal.session, to: found.journal.to, undo: found.journal.undo }, { session: SESSION_ID, to: states[0], undo: states[1] });

      const undo = await arborChild(place.root, env(place), 'restore', file, '--undo-interrupted');
      assert.equal(undo.code, 0, undo.stderr);
      assert.match(undo.stdout, /^The files are back as they were before the interrupted restore\.\n/);
      assert.deepEqual(listing(place.root), b);
      assert.equal(await store.interruptedRestore(), undefined);

      const again = await arborChild(place.root, env(place), 'restore', file, '--to', 'fa');
      assert.equal(again.code, 0, again.stderr);
      assert.deepEqual(listing(place.root), a);
      fsckStore(store);
    });
  }

  it('a killed restore is finished by running it again, and Undo Restore then still brings back the files from before the first attempt', async () => {
    const place = makePlace(temp());
    const { file, a, b, states } = await twoStates(place, temp());
    await arborKilledAt(place.root, env(place), 'restore:4', 'restore', file, '--to', 'fa');
    const again = await arborChild(place.root, env(place), 'restore', file, '--to', 'fa', '--json');
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(listing(place.root), a);
    const store = await openStore(place);
    assert.equal(await store.interruptedRestore(), undefined);
    // The report's undo is the state before the first attempt, not the half-restored files.
    const report = await store.restore(states[1], { session: SESSION_ID, overwriteOutside: true });
    assert.equal(report.undo, states[0]);
    assert.deepEqual(listing(place.root), b);
  });

  describe('with the fake Anthropic server', () => {
    const server = useFakeAnthropic({ apiKey: KEY });

    it('while a killed restore is neither undone nor finished, a restore elsewhere is refused and changes no file, and arbor run says what happened', async () => {
      const place = makePlace(temp());
      const { file, states } = await twoStates(place, temp());
      // A third state C for the same session, recorded in-process before the kill.
      const store = await openStore(place);
      writeFiles(place.root, { 'third.txt': 'c' });
      const third = await store.snapshot({ session: SESSION_ID });
      rmSync(path.join(place.root, 'third.txt'));
      writeFileSync(file, sessionFileText([filesRecord('fa', null, states[0], states[0]), filesRecord('fb', 'fa', states[0], states[1]), filesRecord('fc', 'fb', states[1], third.state)], SESSION_ID));
      await arborKilledAt(place.root, env(place), 'restore:3', 'restore', file, '--to', 'fa');
      const halfway = listing(place.root);
      const refused = await arborChild(place.root, env(place), 'restore', file, '--to', 'fc');
      assert.equal(refused.code, 2);
      assert.equal(refused.stderr, `arbor restore: ${file}: A restore of the workspace files was interrupted: some files are as recorded, some as before. Undo it first (Undo Restore), or run that same restore again to finish it; no file was changed. To undo it: arbor restore ${file} --undo-interrupted\n`);
      assert.deepEqual(listing(place.root), halfway);
      server().script(reply(text('Hello.')));
      const run = await arborChild(place.root, { ...env(place), ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, PI_CODING_AGENT_DIR: path.join(temp(), 'pi-agent') }, 'run', file, 'hi', '--json');
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /^arbor run: A restore of the workspace files was interrupted \(started [0-9T:.-]+Z\): some files are as recorded, some as before\. Run "arbor restore <file> --undo-interrupted" to put every file back as it was before it, or run that restore again to finish it\.$/m);
    });


    it('a snapshot killed mid-way leaves the store valid: the next run records and a restore to the state before brings the files back exactly', async () => {
      const place = makePlace(temp());
      writeFiles(place.root, { 'a.txt': 'one\n', 'lib/b.txt': 'bee\n', 'c.txt': 'see\n' });
      const before = listing(place.root);
      const file = path.join(temp(), 'run.jsonl');
      const runEnv = { ...env(place), ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, PI_CODING_AGENT_DIR: path.join(temp(), 'pi-agent') };
      server().script(reply(toolUse('bash', { command: 'printf two > a.txt && rm c.txt && printf new > d.txt' }, 'toolu_kill_1')), reply(text('Done.')));
      // Snapshot 1 records the starting state; snapshot 2 (after the bash call) is killed after its objects are written, before its tree and references.
      await arborKilledAt(place.root, runEnv, 'snapshot:2', 'run', file, 'change things', '--yes');
      const store = await openStore(place);
      fsckStore(store);

      server().script(reply(toolUse('bash', { command: 'printf three > a.txt' }, 'toolu_kill_2')), reply(text('Done again.')));
      const next = await arborChild(place.root, runEnv, 'run', file, 'more', '--yes', '--json');
      assert.equal(next.code, 0, next.stderr);
      const records = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; customType?: string; data?: { cause: string } })
        .filter((line) => line.customType === 'arbor.files');
      assert.deepEqual(records.map((record) => record.data?.cause), ['start', 'outside', 'tool']);
      const restored = await arborChild(place.root, runEnv, 'restore', file, '--to', records[0]!.id);
      assert.equal(restored.code, 0, restored.stderr);
      assert.deepEqual(listing(place.root), before);
      fsckStore(store);
    });
  });
});
