import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { createSessionFile, forkSession, inMemorySession, loadSessionFile, openSessionFile } from '../../../src/core/session';
import { appendTurns, assistant, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

const userTexts = (messages: readonly { role: string; content?: unknown }[]): string[] =>
  messages.map((m) => `${m.role}:${JSON.stringify(m.content)}`);

describe('forks', () => {
  const tmp = useTempDir();

  it('forks at the only user message into an empty session that exists on disk with parentSession (M124, ours)', async () => {
    const source = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const u1 = await source.appendMessage(user('First message'));
    await source.appendMessage(assistant('reply'));
    const { session, selectedText } = await forkSession(source, u1, { dir: tmp(), position: 'before' });
    assert.equal(selectedText, 'First message');
    assert.equal(session.entries.length, 0);
    assert.equal(session.header.parentSession, source.file);
    assert.ok(existsSync(session.file!));
    assert.equal(JSON.parse(readFileSync(session.file!, 'utf8').trim()).id, session.id);
  });

  it('forks in the middle to the path before the chosen user message (M125)', async () => {
    const source = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const ids = await appendTurns(source, 3);
    const { session, selectedText } = await forkSession(source, ids[2]!, { dir: tmp(), position: 'before' });
    assert.equal(selectedText, 'q2');
    assert.deepEqual(session.buildContext().messages.map((m) => m.role), ['user', 'assistant']);
    assert.deepEqual(session.entries.map((e) => e.id), ids.slice(0, 2));
    const reopened = await openSessionFile(session.file!);
    assert.equal(reopened.session.leafId, ids[1]);
  });

  it('forks an in-memory session in memory (M126, M127)', async () => {
    const source = inMemorySession('/p');
    const ids = await appendTurns(source, 2);
    const atFirst = await forkSession(source, ids[0]!, { dir: tmp(), position: 'before' });
    assert.equal(atFirst.session.file, undefined);
    assert.deepEqual(atFirst.session.buildContext().messages, []);
    await source.branch(ids[1]!);
    const side = await source.appendMessage(user('side'));
    const clone = await forkSession(source, side, { position: 'at' });
    assert.deepEqual(clone.session.entries.map((e) => e.id), [ids[0], ids[1], side]);
    await assert.rejects(forkSession(source, 'nope', { position: 'at' }), /Entry nope not found/);
  });

  it('writes a fork with an assistant at once with exactly one header, and keeps it so after more appends (M128)', async () => {
    const source = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const ids = await appendTurns(source, 2);
    const { session } = await forkSession(source, ids[3]!, { dir: tmp(), position: 'at' });
    await session.appendCustomEntry('x');
    await session.appendMessage(assistant('more'));
    const lines = readFileSync(session.file!, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; id: string });
    assert.equal(lines.filter((l) => l.type === 'session').length, 1);
    assert.equal(new Set(lines.map((l) => l.id)).size, lines.length);
  });

  it('re-creates the labels of copied entries, with their original times, and no others (M129)', async () => {
    const source = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const [m1, m2, m3] = await appendTurns(source, 2);
    await source.appendLabel(m1!, 'one');
    await source.appendLabel(m2!, 'two');
    await source.appendLabel(m3!, 'three');
    const { session } = await forkSession(source, m2!, { dir: tmp(), position: 'at' });
    const labels = session.entries.filter((e) => e.type === 'label');
    assert.deepEqual(labels.map((l) => [l.targetId, l.label]), [[m1, 'one'], [m2, 'two']]);
    assert.deepEqual(labels.map((l) => l.timestamp), [source.getLabel(m1!)!.timestamp, source.getLabel(m2!)!.timestamp]);
    assert.equal(session.getLabel(m1!)?.label, 'one');
  });

  it('keeps a path unbroken when a label entry sat in its middle, as pi 1.6 does', async () => {
    const source = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const [u1, a1] = await appendTurns(source, 1);
    await source.appendLabel(u1!, 'mark');
    const u2 = await source.appendMessage(user('q2'));
    const { session } = await forkSession(source, u2, { dir: tmp(), position: 'at' });
    const loaded = await loadSessionFile(session.file!);
    assert.deepEqual(loaded.report.problems.orphans, []);
    assert.equal(loaded.tree.get(u2)!.parentId, a1);
    const { SessionManager } = await loadPi();
    assert.deepEqual(userTexts(SessionManager.open(session.file!).buildSessionContext().messages), userTexts(session.buildContext().messages));
  });

  it("keeps from the next copied entry when a compaction's first kept entry was a label left out, as pi 1.6's fork does", async () => {
    const source = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const [, a1] = await appendTurns(source, 1);
    const label = await source.appendLabel(a1!, 'mark');
    const u2 = await source.appendMessage(user('q2'));
    await source.appendMessage(assistant('a2'));
    const compaction = await source.appendCompaction({ summary: 'the first turn', firstKeptEntryId: label, tokensBefore: 10 });
    const u3 = await source.appendMessage(user('q3'));
    const { session } = await forkSession(source, u3, { dir: tmp(), position: 'at' });
    const forked = session.getEntry(compaction) as { firstKeptEntryId: string };
    assert.equal(forked.firstKeptEntryId, u2);
    const pi = await loadPi();
    const piFork = pi.SessionManager.open(source.file!);
    const piFile = piFork.createBranchedSession(u3)!;
    const piCompaction = pi.SessionManager.open(piFile).getEntry(compaction) as unknown as { firstKeptEntryId: string };
    assert.equal(forked.firstKeptEntryId, piCompaction.firstKeptEntryId);
    assert.deepEqual(userTexts(session.buildContext().messages), userTexts(pi.SessionManager.open(piFile).buildSessionContext().messages));
    assert.deepEqual(userTexts(session.buildContext().messages), userTexts(source.buildContext(u3).messages));
  });

  it('keeps its id and parentSession when forking at the first user message after settings entries (M132, ours)', async () => {
    const source = await createSessionFile({ dir: tmp(), cwd: '/p' });
    await source.appendThinkingLevelChange('off');
    const u1 = await source.appendMessage(user('hello'));
    const { session } = await forkSession(source, u1, { dir: tmp(), position: 'before' });
    const reopened = (await openSessionFile(session.file!)).session;
    assert.equal(reopened.id, session.id);
    assert.equal(reopened.header.parentSession, source.file);
    assert.deepEqual(reopened.entries.map((e) => e.type), ['thinking_level_change']);
  });

  it('refuses to fork "before" something that is not a user message', async () => {
    const source = inMemorySession('/p');
    const [, a1] = await appendTurns(source, 1);
    await assert.rejects(forkSession(source, a1!, { position: 'before' }), /is not a user message/);
  });
});

