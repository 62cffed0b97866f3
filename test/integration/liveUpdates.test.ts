// Live updates in the real extension host: another program appending to the current session's file
// (a plain appendFile of pi-shaped lines, or a second Session on the same file) is read in by the
// file watcher, logged, followed when it continues our conversation, and never mixes lines with
// Arbor's own appends. The sessions folder is a temporary folder outside the workspace.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { messageRole, openSessionFile, parseSessionText, serializeLine, type Session } from '../../src/core/session';
import { text } from '../support/fakeAnthropic';
import { assistant, msg, user } from '../support/builders';
import { entriesOnDisk, requestMessages, send, useAgent } from './agentSupport';
import { arborLog, until, waitForLog } from './support';

const newId = (): string => randomBytes(4).toString('hex');

/** Every non-blank line of the file parses as one JSON object (no torn or interleaved lines). */
function assertEveryLineParses(file: string): string[] {
  const content = fs.readFileSync(file, 'utf8');
  assert.ok(content.endsWith('\n'), 'the file does not end with a newline');
  const lines = content.split('\n').filter((line) => line.trim() !== '');
  lines.forEach((line, index) => assert.doesNotThrow(() => JSON.parse(line), `line ${index + 1} does not parse: ${line.slice(0, 80)}`));
  assert.equal(parseSessionText(content).malformed.length, 0);
  return lines;
}

/** Appends, as pi would, a user message and its reply under `parentId`; returns their ids. */
function appendPiTurn(file: string, parentId: string, question: string, answer: string): [string, string] {
  const ids: [string, string] = [newId(), newId()];
  fs.appendFileSync(file, serializeLine(msg(ids[0], parentId, user(question))) + serializeLine(msg(ids[1], ids[0], assistant(answer))));
  return ids;
}

