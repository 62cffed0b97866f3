/**
 * A stranger's session folder (from a zip, a tarball, a clone): sessions, plus symbolic links at
 * every name Arbor is known to use beside a session, pointing at the user's own files or at names
 * that do not exist yet. Opening, migrating, repairing, appending, checkpointing a streamed reply,
 * exporting and the CLI's commands must create, change or truncate nothing outside the sessions'
 * own files: the links are skipped or replaced, never written through.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AgentSession } from '../../../src/core/agent';
import { createAnthropicProvider } from '../../../src/core/llm';
import { createSessionFile, openSessionFile } from '../../../src/core/session';
import { assistant, steppingClock, user } from '../../support/builders';
import { fixturePath } from '../../support/fixtures';
import { chunks, reply, slow, text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { arbor } from '../cli/runArbor';

const REPAIR_TIME = '2026-03-01T12-00-00-000Z'; // the CLI tests' fixed clock
const TORN_TIME = '2026-05-05T05:05:05.005Z';
const LONG_REPLY = 'A reply that streams for longer than the checkpoint interval, one small piece at a time. '.repeat(6);

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every name in `folder`: a link as `name -> target`, a file as its name. */
function listing(folder: string): string[] {
  return readdirSync(folder)
    .map((name) => {
      const full = path.join(folder, name);
      return lstatSync(full).isSymbolicLink() ? `${name} -> ${readlinkSync(full)}` : name;
    })
    .sort();
}

describe('a stranger\'s session folder with links planted at the names Arbor uses', function () {
  this.timeout(60000);
  const server = useFakeAnthropic();
  const tmp = useTempDir();

  it('creates, changes and truncates nothing outside the sessions\' own files', async () => {
    const victims = path.join(tmp(), 'victims');
    const folder = path.join(tmp(), 'stranger');
    const state = path.join(tmp(), 'state');
    mkdirSync(victims);
    mkdirSync(folder);
    for (const name of ['bashrc', 'profile', 'ssh_config']) writeFileSync(path.join(victims, name), `${name}: the user's own file\n`);
    const victim = (name: string): string => path.join(victims, name);
    const hashes = (): Record<string, string> => Object.fromEntries(readdirSync(victims).sort().map((name) => [name, sha256(victim(name))]));
    const before = hashes();

    // legacy.jsonl: v1, migrated at its first append. torn.jsonl: a torn last line, repaired at the first append.
    // crashed.jsonl: a torn last line, for `arbor repair`.
    const legacy = path.join(folder, 'legacy.jsonl');
    copyFileSync(fixturePath('legacy-v1.jsonl'), legacy);
    const scratch = path.join(tmp(), 'scratch');
    const torn = await tornSession(scratch, folder, 'torn.jsonl');
    const crashed = await tornSession(scratch, folder, 'crashed.jsonl');
    const plant = (name: string, target: string): void => symlinkSync(target, path.join(folder, name));
    for (const session of ['legacy.jsonl', 'torn.jsonl', 'crashed.jsonl']) {
      plant(`${session}.partial.json`, victim('bashrc'));
      plant(`${session}.partial.json.tmp`, victim('profile'));
      plant(`${session}.partial.json.tmp.tmp`, victim(`created-by-${session}-checkpoint`));
    }
    plant('legacy.jsonl.v1.bak', victim('bashrc'));
    plant('legacy.jsonl.v1.bak.1', victim('created-by-backup'));
    plant('legacy.jsonl.v2.bak', victim('profile'));
    plant(`torn.jsonl.torn-${TORN_TIME.replace(/[:.]/g, '-')}`, victim('created-by-torn-copy'));
    plant(`crashed.jsonl.before-repair-${REPAIR_TIME}`, victim('ssh_config'));
    plant('session.md', victim('bashrc'));
    plant('session.html', victim('created-by-export'));
    const planted = listing(folder);

    // Open and migrate, with a reply streamed long enough to be checkpointed.
    const clock = steppingClock();
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => clock().getTime(), retry: { maxAttempts: 1 } });
    const checkpoints = path.join(state, 'arbor', 'checkpoints');
    const { session: migrated } = await openSessionFile(legacy, { clock });
    const agent = await AgentSession.create({ session: migrated, provider, settings: { model: 'claude-sonnet-4-6' }, clock, root: tmp(), checkpointEveryMs: 10, checkpointFolder: checkpoints });
    server().script(reply(text(LONG_REPLY), chunks(20), slow({ chunkDelayMs: 20 })));
    await agent.prompt('Explain slowly');
    assert.equal(migrated.getBranch().at(-1)!.type, 'message');

    // Repair a torn tail by appending.
    const { session: repaired } = await openSessionFile(torn, { clock: () => new Date(TORN_TIME) });
    await repaired.appendMessage(user('after the crash'));
    await repaired.sync();

    // The CLI: read-only commands, repair, export over a planted link, and a run (checkpointed in its state folder).
    for (const command of ['tree', 'context', 'check', 'tokens']) assert.notEqual((await arbor(command, legacy)).code, 2, command);
    assert.equal((await arbor('repair', crashed)).code, 0);
    assert.equal((await arbor('export', legacy, '--format', 'md', '-o', path.join(folder, 'session.md'))).code, 0);
    assert.equal((await arbor('export', legacy, '--format', 'html', '-o', path.join(folder, 'session.html'))).code, 0);
    server().script(reply(text('A short answer.')));
    const run = await withEnv({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server().url, XDG_STATE_HOME: state, PI_CODING_AGENT_DIR: path.join(state, 'pi-agent') }, () => arbor('run', crashed, 'and now?', '--cwd', tmp()));
    assert.equal(run.code, 0, run.stderr);

    assert.deepEqual(hashes(), before, 'the user\'s files are byte-identical, and none was created');
    const expected = [
      ...planted.filter((name) => !name.startsWith('session.md ->') && !name.startsWith('session.html ->')),
      'legacy.jsonl.v1.bak.2',
      `torn.jsonl.torn-${TORN_TIME.replace(/[:.]/g, '-')}.1`,
      `crashed.jsonl.before-repair-${REPAIR_TIME}.1`,
      'session.html',
      'session.md',
    ].sort();
    assert.deepEqual(listing(folder), expected, 'only the sessions\' own copies are new; the exports replaced the links at their names');
    for (const copy of ['legacy.jsonl.v1.bak.2', `crashed.jsonl.before-repair-${REPAIR_TIME}.1`, 'session.md']) {
      assert.equal(statSync(path.join(folder, copy)).mode & 0o777, 0o600, copy);
    }
    assert.deepEqual(readdirSync(checkpoints), [], 'the checkpoints were written in Arbor\'s own folder and removed');
  });
});

/** `folder/name`: a v3 session whose last line was cut mid-write (written in `scratch` first). */
async function tornSession(scratch: string, folder: string, name: string): Promise<string> {
  const session = await createSessionFile({ dir: scratch, cwd: folder, clock: steppingClock() });
  await session.appendMessage(user('question'));
  await session.appendMessage(assistant('answer'));
  await session.sync();
  const bytes = readFileSync(session.file!);
  const file = path.join(folder, name);
  writeFileSync(file, bytes.subarray(0, bytes.length - 20));
  return file;
}

async function withEnv<T>(values: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  try {
    return await run();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
