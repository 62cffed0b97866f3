// "Show Context" (palette, the meter's tooltip, `/context`): the next request as the provider would
// receive it, with the meter's number taken apart, in a read-only plain-text document (scheme
// `arbor-context`). The agent builds the request once per command, with the code that sends it; the
// document is plain text, so nothing a session or a project file holds becomes markup or a link.
import * as vscode from 'vscode';
import { contextDocument } from '../../core/agent';
import type { CommandDeps } from './deps';
import { showFailure } from './notify';
import { VirtualDocuments } from '../virtualDocuments';
import type { SomeCommands } from './table';

const SCHEME = 'arbor-context';
const PATH = '/Next request (Arbor).txt';

export function showContextCommand(deps: CommandDeps) {
  const documents = new VirtualDocuments();
  return {
    commands: { showContext: () => showContext(deps, documents) } satisfies SomeCommands,
    disposables: [documents, vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents)],
  };
}

async function showContext(deps: CommandDeps, documents: VirtualDocuments): Promise<boolean> {
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
  // Built here, not at load: no VS Code API runs when the bundle is required.
  const uri = vscode.Uri.from({ scheme: SCHEME, path: PATH });
  documents.set(uri, text);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: true });
  return true;
}
