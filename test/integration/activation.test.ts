// Arbor activates in a real extension host, and its manifest and its registrations agree.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ARBOR_ID, arbor } from './support';

interface Manifest {
  contributes: { commands: { command: string }[]; views: Record<string, { id: string }[]> };
}

describe('Activation', () => {
  it('activates without errors', async () => {
    const extension = await arbor();
    assert.equal(extension.isActive, true);
  });

  it('registers every command the manifest contributes, and contributes every arbor.* command it registers', async () => {
    const extension = await arbor();
    const manifest = extension.packageJSON as Manifest;
    const contributed = manifest.contributes.commands.map((command) => command.command).sort();
    // VS Code itself adds `<viewId>.focus`, `.open`, ... for every contributed view: not ours to list.
    const viewIds = Object.values(manifest.contributes.views).flat().map((view) => view.id);
    const generatedByVsCode = (id: string) => viewIds.some((viewId) => id.startsWith(`${viewId}.`));
    const registered = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('arbor.') && !generatedByVsCode(id)).sort();
    assert.deepEqual(registered, contributed);
  });

  it(`is the extension ${ARBOR_ID}`, () => {
    assert.ok(vscode.extensions.getExtension(ARBOR_ID));
  });
});
