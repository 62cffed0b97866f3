import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { AgentSession, type AgentEvent } from '../../../src/core/agent';
import { createTools } from '../../../src/core/agent/tools/registry';
import { FILES_CUSTOM_TYPE, SessionFilesRecorder, type WorkspaceRecorder } from '../../../src/core/checkpoints';
import { inMemorySession, type SessionEntry } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { call, calls, ScriptedProvider, text } from '../agent/support/scriptedProvider';
import { makePlace, openStore, writeFiles } from './support';

/** The branch as kinds, a checkpoint record as `files:<changed paths>`. */
function kinds(entries: readonly SessionEntry[]): string[] {
  return entries.map((entry) => {
    if (entry.type === 'custom' && entry.customType === FILES_CUSTOM_TYPE) return `files:${((entry.data as { changed: string[] }).changed).join(',')}`;
    return entry.type === 'message' ? (entry.message as { role: string }).role : entry.type;
  });
}

describe('checkpoints in an agent turn', () => {
  const temp = useTempDir();

  it('records each tool call\'s files right after its result, before the next reply, and each record holds only its own call\'s change', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'a0', 'b.txt': 'b0' });
    const store = await openStore(place);
    const clock = steppingClock();
    const session = inMemorySession(place.root, clock);
    const provider = new ScriptedProvider([
      calls([call('write', { path: 'a.txt', content: 'a1' }, 't1'), call('write', { path: 'b.txt', content: 'b1' }, 't2')]),
      calls([call('write', { path: 'a.txt', content: 'a2' }, 't3')]),
      text('Done.'),
    ]);
    const agent = new AgentSession({
      session,
      provider,
      tools: createTools({ only: ['write'] }),
      allowedTools: ['write'],
      settings: { model: 'claude-sonnet-4-5' },
      clock,
      root: place.root,
      delay: async () => undefined,
      workspaceRecorder: new SessionFilesRecorder(session, store),
    });
    await agent.prompt('write them');
    agent.dispose();
    assert.deepEqual(kinds(session.getBranch()), ['model_change', 'files:', 'user', 'assistant', 'toolResult', 'files:a.txt', 'toolResult', 'files:b.txt', 'assistant', 'toolResult', 'files:a.txt', 'assistant']);
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'a2');
  });

  it('records the files changed before a prompt ahead of its user message while the request already carries that message, and tells the reply after it', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'a0' });
    const store = await openStore(place);
    const clock = steppingClock();
    const session = inMemorySession(place.root, clock);
    const provider = new ScriptedProvider([text('First.'), text('Second.')]);
    const agent = new AgentSession({ session, provider, tools: [], settings: { model: 'claude-sonnet-4-5' }, clock, root: place.root, delay: async () => undefined, workspaceRecorder: new SessionFilesRecorder(session, store) });
    const events: string[] = [];
    agent.onEvent((event: AgentEvent) => {
      if (event.type === 'entry_appended') events.push(`entry:${kinds([event.entry])[0]}`);
      else if (event.type === 'text_delta' || event.type === 'reply_end') events.push(event.type);
    });
    await agent.prompt('one');
    writeFiles(place.root, { 'a.txt': 'changed by you', 'new.txt': 'n' });
    await agent.prompt('two');
    agent.dispose();
    assert.deepEqual(kinds(session.getBranch()), ['model_change', 'files:', 'user', 'assistant', 'files:a.txt,new.txt', 'user', 'assistant']);
    assert.deepEqual(
      provider.requests.map((request) => request.messages.map((message) => message.role)),
      [['user'], ['user', 'assistant', 'user']],
    );
    assert.deepEqual(events, ['entry:model_change', 'entry:files:', 'entry:user', 'text_delta', 'entry:assistant', 'reply_end', 'entry:files:a.txt,new.txt', 'entry:user', 'text_delta', 'entry:assistant', 'reply_end']);
  });

  it('sends the first request while the files before the prompt are still being recorded, and tells nothing of the reply until its user message is saved', async () => {
    const place = makePlace(temp());
    writeFiles(place.root, { 'a.txt': 'a0' });
    const store = await openStore(place);
    const clock = steppingClock();
    const session = inMemorySession(place.root, clock);
    const provider = new ScriptedProvider([text('Hello.')]);
    const recorder = new SessionFilesRecorder(session, store);
    let letRecord = (): void => undefined;
    const recordingHeld = new Promise<void>((resolve) => (letRecord = resolve));
    const held: WorkspaceRecorder = {
      turnStarted: async () => {
        await recordingHeld;
        await recorder.turnStarted();
      },
      toolFinished: (call) => recorder.toolFinished(call),
      turnEnded: () => recorder.turnEnded(),
    };
    const agent = new AgentSession({ session, provider, tools: [], settings: { model: 'claude-sonnet-4-5' }, clock, root: place.root, delay: async () => undefined, workspaceRecorder: held });
    const events: string[] = [];
    agent.onEvent((event: AgentEvent) => {
      if (event.type === 'entry_appended') events.push(`entry:${kinds([event.entry])[0]}`);
      else if (event.type === 'reply_start' || event.type === 'text_delta' || event.type === 'reply_end') events.push(event.type);
    });
    const prompting = agent.prompt('hi');
    for (let turn = 0; turn < 200 && provider.requests.length === 0; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(provider.requests.map((request) => request.messages.map((message) => message.role)), [['user']]);
    assert.deepEqual(kinds(session.getBranch()), ['model_change']);
    assert.deepEqual(events, ['entry:model_change']);
    letRecord();
    await prompting;
    agent.dispose();
    assert.deepEqual(kinds(session.getBranch()), ['model_change', 'files:', 'user', 'assistant']);
    assert.deepEqual(events, ['entry:model_change', 'entry:files:', 'entry:user', 'reply_start', 'text_delta', 'entry:assistant', 'reply_end']);
  });
});
