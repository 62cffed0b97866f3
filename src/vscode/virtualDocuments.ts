// Read-only documents Arbor makes up (a report, the next request): their texts by URI, served to
// VS Code under a scheme of Arbor's own. Setting a text again updates an editor that shows it.
import * as vscode from 'vscode';

export class VirtualDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
