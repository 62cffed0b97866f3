// Workspace checkpoints in the real extension host, real git and real files: the agent's write
// and bash record the files, and moving in the tree restores them (arbor.checkpoints.restore
// "always" answers the files question; the question itself is a quick pick), back and forth.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { messageRole, type SessionEntry } from '../../src/core/session';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { branchMessages, configure, entriesOnDisk, nextEvent, send, useAgent } from './agentSupport';
import { own, workspaceFile } from './support';

describe('Workspace checkpoints on moves', () => {
  const agent = useAgent();
  const name = `checkpoint-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`;
  const file = (): string => workspaceFile(name);
  const read = (): string | undefined => (fs.existsSync(file()) ? fs.readFileSync(file(), 'utf8') : undefined);

  beforeEach(async () => {
    await configure({ 'tools.autoApprove': ['write', 'edit', 'bash'], branchSummary: 'never', 'checkpoints.restore': 'always' });
  });
  afterEach(() => fs.rmSync(file(), { force: true }));

  /** Two turns whose write makes the file "one", then "two"; resolves with the first turn's reply and tool result. */
  async function writeOneThenTwo(): Promise<{ wroteOne: SessionEntry; resultOne: SessionEntry }> {
    agent.server().script(reply(toolUse('write', { path: name, content: 'one\n' })), text('Wrote one.'), reply(toolUse('write', { path: name, content: 'two\n' })), text('Wrote two.'));
    await send(agent.host(), 'write one');
    const messages = branchMessages(agent.host());
    const wroteOne = messages.find((entry) => JSON.stringify(entry).includes('Wrote one.'))!;
    const resultOne = messages.find((entry) => JSON.stringify(entry).includes('"role":"toolResult"'))!;
    await send(agent.host(), 'write two');
    return { wroteOne, resultOne };
  }

  it('restores the files of each branch when moving between two branches that changed the same file (by write and by bash), forward and back', async () => {
    agent.server().script(reply(toolUse('write', { path: name, content: 'one\n' })), text('Wrote one.'));
    await send(agent.host(), 'write one');
    const wroteOne = branchMessages(agent.host()).find((entry) => JSON.stringify(entry).includes('Wrote one.'))!;
    assert.equal(read(), 'one\n');

    agent.server().script(reply(toolUse('bash', { command: `printf 'two\\n' > ${name}` })), text('Wrote two.'));
    await send(agent.host(), 'write two');
    const leafTwo = agent.host().session!.leafId!;
    assert.equal(read(), 'two\n');

    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', wroteOne.id), 'moved');
    assert.equal(read(), 'one\n', 'back at the first reply: its files');

    agent.server().script(reply(toolUse('write', { path: name, content: 'three\n' })), text('Wrote three.'));
    await send(agent.host(), 'write three');
    const leafThree = agent.host().session!.leafId!;
    assert.equal(read(), 'three\n');

    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', leafTwo), 'moved');
    assert.equal(read(), 'two\n', 'the bash branch');
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', leafThree), 'moved');
    assert.equal(read(), 'three\n', 'the write branch');

    const firstQuestion = agent.host().session!.getBranch().find((entry) => JSON.stringify(entry).includes('write one'))!;
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', firstQuestion.id), 'moved');
    assert.equal(read(), undefined, 'Edit & branch on the first message: the file the session created is gone');
  });

  it('holds a prompt sent as the conversation moves until the files are restored and recorded, then sends it from there', async () => {
    const { wroteOne } = await writeOneThenTwo();
    const session = agent.host().session!;

    // Sent the moment the position moves: the files are not restored yet.
    agent.server().script(text('Answered after the restore.'));
    const ended = nextEvent(agent.host(), 'run_end');
    let sending: Promise<void> | undefined;
    const subscription = session.onDidChange((change) => {
      if (change.kind === 'move') sending ??= agent.host().prompt('sent while moving');
    });
    try {
      assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', wroteOne.id), 'moved');
    } finally {
      subscription.dispose();
    }
    assert.ok(sending, 'the move was not seen');
    await sending;
    await ended;
    assert.equal(read(), 'one\n');
    const entries = entriesOnDisk(session.file!);
    const restore = entries.find((entry) => entry.type === 'custom' && entry.customType === 'arbor.files' && (entry.data as { cause?: string }).cause === 'restore')!;
    const prompt = entries.find((entry) => messageRole(entry) === 'user' && JSON.stringify(entry).includes('sent while moving'))!;
    assert.equal(prompt.parentId, restore.id, 'the prompt comes after the restore\'s record, on the branch moved to');
  });

  it('moves the conversation only under "never"', async () => {
    await configure({ 'checkpoints.restore': 'never' });
    const { wroteOne } = await writeOneThenTwo();
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', wroteOne.id), 'moved');
    assert.equal(read(), 'two\n');
  });

  it('keeps the states of its path in a fork into a new session: moves in the fork restore the same files', async () => {
    const { resultOne } = await writeOneThenTwo();
    const source = agent.host().session!.file!;
    assert.equal(read(), 'two\n');
    // Back at the first write in the source, then forked there: the files on disk are the fork's own
    // (a fork made while they are another step's sees them as changed outside, and leaves them alone).
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', resultOne.id), 'moved');
    assert.equal(read(), 'one\n');

    const forked = await vscode.commands.executeCommand<string>('arbor.tree.forkIntoNewSession', resultOne.id);
    assert.notEqual(forked, source);
    const fork = agent.host().session!;
    assert.equal(fork.file, forked);
    assert.equal(read(), 'one\n', 'forking changes no file');
    const firstQuestion = fork.getBranch().find((entry) => JSON.stringify(entry).includes('write one'))!;
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', firstQuestion.id), 'moved');
    assert.equal(read(), undefined, 'before the fork\'s first message: the file did not exist yet');
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', resultOne.id), 'moved');
    assert.equal(read(), 'one\n', 'the forked step: its files, carried into the fork');
  });

  it('restores the files of an earlier step forked into a new session, records the restore in the fork, and leaves the source as it was', async () => {
    const { resultOne } = await writeOneThenTwo();
    const source = agent.host().session!.file!;
    const sourceText = fs.readFileSync(source, 'utf8');
    assert.equal(read(), 'two\n');

    // Forked at the first write while the files are the second's: the files question ("always" here) restores them.
    const forked = await vscode.commands.executeCommand<string>('arbor.tree.forkIntoNewSession', resultOne.id);
    assert.equal(agent.host().session!.file, forked);
    assert.equal(read(), 'one\n', 'the fork starts with the files of the step it was forked at');
    const causes = entriesOnDisk(forked)
      .filter((entry) => entry.type === 'custom' && entry.customType === 'arbor.files')
      .map((entry) => (entry.type === 'custom' ? (entry.data as { cause?: string }).cause : undefined));
    assert.deepEqual(causes, ['start', 'tool', 'restore'], 'the restore is recorded in the fork, after the states it carried');
    assert.equal(fs.readFileSync(source, 'utf8'), sourceText, 'the source session is not written to');

    // The second write's files are kept in the restore's undo snapshot: back in the source, its position restores them.
    assert.equal(await vscode.commands.executeCommand('arbor.openSession', await own(source)), true);
    const leafTwo = agent.host().session!.leafId!;
    const firstQuestion = agent.host().session!.getBranch().find((entry) => JSON.stringify(entry).includes('write one'))!;
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', firstQuestion.id), 'moved');
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', leafTwo), 'moved');
    assert.equal(read(), 'two\n');
  });
});
