import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AgentSession, checkpointFileFor, FileCheckpointStore } from '../../../src/core/agent';
import { createSessionFile, openSessionFile, type AssistantMessage, type DiskFaults, type Session } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { faultyDisk } from '../../support/faultyDisk';
import { hangAfter, replyUsage, ScriptedProvider, text } from './support/scriptedProvider';

function partial(textSoFar: string): AssistantMessage {
  return { role: 'assistant', content: [{ type: 'text', text: textSoFar }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', usage: replyUsage(0, 0), stopReason: 'aborted', timestamp: 5 };
}

describe('reply checkpoints', () => {
  const dir = useTempDir();
  /** Arbor's own checkpoint folder (the extension's storage), apart from the sessions. */
  const folder = (): string => path.join(dir(), 'storage', 'checkpoints');
  const storeFor = (session: Session): FileCheckpointStore => new FileCheckpointStore(checkpointFileFor(folder(), { file: session.file!, id: session.id }));

  it('saves what streamed in its own folder while a reply streams, readable by the user only, and removes it once the reply is in the file', async () => {
    const clock = steppingClock();
    const sessions = path.join(dir(), 'sessions');
    const session = await createSessionFile({ dir: sessions, cwd: '/work/project', clock });
    let waiting!: () => void;
    const streaming = new Promise<void>((resolve) => (waiting = resolve));
    const provider = new ScriptedProvider([hangAfter('Half of my answer', () => waiting())]);
    const agent = await AgentSession.create({ session, provider, settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', checkpointEveryMs: 5, checkpointFolder: folder() });
    const run = agent.prompt('question');
    await streaming;
    const checkpoint = checkpointFileFor(folder(), { file: session.file!, id: session.id });
    while (!existsSync(checkpoint)) await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as { parentId: string; message: AssistantMessage; sessionId: string };
    assert.equal(saved.sessionId, session.id);
    assert.equal(saved.parentId, session.leafId);
    assert.deepEqual(saved.message.content, [{ type: 'text', text: 'Half of my answer' }]);
    assert.equal(saved.message.stopReason, 'aborted');
    assert.equal(statSync(checkpoint).mode & 0o777, 0o600);
    assert.equal(statSync(folder()).mode & 0o777, 0o700);
    assert.deepEqual(readdirSync(sessions), [path.basename(session.file!)]);
    agent.abort();
    await run;
    assert.deepEqual(readdirSync(folder()), []);
  });

  it('names the checkpoint by the session\'s path and id, not by anything the session file says', () => {
    const a = checkpointFileFor('/state/checkpoints', { file: '/s/a.jsonl', id: 'id-1' });
    assert.match(a, /^\/state\/checkpoints\/[0-9a-f]{32}\.json$/);
    assert.notEqual(checkpointFileFor('/state/checkpoints', { file: '/s/b.jsonl', id: 'id-1' }), a);
    assert.notEqual(checkpointFileFor('/state/checkpoints', { file: '/s/a.jsonl', id: 'id-2' }), a);
    assert.equal(checkpointFileFor('/state/checkpoints', { file: '/s/../s/a.jsonl', id: 'id-1' }), a);
    assert.equal(checkpointFileFor('/state/checkpoints', { file: '/s/a.jsonl', id: '../../etc/passwd' }).startsWith('/state/checkpoints/'), true);
  });

  it('appends the checkpointed reply as stopped when the session is opened again at the same position', async () => {
    const clock = steppingClock();
    const first = await createSessionFile({ dir: dir(), cwd: '/work/project', clock });
    const userId = await first.appendMessage({ role: 'user', content: [{ type: 'text', text: 'question' }], timestamp: 1 });
    await first.sync();
    await storeFor(first).save({ version: 1, sessionId: first.id, parentId: userId, message: partial('Half of my') });

    const { session } = await openSessionFile(first.file!, { clock });
    const provider = new ScriptedProvider([text('full answer')]);
    const agent = await AgentSession.create({ session, provider, settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', checkpointFolder: folder() });
    const recovered = session.getBranch().at(-1)!;
    assert.equal(recovered.parentId, userId);
    assert.deepEqual((recovered.message as AssistantMessage).content, [{ type: 'text', text: 'Half of my' }]);
    assert.equal((recovered.message as AssistantMessage).stopReason, 'aborted');
    assert.deepEqual(readdirSync(folder()), []);
    await agent.prompt('again');
    assert.deepEqual(
      provider.requests[0]!.messages.map((m) => m.role),
      ['user', 'user'],
    );
  });

  it('keeps a whole reply the full disk refused as a checkpoint, and saves it as it ended at the next open with room', async () => {
    const clock = steppingClock();
    const first = await createSessionFile({ dir: dir(), cwd: '/work/project', clock });
    await first.sync();
    const answer = 'the paid-for answer '.repeat(500);
    // Room for the small lines, none for the 10 KB reply.
    const noRoomForBigLines: DiskFaults = {
      write: (length) => {
        if (length > 5000) throw Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' });
        return length;
      },
      sync: () => undefined,
    };
    const { session } = await openSessionFile(first.file!, { clock, faults: noRoomForBigLines });
    const agent = await AgentSession.create({ session, provider: new ScriptedProvider([text(answer)]), settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', checkpointFolder: folder() });
    const errors: string[] = [];
    agent.onEvent((event) => event.type === 'error' && errors.push(`${event.reason}: ${event.message}`));
    await agent.prompt('tell me');
    assert.deepEqual(errors, ['write-failed: The disk is full (ENOSPC)']);
    const reply = session.getBranch().at(-1)!;
    assert.deepEqual((reply.message as AssistantMessage).content, [{ type: 'text', text: answer }], 'the reply stays in the session');
    const saved = JSON.parse(readFileSync(storeFor(session).file, 'utf8')) as { complete?: boolean; message: AssistantMessage; parentId: string };
    assert.deepEqual({ complete: saved.complete, stopReason: saved.message.stopReason, parentId: saved.parentId }, { complete: true, stopReason: 'stop', parentId: reply.parentId });
    agent.dispose();

    // The window comes back with room: the reply is in the file as it ended, once.
    const { session: reopened } = await openSessionFile(first.file!, { clock });
    await AgentSession.create({ session: reopened, provider: new ScriptedProvider([]), settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', checkpointFolder: folder() });
    const recovered = reopened.getBranch().at(-1)!;
    assert.equal(recovered.parentId, reply.parentId);
    assert.deepEqual((recovered.message as AssistantMessage).content, [{ type: 'text', text: answer }]);
    assert.equal((recovered.message as AssistantMessage).stopReason, 'stop');
    assert.deepEqual(readdirSync(folder()), []);
    const { session: once } = await openSessionFile(first.file!, { clock });
    assert.equal(once.entries.filter((entry) => entry.type === 'message' && (entry.message as AssistantMessage).role === 'assistant').length, 1);
  });

  it('still builds the agent when the recovered reply cannot be written yet: it waits in memory, its checkpoint stays', async () => {
    const clock = steppingClock();
    const first = await createSessionFile({ dir: dir(), cwd: '/work/project', clock });
    const userId = await first.appendMessage({ role: 'user', content: [{ type: 'text', text: 'question' }], timestamp: 1 });
    await first.sync();
    await storeFor(first).save({ version: 1, sessionId: first.id, parentId: userId, message: partial('Half of my') });
    const { session } = await openSessionFile(first.file!, { clock, faults: faultyDisk({ roomBytes: 0 }) });
    await AgentSession.create({ session, provider: new ScriptedProvider([]), settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', checkpointFolder: folder() });
    const state = session.saveState;
    assert.equal(state.saved, false);
    assert.deepEqual(!state.saved && state.waiting.map((entry) => (entry.message as AssistantMessage).content), [[{ type: 'text', text: 'Half of my' }]]);
    assert.equal(existsSync(storeFor(first).file), true);
  });

  it('drops a checkpoint that no longer continues the position, writing nothing', async () => {
    const clock = steppingClock();
    const first = await createSessionFile({ dir: dir(), cwd: '/work/project', clock });
    const userId = await first.appendMessage({ role: 'user', content: [{ type: 'text', text: 'question' }], timestamp: 1 });
    await storeFor(first).save({ version: 1, sessionId: first.id, parentId: userId, message: partial('stale') });
    await first.appendMessage({ role: 'user', content: [{ type: 'text', text: 'moved on' }], timestamp: 2 });
    await first.sync();
    const { session } = await openSessionFile(first.file!, { clock });
    const before = session.entries.length;
    await AgentSession.create({ session, provider: new ScriptedProvider([]), settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', checkpointFolder: folder() });
    assert.equal(session.entries.length, before);
    assert.deepEqual(readdirSync(folder()), []);
  });

  it('ignores, logs and removes a checkpoint in its own folder that is not a reply', async () => {
    const clock = steppingClock();
    const first = await createSessionFile({ dir: dir(), cwd: '/work/project', clock });
    const userId = await first.appendMessage({ role: 'user', content: [{ type: 'text', text: 'question' }], timestamp: 1 });
    await first.sync();
    const store = storeFor(first);
    await store.save({ version: 1, sessionId: first.id, parentId: userId, message: { ...partial('x'), role: 'user' } as unknown as AssistantMessage });
    const bytes = readFileSync(first.file!, 'utf8');
    const warnings: string[] = [];
    const logger = { debug: () => undefined, info: () => undefined, warn: (line: string) => void warnings.push(line), error: () => undefined };
    const { session } = await openSessionFile(first.file!, { clock });
    await AgentSession.create({ session, provider: new ScriptedProvider([]), settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', checkpointFolder: folder(), logger });
    assert.equal(readFileSync(first.file!, 'utf8'), bytes);
    assert.deepEqual(warnings, [`Ignored a reply checkpoint: ${store.file} is not a reply checkpoint: message is not an assistant message`]);
    assert.deepEqual(readdirSync(folder()), []);
  });

  it('tries again to make its folder at the next save when making it failed', async () => {
    const session = await createSessionFile({ dir: dir(), cwd: '/work/project', clock: steppingClock() });
    writeFileSync(path.join(dir(), 'storage'), 'a file where the folder should be');
    const store = storeFor(session);
    const checkpoint = { version: 1 as const, sessionId: session.id, parentId: null, message: partial('first') };
    await assert.rejects(store.save(checkpoint), { code: 'ENOTDIR' });
    rmSync(path.join(dir(), 'storage'));
    await store.save({ ...checkpoint, message: partial('second') });
    assert.deepEqual((await store.load())?.message.content, [{ type: 'text', text: 'second' }]);
  });
});
