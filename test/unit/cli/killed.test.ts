/**
 * `arbor run` and `arbor compact` killed with SIGKILL mid-step, as a real process (the built CLI
 * against the fake server): frozen at a named stop point (`ARBOR_TEST_STOP_AT`) or at a seeded
 * moment, then killed. Whatever the moment, the next run finds a consistent session: a torn last
 * line is repaired at its first append with its bytes kept in `<file>.torn-*`, no entry before it
 * changes by a byte, no compaction is half-written, `arbor check` finds nothing, and pi opens the
 * file and builds its context.
 */
import { strict as assert } from 'node:assert';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSessionFile, type Session } from '../../../src/core/session';
import { appendTurns, steppingClock } from '../../support/builders';
import { chunks, reply, slow, text, toolUse, usage, useFakeAnthropic, type MessageReply } from '../../support/fakeAnthropic';
import { loadPi } from '../../support/pi';
import { seededRandom } from '../../support/randomSession';
import { useTempDir } from '../../support/tempDir';
import { sessionWithHistory } from './historySession';
import { arborKilledAfter, arborKilledAt } from './killArbor';
import { arborChild as arbor } from './runArbor';

const KEY = 'sk-ant-cli-test-key';
const NEWLINE = 0x0a;
/** A reply of a few hundred KB, so that a tear can fall inside a big line. */
const BIG_REPLY = Array.from({ length: 6000 }, (_, i) => `line ${i} of a long answer, with "quotes", \\ and é\n`).join('');

/** The run the append tests kill: a tool round, then the big reply. */
function toolThenBigReply(): MessageReply[] {
  return [reply(toolUse('read', { path: 'notes.txt' }, 'toolu_read_1')), reply(text(BIG_REPLY), chunks(20_000))];
}

/**
 * The byte ranges of the values that differ between two runs of one script (ids, times, the fake
 * server's response ids), each of a fixed width: the rest of a line is the same byte for byte.
 */
function runValueRanges(line: Buffer): [number, number][] {
  const pattern = /"(?:id|parentId)":"[0-9a-f]{8}"|"timestamp":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"|"timestamp":\d{13}|"responseId":"msg_fake_\d{4}"/g;
  return [...line.toString('latin1').matchAll(pattern)].map((match) => [match.index, match.index + match[0].length]);
}

/** `actual` as `reference`'s first `actual.length` bytes would be with this run's ids and times. */
function expectedFrom(reference: Buffer, actual: Buffer): Buffer {
  const expected = Buffer.from(reference.subarray(0, actual.length));
  for (const [start, end] of runValueRanges(reference)) if (start < actual.length) actual.copy(expected, start, start, Math.min(end, actual.length));
  return expected;
}

/** The whole lines of `bytes` (with their newlines) and what follows the last one. */
function splitLines(bytes: Buffer): { lines: Buffer[]; tail: Buffer } {
  const lines: Buffer[] = [];
  let start = 0;
  for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
    lines.push(bytes.subarray(start, end + 1));
    start = end + 1;
  }
  return { lines, tail: bytes.subarray(start) };
}

