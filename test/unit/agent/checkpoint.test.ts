import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { AgentSession, checkpointPathFor, FileCheckpointStore } from '../../../src/core/agent';
import { createSessionFile, openSessionFile, type AssistantMessage } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { hangAfter, replyUsage, ScriptedProvider, text } from './support/scriptedProvider';

function partial(textSoFar: string): AssistantMessage {
  return { role: 'assistant', content: [{ type: 'text', text: textSoFar }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', usage: replyUsage(0, 0), stopReason: 'aborted', timestamp: 5 };
}

describe('reply checkpoints', () => {
  const dir = useTempDir();

  it('saves what streamed beside the session while a reply streams, and removes it once the reply is in the file', async () => {
    const clock = steppingClock();
    const session = await createSessionFile({ dir: dir(), cwd: '/work/project', clock });
    const file = session.file!;
    let waiting!: () => void;
    const streaming = new Promise<void>((resolve) => (waiting = resolve));
    const provider = new ScriptedProvider([hangAfter('Half of my answer', () => waiting())]);
    const agent = await AgentSession.create({ session, provider, settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project', checkpointEveryMs: 5 });
    const run = agent.prompt('question');
    await streaming;
    const sidecar = checkpointPathFor(file);
    while (!existsSync(sidecar)) await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = JSON.parse(readFileSync(sidecar, 'utf8')) as { parentId: string; message: AssistantMessage; sessionId: string };
    assert.equal(saved.sessionId, session.id);
    assert.equal(saved.parentId, session.leafId);
    assert.deepEqual(saved.message.content, [{ type: 'text', text: 'Half of my answer' }]);
    assert.equal(saved.message.stopReason, 'aborted');
    agent.abort();
    await run;
    assert.equal(existsSync(sidecar), false);
  });

  it('appends the checkpointed reply as stopped when the session is opened again at the same position', async () => {
    const clock = steppingClock();
    const first = await createSessionFile({ dir: dir(), cwd: '/work/project', clock });
    const userId = await first.appendMessage({ role: 'user', content: [{ type: 'text', text: 'question' }], timestamp: 1 });
    await first.sync();
    await new FileCheckpointStore(checkpointPathFor(first.file!)).save({ version: 1, sessionId: first.id, parentId: userId, message: partial('Half of my') });

    const { session } = await openSessionFile(first.file!, { clock });
    const provider = new ScriptedProvider([text('full answer')]);
    const agent = await AgentSession.create({ session, provider, settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project' });
    const recovered = session.getBranch().at(-1)!;
    assert.equal(recovered.parentId, userId);
    assert.deepEqual((recovered.message as AssistantMessage).content, [{ type: 'text', text: 'Half of my' }]);
    assert.equal((recovered.message as AssistantMessage).stopReason, 'aborted');
    assert.equal(existsSync(checkpointPathFor(first.file!)), false);
    await agent.prompt('again');
    assert.deepEqual(
      provider.requests[0]!.messages.map((m) => m.role),
      ['user', 'user'],
    );
  });

  it('drops a checkpoint that no longer continues the position, writing nothing', async () => {
    const clock = steppingClock();
    const first = await createSessionFile({ dir: dir(), cwd: '/work/project', clock });
    const userId = await first.appendMessage({ role: 'user', content: [{ type: 'text', text: 'question' }], timestamp: 1 });
    await new FileCheckpointStore(checkpointPathFor(first.file!)).save({ version: 1, sessionId: first.id, parentId: userId, message: partial('stale') });
    await first.appendMessage({ role: 'user', content: [{ type: 'text', text: 'moved on' }], timestamp: 2 });
    await first.sync();
    const { session } = await openSessionFile(first.file!, { clock });
    const before = session.entries.length;
    await AgentSession.create({ session, provider: new ScriptedProvider([]), settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project' });
    assert.equal(session.entries.length, before);
    assert.equal(existsSync(checkpointPathFor(first.file!)), false);
  });
});
