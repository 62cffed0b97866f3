// The contract other tools rely on: `arbor.addSelectionToChat` exists and puts a mention of the
// selection's file and lines into the chat's input (it resolves with what it put there); a file
// outside the workspace or an untitled editor puts nothing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { arbor, workspaceFile } from './support';

describe('Add Selection to Chat', () => {
  before(async () => {
    await arbor();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('is a registered command', async () => {
    assert.ok((await vscode.commands.getCommands(true)).includes('arbor.addSelectionToChat'));
  });

  it('puts @path#Lx-y for the selected lines, the path relative to the workspace', async () => {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(workspaceFile('notes/not-a-session.jsonl')));
    editor.selection = new vscode.Selection(1, 2, 2, 4);
    assert.equal(await vscode.commands.executeCommand('arbor.addSelectionToChat'), '@notes/not-a-session.jsonl#L2-3');
  });

  it('puts @path#Lx for the caret line when nothing is selected', async () => {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(workspaceFile('notes/not-a-session.jsonl')));
    editor.selection = new vscode.Selection(0, 3, 0, 3);
    assert.equal(await vscode.commands.executeCommand('arbor.addSelectionToChat'), '@notes/not-a-session.jsonl#L1');
  });

  it('puts nothing for an untitled editor or a file outside the workspace', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'scratch\ntext\n' }));
    assert.equal(await vscode.commands.executeCommand('arbor.addSelectionToChat'), undefined);
    // Untitled with text: closed without the save question.
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-outside-')), 'elsewhere.txt');
    fs.writeFileSync(outside, 'one\ntwo\n');
    await vscode.window.showTextDocument(vscode.Uri.file(outside));
    assert.equal(await vscode.commands.executeCommand('arbor.addSelectionToChat'), undefined);
    fs.rmSync(path.dirname(outside), { recursive: true, force: true });
  });
});