describe('Live updates from other writers', () => {
  const agent = useAgent();

  async function sessionWithOneTurn(): Promise<{ session: Session; file: string }> {
    agent.server().script(text('The first answer.'));
    await send(agent.host(), 'The first question');
    const session = agent.host().session!;
    await session.sync();
    return { session, file: session.file! };
  }

  it('reads a turn appended by another program into the session, follows it, and a later Arbor turn lands after it', async () => {
    const { session, file } = await sessionWithOneTurn();
    const leafBefore = session.leafId!;
    const linesBefore = assertEveryLineParses(file).length;
    const logBefore = arborLog().length;

    const appendedAt = Date.now();
    const [question, answer] = appendPiTurn(file, leafBefore, 'Asked in pi', 'Answered in pi');
    await until('the appended turn to be in host.session', () => session.getEntry(answer) !== undefined);
    console.log(`      (read in ${Date.now() - appendedAt} ms after the append, polled every 50 ms)`);
    assert.equal(session.tree.parentOf(question), leafBefore);
    // Arbor was idle and pi continued from its position: the chat follows to pi's reply.
    await until('the position to follow the continuation', () => session.leafId === answer);
    const log = (await waitForLog(new RegExp(`Session ${session.id}: another program appended 2 entries`))).slice(logBefore);
    assert.match(log, new RegExp(`Session ${session.id}: another program appended 2 entries`));
    assert.doesNotMatch(log, /Asked in pi|Answered in pi/, 'message contents went to the log');
    // Following wrote nothing (no position marker): the file is ours plus pi's two lines.
    assert.equal(assertEveryLineParses(file).length, linesBefore + 2);

    agent.server().script(text('The answer after pi.'));
    await send(agent.host(), 'A question after pi');
    const entries = entriesOnDisk(file);
    const asked = entries.findIndex((entry) => messageRole(entry) === 'user' && JSON.stringify(entry).includes('A question after pi'));
    assert.ok(asked > entries.findIndex((entry) => entry.id === answer), 'Arbor\'s turn is not after the foreign lines');
    assert.ok(session.getBranch(entries[asked]!.id).some((entry) => entry.id === answer), 'Arbor\'s turn does not continue from pi\'s reply');
    assert.deepEqual(
      requestMessages(agent.server()).map((message) => message.role),
      ['user', 'assistant', 'user', 'assistant', 'user'],
    );
    assertEveryLineParses(file);
    // Arbor's own turn fired the watcher too: its refreshes found nothing new and announced nothing.
    await session.refresh();
    const announced = arborLog().slice(logBefore).split('\n').filter((line) => line.includes(`Session ${session.id}: another program appended`));
    assert.equal(announced.length, 1, announced.join('\n'));
  });

  it('shows an append on another branch in the tree and keeps the position', async () => {
    const { session, file } = await sessionWithOneTurn();
    const leafBefore = session.leafId;
    const firstUser = session.getBranch().find((entry) => messageRole(entry) === 'user')!.id;
    const [, sideReply] = appendPiTurn(file, firstUser, 'A side question', 'A side answer');
    await until('the side branch to be in host.session', () => session.getEntry(sideReply) !== undefined);
    assert.equal(session.leafId, leafBefore);
    assert.equal(session.tree.childrenOf(firstUser).length, 2);
  });

  it('follows a file another program saved anew (renamed over it with the same entries and one more), reading the new entry in', async () => {
    const { session, file } = await sessionWithOneTurn();
    const known = session.entries.map((entry) => entry.id);
    const extra = msg(newId(), session.leafId, user('Written into a rewritten file'));
    const replacement = `${file}.rewrite`;
    fs.writeFileSync(replacement, fs.readFileSync(file, 'utf8') + serializeLine(extra));
    fs.renameSync(replacement, file);
    await until('the rewritten file\'s new entry to be in host.session', () => session.getEntry(extra.id) !== undefined);
    assert.deepEqual(session.entries.map((entry) => entry.id), [...known, extra.id]);
    assert.doesNotMatch(arborLog(), /was replaced, shortened or rewritten/);
  });

  it('writes nothing into another file put in its place, keeps the message in the session, and writes it once the file is back', async () => {
    const { session, file } = await sessionWithOneTurn();
    const stranger = serializeLine({ type: 'session', version: 3, id: 'stranger', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/elsewhere' });
    fs.renameSync(file, `${file}.away`);
    fs.writeFileSync(file, stranger);
    await assert.rejects(send(agent.host(), 'A question while the file is elsewhere'), /^PromptError: The session file was replaced or shortened by another program \(Arbor writes nothing into it\)\. What was not saved stays in this window/);
    const waiting = session.entries.find((entry) => messageRole(entry) === 'user' && JSON.stringify(entry).includes('A question while the file is elsewhere'));
    assert.ok(waiting, 'the message is in the session');
    assert.equal(fs.readFileSync(file, 'utf8'), stranger, 'the other file is untouched');
    assert.equal(session.saveState.saved, false);
    await waitForLog(new RegExp(`Session ${session.id}: \\d+ entr(y waits|ies wait) to be written \\(replaced\\)`));
    fs.renameSync(`${file}.away`, file);
    await session.retrySave();
    assertEveryLineParses(file);
    assert.ok(entriesOnDisk(file).some((entry) => entry.id === waiting.id), 'the message is in the file');
    assert.deepEqual(session.saveState, { saved: true });
    await waitForLog(new RegExp(`Session ${session.id}: the entries that waited are written`));
  });

  it('two writers appending 200 lines alternately never interleave, and each reads the other\'s in', async () => {
    const { session, file } = await sessionWithOneTurn();
    const other = (await openSessionFile(file)).session;
    const ours: string[] = [];
    const theirs: string[] = [];
    for (let i = 0; i < 100; i++) {
      // Both at once: the two appends race for the file.
      const [a, b] = await Promise.all([session.appendCustomEntry('arbor.test.ours', { i }), other.appendCustomEntry('arbor.test.theirs', { i })]);
      ours.push(a);
      theirs.push(b);
    }
    await Promise.all([session.flush(), other.flush()]);
    const lines = assertEveryLineParses(file);
    const written = new Set(lines.map((line) => (JSON.parse(line) as { id?: string }).id));
    for (const id of [...ours, ...theirs]) assert.ok(written.has(id), `entry ${id} is missing from the file`);
    await until('every line of the other writer in host.session', () => theirs.every((id) => session.getEntry(id) !== undefined));
    await other.refresh();
    assert.ok(ours.every((id) => other.getEntry(id) !== undefined), 'the second writer did not read ours in');
  });
});
