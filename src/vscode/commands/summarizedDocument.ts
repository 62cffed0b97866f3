// "Show what was summarized" on a compaction row: a read-only virtual Markdown document (scheme
// `arbor-summarized`) of the summary and the originals it replaced, built by core; it runs nothing.
import * as vscode from 'vscode';
import { summarizedDocument } from '../../core/recall';
import type { CommandDeps } from './deps';
import { entryIdOf } from './entryArg';
import type { SomeCommands } from './table';

const SCHEME = 'arbor-summarized';

export function summarizedDocumentCommand(deps: CommandDeps) {
  const provider: vscode.TextDocumentContentProvider = {
    provideTextDocumentContent(uri) {
      const session = deps.current.session;
      const id = uri.path.split('/')[1] ?? '';
      return (session && summarizedDocument(session.getBranch(id))) ?? 'That compaction is not in the open session.';
    },
  };
  const commands = {
    treeShowSummarized: async (arg: unknown) => {
      const id = entryIdOf(arg);
      if (!id || deps.current.session?.getEntry(id)?.type !== 'compaction') {
        void vscode.window.showInformationMessage('Choose a compaction to see what it summarized.');
        return false;
      }
      // The tab is named by what it shows; the compaction's id only tells the provider which one.
      const document = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: SCHEME, path: `/${id}/What was summarized.md` }));
      await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
      return true;
    },
  } satisfies SomeCommands;
  return { commands, disposables: [vscode.workspace.registerTextDocumentContentProvider(SCHEME, provider)] };
}
