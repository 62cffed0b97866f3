/**
 * pi 1.6.0 (its own `SessionManager`, in a child process) and Arbor append to the same session
 * file at the same time, with seeded random pauses; in one round of four the file starts with a
 * torn last line that Arbor repairs while pi appends. After each round: every line either writer
 * completed is in the file once, every line parses (Arbor's parser and pi's), both open the file,
 * and Arbor's tree holds pi's entries with the parents a fresh open gives them.
 */
import { strict as assert } from 'node:assert';
import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSessionFile, loadSessionFile, openSessionFile, parseSessionText, serializeLine } from '../../../src/core/session';
import { assistant, msg, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import type { AppendRequest } from './piAppender';
import { appendRandom, randomPause } from './randomAppend';
import { Dice, seededRandom } from '../../support/randomSession';
import { arborWriter } from '../../support/sessionWriters';

const ROUNDS = 200;

describe('pi and Arbor appending to one file at the same time', function () {
  this.timeout(600_000);
  const tmp = useTempDir();
  let child: ChildProcess | undefined;

  before(async function () {
    this.timeout(120_000);
    child = fork(path.join(__dirname, 'piAppender.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await nextMessage(child);
  });

  after(() => {
    child?.disconnect();
  });

  it(`loses no complete line of either writer in ${ROUNDS} random interleavings, torn tails included`, async () => {
    const { parseSessionEntries, SessionManager } = await loadPi();
    const dice = new Dice(seededRandom(20261130));
    const stats = { rounds: 0, lines: 0, interleaved: 0, piFirstOntoTorn: 0, started: Date.now() };
    for (let round = 0; round < ROUNDS; round++) {
      const dir = path.join(tmp(), `round-${round}`);
      const created = await createSessionFile({ dir, cwd: '/p' });
      const baseIds = [await created.appendMessage(user('q')), await created.appendMessage(assistant('a'))];
      const file = created.file!;
      const before = readFileSync(file, 'utf8');
      const withTornTail = round % 4 === 3;
      const torn = serializeLine(msg('t0000001', baseIds[1]!, user('cut off by a crash'))).slice(0, dice.int(1, 60));
      if (withTornTail) appendFileSync(file, torn);

      const { session } = await openSessionFile(file);
      const request: AppendRequest = { file, count: dice.int(3, 12), seed: dice.int(1, 1e9), maxPauseMs: dice.int(0, 3) };
      const piDone = ask(child!, request);
      const arborIds: string[] = [];
      const writer = arborWriter(session);
      for (let i = dice.int(3, 12); i > 0; i--) {
        await randomPause(dice, request.maxPauseMs);
        arborIds.push(await appendRandom(writer, dice, `arbor-${i}`));
      }
      const piIds = await piDone;
      arborIds.push(await session.appendCustomEntry('round-end'));
      await session.sync();

      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      assert.deepEqual(parseSessionText(text).malformed, [], `round ${round}: every line parses`);
      assert.equal(parseSessionEntries(text).length, lines.length, `round ${round}: pi parses every line`);
      const fileIds = lines.slice(1).map((line) => (JSON.parse(line) as { id: string }).id);
      assert.deepEqual([...fileIds].sort(), [...baseIds, ...piIds, ...arborIds].sort(), `round ${round}: every entry once`);
      assert.deepEqual(fileIds.filter((id) => arborIds.includes(id)), arborIds, `round ${round}: Arbor's lines in order`);
      assert.deepEqual(fileIds.filter((id) => piIds.includes(id)), piIds, `round ${round}: pi's lines in order`);
      assert.deepEqual(arborIds.map((id) => session.getEntry(id)!.parentId), [session.getEntry(arborIds[0]!)!.parentId, ...arborIds.slice(0, -1)]);

      const reopened = await loadSessionFile(file);
      assert.deepEqual(reopened.report.malformed, []);
      assert.deepEqual(
        session.entries.map((entry) => [entry.id, session.tree.parentOf(entry.id)]).sort(),
        reopened.tree.entries.map((entry) => [entry.id, reopened.tree.parentOf(entry.id)]).sort(),
        `round ${round}: Arbor's tree is the file's tree`,
      );
      assert.deepEqual(SessionManager.open(file).getEntries().map((entry) => entry.id), fileIds, `round ${round}: pi opens it`);
      if (withTornTail) {
        const saved = readdirSync(dir).filter((name) => name.includes('.torn-'));
        assert.deepEqual(saved.map((name) => readFileSync(path.join(dir, name), 'utf8')), [torn], `round ${round}: torn bytes saved`);
        assert.ok(text.startsWith(`${before}${' '.repeat(torn.length - 1)}\n`), `round ${round}: torn bytes blanked where they were`);
        if (fileIds.indexOf(piIds[0]!) < fileIds.indexOf(arborIds[0]!)) stats.piFirstOntoTorn++;
      }
      stats.rounds++;
      stats.lines += lines.length;
      if (writerSwitches(fileIds.filter((id) => !baseIds.includes(id)), new Set(piIds)) >= 2) stats.interleaved++;
    }
    console.log(
      `      ${stats.rounds} rounds (${stats.interleaved} with the writers' lines interleaved, ${stats.piFirstOntoTorn} with pi appending onto a torn tail first), ${stats.lines} lines checked, ${((Date.now() - stats.started) / 1000).toFixed(1)} s`,
    );
  });
});

/** How often a run of pi's lines gives way to Arbor's or the other way round. */
function writerSwitches(ids: string[], pi: Set<string>): number {
  let switches = 0;
  for (let i = 1; i < ids.length; i++) if (pi.has(ids[i]!) !== pi.has(ids[i - 1]!)) switches++;
  return switches;
}

function nextMessage(child: ChildProcess): Promise<{ ids?: string[]; error?: string }> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`pi appender exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as { ids?: string[]; error?: string });
    });
  });
}

async function ask(child: ChildProcess, request: AppendRequest): Promise<string[]> {
  const reply = nextMessage(child);
  child.send(request);
  const { ids, error } = await reply;
  if (error !== undefined) throw new Error(`pi appender: ${error}`);
  return ids!;
}
