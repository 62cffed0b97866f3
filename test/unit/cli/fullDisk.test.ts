/**
 * The disk really fills up: a tmpfs of a few hundred KB, mounted for the test (Linux, as root; CI
 * runs so). Elsewhere the suite says why and is counted as skipped; as root on Linux a mount that
 * fails is a failure, never a skip.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createSessionFile, loadSessionFile, messageRole, type AssistantMessage, type MessageEntry } from '../../../src/core/session';
import { assistant, steppingClock, user } from '../../support/builders';
import { reply, text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { arborChild as arbor } from './runArbor';

const KEY = 'sk-ant-full-disk-key';
const REPLY_TEXT = 'paid-for words '.repeat(10_000); // 150 KB: more than the disk has left, less than it has once freed

/** Why a small filesystem cannot be mounted here, or undefined when it can be tried. */
function whyNoMount(): string | undefined {
  if (process.platform !== 'linux') return `not Linux (${process.platform})`;
  if (process.getuid?.() !== 0) return 'not running as root (mounting a tmpfs needs it)';
  return undefined;
}

describe('arbor run on a disk that fills up (a real 320 KB tmpfs)', function () {
  this.timeout(120000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  let mount = '';

  before(function () {
    const why = whyNoMount();
    if (why) {
      console.log(`    (skipped: ${why})`);
      this.skip();
    }
    mount = mkdtempSync(path.join(os.tmpdir(), 'arbor-tmpfs-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=320k,mode=0700', 'tmpfs', mount]);
  });

  after(() => {
    if (!mount) return;
    execFileSync('umount', [mount]);
    rmSync(mount, { recursive: true, force: true });
  });

  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, XDG_STATE_HOME: path.join(dir(), 'state'), PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent') });

  /** Fills the filesystem but for about `leave` bytes. */
  function fill(leave: number): string {
    const filler = path.join(mount, 'filler');
    const { bavail, bsize } = statfsSync(mount);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - leave)));
    return filler;
  }

  afterEach(() => {
    if (mount) for (const name of readdirSync(mount)) rmSync(path.join(mount, name), { force: true });
  });

  it('fails in one line with exit 1, leaves the file at its last whole line, keeps the reply aside, and saves it once there is room', async () => {
    const session = await createSessionFile({ dir: mount, cwd: dir(), clock: steppingClock() });
    await session.appendMessage(user('first question'));
    await session.appendMessage(assistant('first answer'));
    await session.sync();
    const file = session.file!;
    const filler = fill(48 * 1024);

    server().script(reply(text(REPLY_TEXT)));
    const failed = await arbor(dir(), env(), 'run', file, 'write a lot', '--no-checkpoints', '--no-context-files');
    assert.equal(failed.code, 1, failed.stderr);
    assert.doesNotMatch(`${failed.stdout}${failed.stderr}`, /internal error|\n\s+at /);
    const said = /error \(write-failed\): The disk is full: the last reply \((\d+\.\d)KB\) is not saved yet\. The file ends at its last whole entry\. Free some space and run the command again\.\n$/.exec(failed.stdout);
    assert.ok(said, failed.stdout.slice(-400));
    assert.equal(Math.round(Number(said[1]) / 10), 15, 'about the 150 000 bytes of the reply');
    const afterFailure = readFileSync(file, 'utf8');
    assert.equal(afterFailure.endsWith('\n'), true, 'no torn last line');
    const lines = afterFailure.trimEnd().split('\n');
    assert.deepEqual(
      lines.slice(1).map((line) => (JSON.parse(line) as { type: string; message?: { role: string } }).message?.role ?? (JSON.parse(line) as { type: string }).type),
      ['user', 'assistant', 'model_change', 'user'],
      'the prompt is saved, the reply is not, nothing is half-written',
    );
    assert.deepEqual(readdirSync(mount).sort(), [path.basename(file), 'filler'].sort(), 'no copy or temporary file left on the full disk');

    const repaired = await arbor(dir(), env(), 'repair', file);
    assert.equal(repaired.code, 0, repaired.stderr);
    assert.equal(readFileSync(file, 'utf8'), afterFailure);

    rmSync(filler);
    server().script(reply(text('short answer')));
    const next = await arbor(dir(), env(), 'run', file, 'and now?', '--no-checkpoints', '--no-context-files');
    assert.equal(next.code, 0, next.stderr);
    const replies = (await loadSessionFile(file)).tree.entries
      .filter((entry): entry is MessageEntry => messageRole(entry) === 'assistant')
      .map((entry) => entry.message as AssistantMessage);
    assert.equal(replies.length, 3);
    assert.deepEqual(replies[1]!.content, [{ type: 'text', text: REPLY_TEXT }], 'the reply kept aside is in the file now, whole');
    assert.equal(replies[1]!.stopReason, 'stop');
    assert.deepEqual(replies[2]!.content, [{ type: 'text', text: 'short answer' }]);
  });

  it('on a full disk, neither repair nor run changes a file with a torn last line or ends with a stack trace; once there is room both work', async () => {
    const session = await createSessionFile({ dir: mount, cwd: dir(), clock: steppingClock() });
    await session.appendMessage(user('first question'));
    await session.sync();
    const file = session.file!;
    const torn = Buffer.from(JSON.stringify({ type: 'message', id: 'cafe0001', parentId: session.leafId, message: { role: 'assistant', content: [{ type: 'text', text: 'x'.repeat(6000) }] } }).slice(0, 5327));
    appendFileSync(file, torn);
    const before = readFileSync(file);
    const filler = fill(0);

    const repair = await arbor(dir(), env(), 'repair', file);
    assert.equal(repair.code, 1);
    assert.equal(
      repair.stderr,
      `arbor repair: ${file}: the disk is full: the repair keeps the unfinished last line (5.2KB) in a file beside it first, and there is no room for it; nothing was changed. Free at least 9.2KB and run arbor repair again\n`,
    );
    server().script(reply(text('answer')));
    const run = await arbor(dir(), env(), 'run', file, 'q', '--no-checkpoints', '--no-context-files');
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.doesNotMatch(`${run.stdout}${run.stderr}`, /internal error|\n\s+at /);
    assert.match(run.stdout, /error \(write-failed\): The disk is full: 1 entry \(\d+B\) is not saved yet\. The file ends at its last whole entry\. Free some space and run the command again\.\n$/);
    assert.deepEqual(readFileSync(file), before, 'the file is as it was');

    rmSync(filler);
    server().script(reply(text('answer')));
    const again = await arbor(dir(), env(), 'run', file, 'q', '--no-checkpoints', '--no-context-files');
    assert.equal(again.code, 0, again.stderr);
    const copies = readdirSync(mount).filter((name) => name.startsWith(`${path.basename(file)}.torn-`));
    assert.equal(copies.length, 1);
    assert.deepEqual(readFileSync(path.join(mount, copies[0]!)), torn, 'the torn bytes are kept aside, byte for byte');
    assert.deepEqual(readFileSync(file).subarray(0, before.length - torn.length), before.subarray(0, before.length - torn.length), 'every whole line stays');
    const check = await arbor(dir(), env(), 'check', file);
    assert.equal(check.code, 0, check.stdout);
  });
});
