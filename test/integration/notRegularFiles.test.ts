// A FIFO named like a session in the sessions folder (a stranger's folder can hold one): the
// Sessions view lists the real session beside it and not the FIFO, and says in the log what it
// left out; Open Session on the FIFO is refused at once, in plain words. Nothing waits on it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { createSessionFile, loadSessionFile } from '../../src/core/session';
import { userMessage } from '../../src/vscode/errors';
import { assistant, user } from '../support/builders';
import { useAgent } from './agentSupport';
import { arborTesting, escapeRegExp, own, waitForLog } from './support';

describe('a FIFO named like a session in the sessions folder', function () {
  this.timeout(30000);
  let fifo = '';
  // Before the agent's hook removes the folder: a reader left waiting on the FIFO (a failing run)
  // gets a writer and an end of file, so the extension host is not left stuck.
  afterEach(() => {
    try {
      fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    } catch {
      // ENXIO: nobody is waiting on it.
    }
  });
  const agent = useAgent();

  /** The sessions folder the view lists, with a real session and a FIFO `a.jsonl` in it. */
  async function folderWithFifo(): Promise<{ folder: string; session: string }> {
    const folder = agent.host().sessionsFolder().dir;
    const session = await createSessionFile({ dir: folder, cwd: vscode.workspace.workspaceFolders![0]!.uri.fsPath });
    await session.appendMessage(user('Where do pelicans nest?'));
    await session.appendMessage(assistant('On islands.'));
    await session.sync();
    fifo = path.join(folder, 'a.jsonl');
    execFileSync('mkfifo', [fifo]);
    return { folder, session: session.file! };
  }

  it('the Sessions view lists the real session and not the FIFO, and logs what it left out', async () => {
    const { folder, session } = await folderWithFifo();
    const api = await arborTesting();
    const listed = await api.sessions.getChildren();
    assert.deepEqual(listed.map((summary) => summary.file), [session]);
    const said = `Sessions view: Left out 1 name(s) in ${folder} that are not regular files, without opening them: a.jsonl (a named pipe (FIFO))`;
    const log = await waitForLog(new RegExp(escapeRegExp(said)));
    assert.ok(log.includes(said), 'the view logs the FIFO it left out');
  });

  it('Open Session on the FIFO is refused at once, and the user is told in plain words what it is', async () => {
    await folderWithFifo();
    const opened = await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(fifo));
    assert.equal(opened, false);
    assert.equal(agent.host().session, undefined);
    const log = await waitForLog(new RegExp(`Opening ${escapeRegExp(fifo)} failed: SessionFileError: ${escapeRegExp(fifo)} is not a regular file: it is a named pipe \\(FIFO\\)`));
    assert.match(log, new RegExp(`Opening ${escapeRegExp(fifo)} failed: SessionFileError`));
    // The words the error notification shows (errors.ts), for the same refusal.
    const refusal = await loadSessionFile(fifo).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.equal(userMessage(refusal), 'a.jsonl is a named pipe (FIFO), not a regular file: Arbor opens only regular files as sessions.');
  });
});
