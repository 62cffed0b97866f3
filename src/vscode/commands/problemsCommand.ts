// "Show Session Problems" (the chat's "Show problems" button): what `arbor check` reports of the
// current session's file, read from the file again, in a read-only document. The document is
// virtual (its own scheme): nothing to save, nothing written, and the session file is only read.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkText, loadSessionFile } from '../../core/session';
import { plainText } from '../../core/util/plainText';
import type { CommandDeps } from './deps';
import { showFailure } from './notify';
import { VirtualDocuments } from '../virtualDocuments';
import type { SomeCommands } from './table';

const SCHEME = 'arbor-check';

export function problemsCommand(deps: CommandDeps) {
  const reports = new VirtualDocuments();
  return {
    commands: { showSessionProblems: () => showProblems(deps, reports) } satisfies SomeCommands,
    disposables: [reports, vscode.workspace.registerTextDocumentContentProvider(SCHEME, reports)],
  };
}

async function showProblems(deps: CommandDeps, reports: VirtualDocuments): Promise<void> {
  const file = deps.current.session?.file;
  if (!file) {
    void vscode.window.showInformationMessage('No session file is open: open a session first.');
    return;
  }
  let text: string;
  try {
    text = checkText(await loadSessionFile(file));
  } catch (error) {
    showFailure(deps.log, 'Checking the session file', error, `Checking ${file}`);
    return;
  }
  // Named after the session file (its name is a stranger's: plain text, no path separators).
  const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${plainText(path.basename(file), 120)} (arbor check).txt` });
  reports.set(uri, text);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: true });
}
