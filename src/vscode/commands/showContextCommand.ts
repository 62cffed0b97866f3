// "Show Context" (palette, the meter's tooltip, `/context`): the next request as the provider would
// receive it, with the meter's number taken apart, in a read-only plain-text document (scheme
// `arbor-context`). The agent builds the request once per command, with the code that sends it; the
// document is plain text, so nothing a session or a project file holds becomes markup or a link.
import * as vscode from 'vscode';
import { contextDocument } from '../../core/agent';
import type { CommandDeps } from './deps';
import { showFailure } from './notify';
import { VirtualDocuments } from '../virtualDocuments';

const SCHEME = 'arbor-context';

export function registerShowContextCommand(deps: CommandDeps): vscode.Disposable[] {
  const documents = new VirtualDocuments();
  // Built here, not at module level: loading the bundle runs no VS Code API.
  const uri = vscode.Uri.from({ scheme: SCHEME, path: '/Next request (Arbor).txt' });
  return [
    documents,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    vscode.commands.registerCommand('arbor.showContext', () => showContext(deps, documents, uri)),
  ];
}

async function showContext(deps: CommandDeps, documents: VirtualDocuments, uri: vscode.Uri): Promise<boolean> {
  let text: string;
  try {
    const report = await deps.host.showContext();
    if (!report) {
      void vscode.window.showInformationMessage('No session is open: open or start a session to see its context.');
      return false;
    }
    text = contextDocument(report);
  } catch (error) {
    showFailure(deps.log, 'Show Context', error);
    return false;
  }
  documents.set(uri, text);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: true });
  return true;
}
