// A `command:` link (in a notification, a hover, a Markdown preview) runs an Arbor command with
// arguments parsed from JSON. The arguments that would skip a question Arbor asks the user (a key
// to store, a file to write, open or delete) are taken only from Arbor's own callers; from JSON
// they are ignored and the command asks as if it had none (the tests dismiss the question).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { createSessionFile } from '../../src/core/session';
import { assistant, user } from '../support/builders';
import { text } from '../support/fakeAnthropic';
import { send, useAgent } from './agentSupport';
import { escapingQuestions } from './support';

/**
 * Runs a command as a link would (its arguments through JSON), pressing Escape on whatever it
 * asks until it is done; resolves with what it returned.
 */
function runAsLink<T>(command: string, ...args: unknown[]): Promise<T | undefined> {
  return escapingQuestions<T>(command, ...(JSON.parse(JSON.stringify(args)) as unknown[]));
}

describe('Command arguments from a command link', () => {
  const agent = useAgent();

  async function sessionOnDisk(): Promise<string> {
    const session = await createSessionFile({ dir: agent.sessions(), cwd: vscode.workspace.workspaceFolders![0]!.uri.fsPath });
    await session.appendMessage(user('Planted question'));
    await session.appendMessage(assistant('Planted answer.'));
    await session.sync();
    return session.file!;
  }

  it('does not write the file an export link names', async () => {
    agent.server().script(text('Something to export.'));
    await send(agent.host(), 'Export me');
    const target = path.join(agent.sessions(), 'written-by-a-link.md');
    assert.equal(await runAsLink('arbor.exportSession', { format: 'md', file: target }), undefined);
    assert.equal(fs.existsSync(target), false);
  });

  it('does not store the key a link passes', async () => {
    assert.equal(await runAsLink('arbor.setApiKey', 'sk-ant-from-a-link'), false);
    // The fake server takes only the test's key: a prompt still goes through.
    agent.server().script(text('The key is the same.'));
    await send(agent.host(), 'Is the key the same?');
    assert.equal(agent.server().messageRequests().length, 1);
  });

  it('does not open the session file a link names', async () => {
    const file = await sessionOnDisk();
    assert.equal(await runAsLink('arbor.openSession', file), false);
    assert.equal(agent.host().session, undefined);
  });

  it('does not move to the trash, without asking, the session file a delete link names', async () => {
    const file = await sessionOnDisk();
    assert.equal(await runAsLink('arbor.sessions.delete', file, { confirmed: true }), false);
    assert.equal(fs.existsSync(file), true);
  });
});
