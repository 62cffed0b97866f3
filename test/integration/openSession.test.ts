// "Arbor: Open Session…" opens a session file through the engine and makes it the current session;
// a path that is not a session is refused in plain words and changes nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { arbor, own, waitForLog, workspaceFile } from './support';

const FIXTURE = 'sessions/synthetic-branched.jsonl';

describe('Open Session', () => {
  before(async () => {
    await arbor();
  });

  it('opens the fixture session given as a path', async () => {
    const opened = await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(workspaceFile(FIXTURE)));
    assert.equal(opened, true);
    // 29 entries; the file's one malformed line is reported, not dropped from the file.
    const log = await waitForLog(/Opened session 0194a000-0000-7000-8000-000000000001 \(29 entries\)/);
    assert.match(log, /Opened session 0194a000-0000-7000-8000-000000000001 \(29 entries\)/);
    assert.match(log, /1 unreadable line\(s\) kept in the file but not shown \(line 16\)/);
  });

  it('opens the fixture session given as a Uri', async () => {
    const opened = await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(vscode.Uri.file(workspaceFile(FIXTURE))));
    assert.equal(opened, true);
  });

  it('refuses a file that does not exist, without creating it', async () => {
    const missing = workspaceFile('sessions/missing.jsonl');
    const opened = await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(missing));
    assert.equal(opened, false);
    await assert.rejects(async () => vscode.workspace.fs.stat(vscode.Uri.file(missing)));
  });

  it('refuses a file that is not a session and leaves it as it was', async () => {
    const file = workspaceFile('notes/not-a-session.jsonl');
    const before = await vscode.workspace.fs.readFile(vscode.Uri.file(file));
    const opened = await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(file));
    assert.equal(opened, false);
    assert.deepEqual(await vscode.workspace.fs.readFile(vscode.Uri.file(file)), before);
  });
});