describe('forks across projects and the fork list', () => {
  const tmp = useTempDir();

  it('copies every entry of another project\'s session into a new one (M130)', async () => {
    const { forkFromFile } = await import('../../../src/core/session');
    const source = await createSessionFile({ dir: tmp(), cwd: '/a' });
    const [, a1] = await appendTurns(source, 2);
    await source.branch(a1!);
    await source.appendMessage(user('side'));
    const copy = await forkFromFile(source.file!, { cwd: '/b', dir: tmp() });
    assert.deepEqual([copy.header.cwd, copy.header.parentSession], ['/b', source.file]);
    assert.deepEqual(copy.entries.map((e) => e.id), source.entries.map((e) => e.id));
    assert.deepEqual((await loadSessionFile(copy.file!)).tree.entries.map((e) => e.id), source.entries.map((e) => e.id));
  });

  it('migrates a v1 source before copying it (O145, ours)', async () => {
    const { forkFromFile } = await import('../../../src/core/session');
    const { fixturePath } = await import('../../support/fixtures');
    const copy = await forkFromFile(fixturePath('legacy-v1.jsonl'), { cwd: '/b', dir: tmp() });
    const loaded = await loadSessionFile(copy.file!);
    assert.equal(loaded.report.migratedFrom, undefined);
    assert.equal(loaded.tree.size, 9);
    assert.deepEqual(loaded.report.problems, { orphans: [], cycles: [], duplicateIds: [] });
  });

  it('lists every user message with text across branches in file order (M131)', async () => {
    const { userMessagesForForking } = await import('../../../src/core/session');
    const source = inMemorySession('/p');
    const [u1, a1] = await appendTurns(source, 1);
    await source.appendMessage(user(''));
    await source.branch(a1!);
    const side = await source.appendMessage(user('side'));
    assert.deepEqual(userMessagesForForking(source.tree), [
      { id: u1, text: 'q1' },
      { id: side, text: 'side' },
    ]);
  });
});