function isWholeObject(bytes: Buffer): boolean {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** What the repair leaves where a torn tail was: spaces ending in a newline, of its length. */
function blankOf(length: number): Buffer {
  const blank = Buffer.alloc(length, ' ');
  blank[length - 1] = NEWLINE;
  return blank;
}

describe('arbor killed mid-step (built CLI against the fake server)', function () {
  this.timeout(180_000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, XDG_STATE_HOME: path.join(dir(), 'state'), PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent') });
  const runArgs = ['--tools', 'read', '--yes', '--no-checkpoints'];

  async function seedSession(): Promise<Session> {
    writeFileSync(path.join(dir(), 'notes.txt'), 'the word is tulip\n');
    const session = await createSessionFile({ dir: dir(), cwd: dir(), clock: steppingClock() });
    await appendTurns(session, 2);
    await session.sync();
    return session;
  }

  /** A fresh copy of `seed` named `name`. */
  function copyOf(seed: string, name: string): string {
    const file = path.join(dir(), name);
    copyFileSync(seed, file);
    return file;
  }

  function tornCopies(file: string): string[] {
    return readdirSync(path.dirname(file)).filter((name) => name.startsWith(`${path.basename(file)}.torn-`));
  }

  /**
   * The session after a kill: the next `arbor run` succeeds; every whole line the dead process
   * left is still there byte for byte; a torn tail is blanked, its bytes kept in `<file>.torn-*`;
   * `arbor check` is clean and pi builds the context with the new exchange last.
   */
  async function assertRecovers(file: string): Promise<void> {
    const killed = readFileSync(file);
    const { tail } = splitLines(killed);
    const whole = killed.subarray(0, killed.length - tail.length);
    server().dropPending();
    server().setHandler(() => reply(text('Going on.')));
    const next = await arbor(dir(), env(), 'run', file, 'go on', ...runArgs);
    assert.equal(next.code, 0, next.stderr);
    assert.equal(next.stdout, 'Going on.\n');
    const after = readFileSync(file);
    assert.ok(after.subarray(0, whole.length).equals(whole), 'every whole line before the tear is unchanged');
    if (tail.length > 0 && isWholeObject(tail)) {
      // Only its newline was missing: the next append supplies it, the entry stays.
      assert.ok(after.subarray(whole.length, killed.length + 1).equals(Buffer.concat([tail, Buffer.from('\n')])), 'the whole last entry is kept and ended');
    } else if (tail.length > 0) {
      assert.ok(after.subarray(whole.length, killed.length).equals(blankOf(tail.length)), 'the torn tail is blanked where it was');
      const copies = tornCopies(file);
      assert.equal(copies.length, 1, `one copy of the torn tail: ${copies.join(', ')}`);
      assert.ok(readFileSync(path.join(dir(), copies[0]!)).equals(tail), 'the copy holds the torn bytes exactly');
    }
    if (tail.length === 0 || isWholeObject(tail)) assert.deepEqual(tornCopies(file), []);
    const check = await arbor(dir(), env(), 'check', file);
    assert.deepEqual({ code: check.code, stderr: check.stderr }, { code: 0, stderr: '' }, check.stdout);
    const pi = await loadPi();
    const messages = pi.SessionManager.open(file, dir()).buildSessionContext().messages as { role: string; content: unknown }[];
    assert.deepEqual(
      messages.slice(-2).map((m) => [m.role, JSON.stringify(m.content)]),
      [
        ['user', JSON.stringify([{ type: 'text', text: 'go on' }])],
        ['assistant', JSON.stringify([{ type: 'text', text: 'Going on.' }])],
      ],
    );
  }

  it('mid-append at seeded points (a tool round and a reply of 300 KB): a torn last line, the prefix of the entry being written; the next run repairs it', async () => {
    const seed = await seedSession();
    const seedBytes = readFileSync(seed.file!);
    // What a run of this script appends, to compare the torn runs' bytes with.
    server().script(...toolThenBigReply());
    const reference = copyOf(seed.file!, 'reference.jsonl');
    const referenceRun = await arbor(dir(), env(), 'run', reference, 'read the notes', ...runArgs);
    assert.equal(referenceRun.code, 0, referenceRun.stderr);
    const { lines: appended, tail: none } = splitLines(readFileSync(reference).subarray(seedBytes.length));
    assert.deepEqual([appended.length, none.length], [5, 0], 'the model, the user message, the call, its result, the big reply');
    assert.ok(appended[4]!.length > 300_000, `the big reply's line: ${appended[4]!.length} bytes`);
    const total = appended.reduce((sum, line) => sum + line.length, 0);

    const random = seededRandom(31);
    for (let point = 0; point < 6; point++) {
      // Half the points pick a line, half a byte of the run (most of those fall in the big line).
      let n = 1 + Math.floor(random() * appended.length);
      if (point % 2 === 1) {
        let at = Math.floor(random() * total);
        for (n = 1; at >= appended[n - 1]!.length; n++) at -= appended[n - 1]!.length;
      }
      const line = appended[n - 1]!;
      // 1 … length-2 bytes: never the whole object (its last `}` or newline missing).
      const bytes = 1 + Math.floor(random() * (line.length - 2));
      const label = `point ${point}: append ${n}, ${bytes} of ${line.length} bytes`;
      const file = copyOf(seed.file!, `killed-${point}.jsonl`);
      server().dropPending();
      server().script(...toolThenBigReply());
      await arborKilledAt(dir(), env(), `append:${n}:${bytes}`, 'run', file, 'read the notes', ...runArgs);

      const killed = readFileSync(file);
      assert.ok(killed.subarray(0, seedBytes.length).equals(seedBytes), `${label}: the seeded entries are unchanged`);
      const { lines, tail } = splitLines(killed.subarray(seedBytes.length));
      assert.equal(lines.length, n - 1, `${label}: the appends before it are whole`);
      lines.forEach((whole, i) => assert.equal(whole.toString('latin1'), expectedFrom(appended[i]!, whole).toString('latin1'), `${label}: append ${i + 1}`));
      assert.equal(tail.length, bytes, `${label}: the torn line has the bytes written before the kill`);
      assert.equal(tail.toString('latin1'), expectedFrom(line, tail).toString('latin1'), `${label}: the torn line is the start of the entry being written`);
      await assertRecovers(file);
      server().setHandler(undefined);
    }
  });

  it('compact killed once the summary came back: no compaction and no partial line; compacting again succeeds', async () => {
    const session = await sessionWithHistory(dir());
    const before = readFileSync(session.file!);
    server().script(reply(text('SUMMARY OF THE OLD PART')));
    await arborKilledAt(dir(), env(), 'compaction:1', 'compact', session.file!, '--keep-recent', '300');
    assert.equal(server().messageRequests().length, 1, 'the summary was asked for and answered');
    assert.ok(readFileSync(session.file!).equals(before), 'the file is byte for byte as before');

    server().script(reply(text('SUMMARY, SECOND TRY')));
    const again = await arbor(dir(), env(), 'compact', session.file!, '--keep-recent', '300', '--json');
    assert.equal(again.code, 0, again.stderr);
    const after = readFileSync(session.file!);
    assert.ok(after.subarray(0, before.length).equals(before));
    const { lines, tail } = splitLines(after.subarray(before.length));
    assert.deepEqual([lines.length, tail.length], [1, 0]);
    const entry = JSON.parse(lines[0]!.toString()) as { type: string; id: string; summary: string };
    assert.deepEqual([entry.type, entry.id, entry.summary], ['compaction', (JSON.parse(again.stdout) as { compactionId: string }).compactionId, 'SUMMARY, SECOND TRY']);
    const check = await arbor(dir(), env(), 'check', session.file!);
    assert.equal(check.code, 0, check.stdout);
    const pi = await loadPi();
    assert.equal((pi.SessionManager.open(session.file!, dir()).buildSessionContext().messages[0] as { role: string }).role, 'compactionSummary');
  });

  it('run killed in its automatic compaction once the summary came back: the reply is kept, no compaction written; the next run goes on', async () => {
    const session = await sessionWithHistory(dir());
    // The reply fills a 200 000-token window past its threshold: the run compacts after the turn.
    server().script(reply(text('Here you go.'), usage({ input_tokens: 190_000, output_tokens: 40 })), reply(text('SUMMARY')));
    await arborKilledAt(dir(), env(), 'compaction:1', 'run', session.file!, 'one more', '--keep-recent', '300', '--model', 'claude-sonnet-4-5', '--no-checkpoints');
    assert.equal(server().messageRequests().length, 2, 'the reply, then the summary request, were answered');
    const { lines, tail } = splitLines(readFileSync(session.file!));
    assert.equal(tail.length, 0, 'no partial line');
    const types = lines.map((line) => (JSON.parse(line.toString()) as { type: string; message?: { role: string } }).message?.role ?? 'other');
    assert.deepEqual(types.slice(-2), ['user', 'assistant'], 'the prompt and its reply are the last entries: no compaction');
    await assertRecovers(session.file!);
  });

  it('run killed while writing its automatic compaction: a torn compaction line, kept aside and blanked by the next run; pi never sees half a compaction', async () => {
    const session = await sessionWithHistory(dir());
    const before = readFileSync(session.file!);
    const argv = (file: string): string[] => ['run', file, 'one more', '--keep-recent', '300', '--model', 'claude-sonnet-4-5', '--no-checkpoints'];
    const script = (): void => server().script(reply(text('Here you go.'), usage({ input_tokens: 190_000, output_tokens: 40 })), reply(text('SUMMARY')));
    script();
    const reference = copyOf(session.file!, 'reference.jsonl');
    assert.equal((await arbor(dir(), env(), ...argv(reference))).code, 0);
    const appended = splitLines(readFileSync(reference).subarray(before.length)).lines;
    const compaction = appended.at(-1)!;
    assert.equal((JSON.parse(compaction.toString()) as { type: string }).type, 'compaction');
    const bytes = Math.floor(compaction.length / 2);
    script();
    await arborKilledAt(dir(), env(), `append:${appended.length}:${bytes}`, ...argv(session.file!));
    const killed = readFileSync(session.file!);
    assert.ok(killed.subarray(0, before.length).equals(before));
    const { lines, tail } = splitLines(killed.subarray(before.length));
    assert.deepEqual(
      lines.map((line) => (JSON.parse(line.toString()) as { type: string }).type),
      appended.slice(0, -1).map((line) => (JSON.parse(line.toString()) as { type: string }).type),
    );
    assert.equal(tail.length, bytes);
    assert.ok(tail.toString().startsWith('{"type":"compaction",'), tail.toString().slice(0, 40));
    const tornId = /"id":"([0-9a-f]{8})"/.exec(tail.toString())![1]!;
    await assertRecovers(session.file!);
    const pi = await loadPi();
    const piEntries = pi.SessionManager.open(session.file!, dir()).getEntries() as { id: string; type: string }[];
    assert.equal(piEntries.filter((entry) => entry.id === tornId).length, 0, 'pi has no entry of the torn compaction');
    assert.equal(readFileSync(session.file!, 'utf8').split('\n').filter((line) => line.includes(`"id":"${tornId}"`)).length, 0, 'nor has the file a line of it');
  });

  it('run killed at seeded moments of a tool round, a slow reply and an automatic compaction: the next run finds a consistent session', async () => {
    const seed = await sessionWithHistory(dir());
    writeFileSync(path.join(dir(), 'notes.txt'), 'the word is tulip\n');
    const slowly = [chunks(2_000), slow({ chunkDelayMs: 15 })];
    /** The call, the reply that fills the window past its threshold, then a slow answer to every summary request. */
    const script = (): void => {
      server().dropPending();
      server().script(reply(toolUse('read', { path: 'notes.txt' }, 'toolu_read_1'), slowly[1]!), reply(text(BIG_REPLY.slice(0, 60_000)), usage({ input_tokens: 190_000, output_tokens: 40 }), ...slowly));
      server().setHandler(() => reply(text('SUMMARY OF THE RUN SO FAR'), chunks(1), slowly[1]!));
    };
    const argv = ['run', 'read the notes', '--keep-recent', '300', '--model', 'claude-sonnet-4-5', ...runArgs];
    const run = (file: string): string[] => [argv[0]!, file, ...argv.slice(1)];
    // A whole run first: the moments are spread over its length (start-up included, not the CLI's bundling).
    assert.equal((await arbor(dir(), env(), 'check', seed.file!)).code, 0);
    script();
    const started = Date.now();
    const wholeRun = copyOf(seed.file!, 'whole.jsonl');
    const whole = await arbor(dir(), env(), ...run(wholeRun));
    const length = Date.now() - started;
    assert.equal(whole.code, 0, whole.stderr);
    const last = splitLines(readFileSync(wholeRun)).lines.at(-1)!;
    assert.equal((JSON.parse(last.toString()) as { type: string }).type, 'compaction', 'the whole run ends with its compaction');
    const random = seededRandom(3131);
    const outcomes: string[] = [];
    for (let point = 0; point < 6; point++) {
      const file = copyOf(seed.file!, `moment-${point}.jsonl`);
      const ms = Math.round(length * (0.1 + 0.8 * random()));
      script();
      const requests = server().messageRequests().length;
      const outcome = await arborKilledAfter(dir(), env(), ms, ...run(file));
      outcomes.push(outcome === 'killed' ? `killed at ${ms} ms after ${server().messageRequests().length - requests} requests` : `ended by itself (${outcome.code}) before ${ms} ms`);
      await assertRecovers(file);
    }
    // Most moments fell inside the run (a busy machine may make one fall after its end).
    assert.ok(outcomes.filter((outcome) => outcome.startsWith('killed')).length >= 4, outcomes.join('; '));
  });
});
