import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { filesEntryData, storeFolderFor } from '../../../src/core/checkpoints';
import { gitEnvironment } from '../../../src/core/checkpoints/git';
import { loadSessionFile, type SessionEntry } from '../../../src/core/session';
import { reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { arborWholeContext, assertSameContext, newCoverage, piWholeContext } from '../interop/wholeContext';
import type { PiEntry } from '../interop/piOracle';
import { listing, writeFiles } from '../checkpoints/support';
import { arborChild as arbor } from './runArbor';

const KEY = 'sk-ant-cli-test-key';

/** `message:<role>` or `files:<cause>` per entry, the rest by type. */
function shape(entries: readonly SessionEntry[]): string[] {
  return entries.map((entry) => {
    const files = filesEntryData(entry);
    if (files) return `files:${files.cause}`;
    if (entry.type === 'custom') return `custom:${entry.customType}`;
    return entry.type === 'message' ? `message:${(entry.message as { role: string }).role}` : entry.type;
  });
}

/**
 * A copy of the session file whose branch ends in an `arbor.files` record (id "hostile1") naming
 * `state`, as someone handing over the file could write; under the header id `sessionId` when given.
 */
function withRecord(file: string, state: string, sessionId?: string): string {
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const header = JSON.parse(lines[0]!) as { id: string };
  if (sessionId !== undefined) header.id = sessionId;
  const last = JSON.parse(lines[lines.length - 1]!) as { id: string };
  const record = { type: 'custom', customType: 'arbor.files', id: 'hostile1', parentId: last.id, timestamp: '2026-03-01T12:00:00.000Z', data: { v: 1, before: state, after: state, changed: [], changedCount: 0, cause: 'tool' } };
  const copy = `${file.replace(/\.jsonl$/, '')}-${sessionId ?? state.slice(0, 8)}.jsonl`;
  writeFileSync(copy, [JSON.stringify(header), ...lines.slice(1), JSON.stringify(record)].join('\n') + '\n');
  return copy;
}

describe('checkpoints from the CLI: arbor run records, arbor files lists, arbor restore restores (built CLI, real git, fake server)', function () {
  this.timeout(60000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  const workspace = (): string => path.join(dir(), 'workspace');
  const env = (): Record<string, string> => ({
    ANTHROPIC_API_KEY: KEY,
    ANTHROPIC_BASE_URL: server().url,
    HOME: path.join(dir(), 'home'),
    XDG_STATE_HOME: path.join(dir(), 'home', 'state'),
    PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent'),
  });

  /** A workspace of three files and an ignore rule, and one `arbor run` whose bash call changes, removes, creates and writes an ignored file. */
  async function recordedRun(extra: Record<string, string> = {}, runEnv: Record<string, string> = env()): Promise<{ file: string; entries: SessionEntry[] }> {
    mkdirSync(path.join(dir(), 'home'), { recursive: true });
    writeFiles(workspace(), { 'a.txt': 'one', 'c.txt': 'see', '.gitignore': '*.log\n', ...extra });
    const file = path.join(dir(), 's.jsonl');
    server().script(reply(toolUse('bash', { command: 'printf two > a.txt && rm c.txt && printf new > b.txt && printf log > x.log' }, 'toolu_bash_1')), reply(text('Done.')));
    const run = await arbor(workspace(), runEnv, 'run', file, 'change things', '--yes', '--json');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    return { file, entries: [...(await loadSessionFile(file)).tree.entries] };
  }

  it('run records the starting state before the prompt and the change after the bash call', async () => {
    const { entries } = await recordedRun();
    assert.deepEqual(shape(entries), ['model_change', 'files:start', 'message:user', 'message:assistant', 'message:toolResult', 'files:tool', 'message:assistant']);
    const start = filesEntryData(entries[1]!)!;
    const tool = filesEntryData(entries[5]!)!;
    assert.deepEqual([start.before, start.changed], [start.after, []]);
    assert.deepEqual({ ...tool, before: 'x', after: 'y' }, { v: 1, before: 'x', after: 'y', changed: ['a.txt', 'b.txt', 'c.txt'], changedCount: 3, cause: 'tool', toolCallId: 'toolu_bash_1' });
    assert.equal(tool.before, start.after);
  });

  it('files lists the changes along the branch, as text and as JSON', async () => {
    const { file, entries } = await recordedRun();
    const json = await arbor(workspace(), env(), 'files', file, '--json');
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as { leafId: string; state: string; steps: { id: string; cause: string; changed: string[]; changedCount: number; toolCallId: string }[] };
    assert.equal(report.leafId, entries[6]!.id);
    assert.deepEqual(report.steps.map((step) => [step.id, step.cause, step.changed, step.changedCount, step.toolCallId]), [[entries[5]!.id, 'tool', ['a.txt', 'b.txt', 'c.txt'], 3, 'toolu_bash_1']]);
    const atStart = JSON.parse((await arbor(workspace(), env(), 'files', file, '--leaf', entries[2]!.id, '--json')).stdout) as { steps: unknown[]; state: string };
    assert.deepEqual(atStart.steps, []);
    assert.equal(atStart.state, filesEntryData(entries[1]!)!.after);
    const textRun = await arbor(workspace(), env(), 'files', file);
    assert.equal(textRun.stdout, `${entries[5]!.id}  tool toolu_bash_1  ✎ 3 files: a.txt, b.txt, c.txt\n`);
  });

  it('restore --dry-run lists the paths and changes nothing; restore makes the files those of the entry and leaves ignored files alone', async () => {
    const { file, entries } = await recordedRun();
    const userId = entries[2]!.id;
    const before = listing(workspace());
    const dry = await arbor(workspace(), env(), 'restore', file, '--to', userId, '--dry-run', '--json');
    assert.equal(dry.code, 0, dry.stderr);
    assert.deepEqual(JSON.parse(dry.stdout), { restored: ['a.txt', 'c.txt'], removed: ['b.txt'], skipped: [] });
    assert.deepEqual(listing(workspace()), before);
    const done = await arbor(workspace(), env(), 'restore', file, '--to', userId, '--json');
    assert.equal(done.code, 0, done.stderr);
    assert.deepEqual(JSON.parse(done.stdout), { restored: ['a.txt', 'c.txt'], removed: ['b.txt'], skipped: [] });
    assert.equal(readFileSync(path.join(workspace(), 'a.txt'), 'utf8'), 'one');
    assert.equal(readFileSync(path.join(workspace(), 'c.txt'), 'utf8'), 'see');
    assert.equal(existsSync(path.join(workspace(), 'b.txt')), false);
    assert.equal(readFileSync(path.join(workspace(), 'x.log'), 'utf8'), 'log');
    const forward = await arbor(workspace(), env(), 'restore', file, '--to', entries[6]!.id);
    assert.equal(forward.stdout, 'restored (2):\n  a.txt\n  b.txt\nremoved (1):\n  c.txt\n');
    assert.equal(readFileSync(path.join(workspace(), 'a.txt'), 'utf8'), 'two');
  });

  it('run and restore never run a git the workspace holds, found through a relative PATH entry', async () => {
    const marker = path.join(dir(), 'ran.txt');
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFiles(workspace(), { 'node_modules/.bin/git': `#!/bin/sh\necho "$*" >> '${marker}'\nexec '${realGit}' "$@"\n` });
    chmodSync(path.join(workspace(), 'node_modules', '.bin', 'git'), 0o755);
    const hostile = { ...env(), PATH: `node_modules/.bin:${process.env['PATH'] ?? ''}` };
    const { file, entries } = await recordedRun({}, hostile);
    const done = await arbor(workspace(), hostile, 'restore', file, '--to', entries[2]!.id, '--json');
    assert.equal(done.code, 0, done.stderr);
    assert.deepEqual(JSON.parse(done.stdout), { restored: ['a.txt', 'c.txt'], removed: ['b.txt'], skipped: [] });
    assert.equal(existsSync(marker), false, `the workspace's git ran: ${existsSync(marker) ? readFileSync(marker, 'utf8') : ''}`);
  });

  it('restore refuses an unknown entry and a session that recorded no files', async () => {
    const { file } = await recordedRun();
    const unknown = await arbor(workspace(), env(), 'restore', file, '--to', 'nope1234');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--to nope1234: no entry with that id/);
    const bare = path.join(dir(), 'bare.jsonl');
    server().script(reply(text('hi')));
    await arbor(workspace(), env(), 'run', bare, 'hello', '--no-checkpoints');
    const firstId = (await loadSessionFile(bare)).tree.entries[0]!.id;
    const none = await arbor(workspace(), env(), 'restore', bare, '--to', firstId);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /recorded no workspace files/);
  });

  it("restore refuses git's empty tree, a sub-folder's tree and another session's state a session file names: exit 2, the plain message, no file removed or written", async () => {
    const { file, entries } = await recordedRun({ 'examples/x/.vscode/settings.json': '{"planted": true}' });
    const start = filesEntryData(entries[1]!)!.after;
    const root = realpathSync(workspace());
    const store = storeFolderFor(path.join(dir(), 'home', 'state'), root);
    const subFolder = execFileSync('git', ['rev-parse', `${start}:examples/x`], { cwd: workspace(), env: gitEnvironment({ program: 'git', gitDir: store, workTree: workspace() }), encoding: 'utf8' }).trim();
    const before = listing(workspace());
    const cases: [string, string][] = [
      ['the empty tree', withRecord(file, '4b825dc642cb6eb9a060e54bf8d69288fbee4904')],
      ['a sub-folder', withRecord(file, subFolder)],
      ['another session', withRecord(file, start, 'another-session-id')],
    ];
    for (const [what, copy] of cases) {
      const run = await arbor(workspace(), env(), 'restore', copy, '--to', 'hostile1');
      assert.equal(run.code, 2, what);
      assert.equal(run.stdout, '', what);
      assert.equal(run.stderr, `arbor restore: ${copy}: the files recorded at hostile1 are not in the checkpoint store of this workspace (${root}): recorded in another folder or session, or no longer kept. No file was changed\n`, what);
      assert.deepEqual(listing(workspace()), before, what);
    }
  });

  it('restore makes a recorded folder that a link replaced a folder again and says so, and leaves what the link leads to alone', async () => {
    mkdirSync(path.join(dir(), 'home'), { recursive: true });
    writeFiles(workspace(), { 'dir/b.txt': 'recorded', 'a.txt': 'a' });
    const file = path.join(dir(), 's.jsonl');
    server().script(reply(text('Hello.')));
    assert.equal((await arbor(workspace(), env(), 'run', file, 'hi')).code, 0);
    const userId = (await loadSessionFile(file)).tree.entries.find((entry) => entry.type === 'message')!.id;
    const elsewhere = path.join(dir(), 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'b.txt'), 'not in the workspace');
    rmSync(path.join(workspace(), 'dir'), { recursive: true });
    symlinkSync(elsewhere, path.join(workspace(), 'dir'));
    const dry = await arbor(workspace(), env(), 'restore', file, '--to', userId, '--dry-run', '--json');
    assert.deepEqual(JSON.parse(dry.stdout), { restored: ['dir/b.txt'], removed: ['dir'], skipped: [], linkedFolders: ['dir'] });
    const done = await arbor(workspace(), env(), 'restore', file, '--to', userId);
    assert.equal(done.code, 0, done.stderr);
    assert.equal(done.stdout, 'restored (1):\n  dir/b.txt\nmade folders again (recorded folders that were links) (1):\n  dir\n');
    assert.equal(lstatSync(path.join(workspace(), 'dir')).isDirectory(), true);
    assert.equal(readFileSync(path.join(workspace(), 'dir/b.txt'), 'utf8'), 'recorded');
    assert.equal(readFileSync(path.join(elsewhere, 'b.txt'), 'utf8'), 'not in the workspace');
  });

  it('run --leaf ID continues from that entry on a new branch', async () => {
    const { file, entries } = await recordedRun();
    server().script(reply(text('Again.')));
    const run = await arbor(workspace(), env(), 'run', file, 'another way', '--leaf', entries[1]!.id, '--json');
    assert.equal(run.code, 0, run.stderr);
    const after = [...(await loadSessionFile(file)).tree.entries];
    const added = after.slice(entries.length).filter((entry) => !(entry.type === 'custom' && entry.customType !== 'arbor.files'));
    // The files differ from the state at the leaf (the first run changed them): recorded as 'outside' first.
    assert.deepEqual(shape(added), ['files:outside', 'message:user', 'message:assistant']);
    assert.equal(added[0]!.parentId, entries[1]!.id);
    assert.equal(added[1]!.parentId, added[0]!.id);
    const bad = await arbor(workspace(), env(), 'run', file, 'x', '--leaf', 'nope1234');
    assert.equal(bad.code, 2);
  });

  it('pi 1.6.0 opens the file arbor run recorded (start, tool and outside entries on two branches) and builds the same context at each leaf', async () => {
    const { file, entries } = await recordedRun();
    server().script(reply(text('Again.')));
    assert.equal((await arbor(workspace(), env(), 'run', file, 'another way', '--leaf', entries[1]!.id)).code, 0);
    const ours = [...(await loadSessionFile(file)).tree.entries];
    assert.deepEqual(ours.map((entry) => filesEntryData(entry)?.cause).filter((cause) => cause !== undefined), ['start', 'tool', 'outside']);
    const pi = await loadPi();
    const piEntries = pi.SessionManager.open(file).getEntries() as PiEntry[];
    assert.equal(piEntries.length, ours.length);
    const tally = newCoverage();
    for (const leaf of [entries[6]!.id, ours.at(-1)!.id]) assertSameContext(await arborWholeContext(file, leaf), piWholeContext(pi, piEntries, leaf), leaf, tally);
  });

  it('lists what it does not record (a nested repository, a file grown over the size limit): run on stderr, restore as skipped, left as they are', async () => {
    mkdirSync(path.join(dir(), 'home'), { recursive: true });
    writeFiles(workspace(), { 'a.txt': 'one', 'data.bin': 'small', 'vendor/lib/x.c': 'x' });
    execFileSync('git', ['init', '-q'], { cwd: path.join(workspace(), 'vendor', 'lib'), env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    const file = path.join(dir(), 's.jsonl');
    const big = 6 * 1024 * 1024;
    server().script(reply(toolUse('bash', { command: `printf two > a.txt && head -c ${big} /dev/zero > data.bin && printf y > vendor/lib/x.c` })), reply(text('Done.')));
    const run = await arbor(workspace(), env(), 'run', file, 'change things', '--yes');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stderr,
      'arbor run: Workspace checkpoints do not record 1 path: vendor/lib (a nested repository). A restore leaves it as it is.\n' +
        'arbor run: Workspace checkpoints do not record 1 path: data.bin (6.0MB, over the size limit). A restore leaves it as it is.\n',
    );
    const userId = (await loadSessionFile(file)).tree.entries.find((entry) => entry.type === 'message')!.id;
    const before = listing(workspace(), { skipGit: true });
    const dry = await arbor(workspace(), env(), 'restore', file, '--to', userId, '--dry-run', '--json');
    assert.equal(dry.code, 0, dry.stderr);
    assert.deepEqual(Object.keys(JSON.parse(dry.stdout) as object), ['restored', 'removed', 'skipped']);
    assert.deepEqual(JSON.parse(dry.stdout), { restored: ['a.txt'], removed: [], skipped: ['data.bin'] });
    assert.deepEqual(listing(workspace(), { skipGit: true }), before);
    const done = await arbor(workspace(), env(), 'restore', file, '--to', userId);
    assert.equal(done.code, 0, done.stderr);
    assert.equal(done.stdout, 'restored (1):\n  a.txt\nleft alone (ignored or over the size limit) (1):\n  data.bin\n');
    assert.equal(readFileSync(path.join(workspace(), 'a.txt'), 'utf8'), 'one');
    assert.equal(statSync(path.join(workspace(), 'data.bin')).size, big);
    assert.equal(readFileSync(path.join(workspace(), 'vendor/lib/x.c'), 'utf8'), 'y');
  });
});
