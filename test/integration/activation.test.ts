// Arbor activates in a real extension host, and its manifest and its registrations agree.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { arbor, arborTesting, own, until, waitForLog, workspaceFile } from './support';

interface Manifest {
  contributes: { commands: { command: string }[]; views: Record<string, { id: string }[]> };
}

describe('Activation', () => {
  it('activates without errors in its log', async () => {
    // `activate` rejects, and isActive stays false, when Arbor's activation throws (extension.ts rethrows).
    const extension = await arbor();
    assert.equal(extension.isActive, true);
    const version = String((extension.packageJSON as { version: string }).version);
    const log = await waitForLog(/Arbor \S+ activated/);
    assert.match(log, new RegExp(`Arbor ${version.replace(/\./g, '\\.')} activated`));
    assert.doesNotMatch(log, /\[error\]/);
  });

  it('registers every command the manifest contributes, and contributes every arbor.* command it registers', async () => {
    const extension = await arbor();
    const manifest = extension.packageJSON as Manifest;
    const contributed = manifest.contributes.commands.map((command) => command.command).sort();
    // VS Code itself adds `<viewId>.focus`, `.open`, ... for every contributed view: not ours to list.
    const viewIds = Object.values(manifest.contributes.views).flat().map((view) => view.id);
    const generatedByVsCode = (id: string) => viewIds.some((viewId) => id.startsWith(`${viewId}.`));
    // A contributed id under a view's prefix (`arbor.sessions.open`) is ours all the same.
    const ours = (id: string) => contributed.includes(id) || !generatedByVsCode(id);
    const registered = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('arbor.') && ours(id)).sort();
    assert.deepEqual(registered, contributed);
  });

  it('opens the Arbor container with its Chat and Session Tree views, and the Session Tree on screen asks for its rows', async () => {
    const tree = (await arborTesting()).sessionTree;
    // Each rejects when its container or view is not there.
    await vscode.commands.executeCommand('workbench.view.extension.arbor');
    await vscode.commands.executeCommand('arbor.chat.focus');
    await vscode.commands.executeCommand('arbor.sessionTree.focus');
    tree.childrenAsked.clear();
    assert.equal(await vscode.commands.executeCommand('arbor.openSession', await own(workspaceFile('sessions/synthetic-branched.jsonl'))), true);
    // VS Code asks a tree view's data for rows only while the view is on screen. (The chat's webview is seen in the e2e suite.)
    await until('VS Code to ask the Session Tree for the session\'s top level', () => tree.childrenAsked.get(null));
    await vscode.commands.executeCommand('arbor.newSession');
  });
});
