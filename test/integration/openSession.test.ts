// "Arbor: Open Session…" opens a session file through the engine and makes it the current session;
// a path that is not a session is refused in plain words and changes nothing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { checkText, loadSessionFile } from '../../src/core/session';
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

  it("shows arbor check's report of the open session in a read-only document and leaves the file as it was", async () => {
    const file = workspaceFile(FIXTURE);
    const before = fs.readFileSync(file);
    assert.equal(await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(file)), true);
    await vscode.commands.executeCommand('arbor.showSessionProblems');
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.scheme, 'arbor-check');
    assert.equal(document.getText(), checkText(await loadSessionFile(file)));
    assert.match(document.getText(), /: 2 problems found\nline 16: invalid JSON/);
    assert.equal(document.isDirty, false);
    assert.deepEqual(fs.readFileSync(file), before);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
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
