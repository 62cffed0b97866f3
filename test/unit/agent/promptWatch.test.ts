// A prompt's first reply: "answered" once anything comes back; "not answered" when the run ends in
// an error with nothing received, and then the position goes back to before the user message.
import { strict as assert } from 'node:assert';
import { AgentSession, UnansweredPromptError, watchFirstReply } from '../../../src/core/agent';
import { inMemorySession, messageRole } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { failure, ScriptedProvider, text, type Script } from './support/scriptedProvider';

async function setup(scripts: Script[]) {
  const clock = steppingClock();
  const session = inMemorySession('/work/project', clock);
  await session.appendMessage({ role: 'user', content: [{ type: 'text', text: 'earlier' }], timestamp: 1 });
  const agent = new AgentSession({ session, provider: new ScriptedProvider(scripts), settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project' });
  return { session, agent };
}

describe('the first reply to a prompt', () => {
  it('resolves once the reply begins, and leaves the position at the reply', async () => {
    const { session, agent } = await setup([text('Hello.')]);
    const answered = watchFirstReply(agent);
    await agent.prompt('hi');
    await answered;
    assert.equal(messageRole(session.getEntry(session.leafId!)!), 'assistant');
  });

  it('rejects with the reason when nothing came back, with the position back before the prompt, which stays on a branch of its own', async () => {
    const { session, agent } = await setup([failure('auth', 'The API key was refused (401 authentication_error): invalid x-api-key'), text('Now it works.')]);
    const answered = watchFirstReply(agent);
    await agent.prompt('hi');
    const error = await answered.then(
      () => assert.fail('the prompt got no reply'),
      (rejected: unknown) => rejected,
    );
    assert.ok(error instanceof UnansweredPromptError);
    assert.equal(error.reason, 'auth');
    assert.equal(error.detail, 'The API key was refused (401 authentication_error): invalid x-api-key');
    const failed = session.entries.filter((entry) => messageRole(entry) === 'user').at(-1)!;
    assert.equal(session.leafId, failed.parentId);
    // Sent again, the prompt is a sibling of the failed one, not its continuation.
    await agent.prompt('hi');
    const retried = session.getEntry(session.getEntry(session.leafId!)!.parentId!)!;
    assert.equal(retried.parentId, failed.parentId);
    assert.notEqual(retried.id, failed.id);
  });
});
