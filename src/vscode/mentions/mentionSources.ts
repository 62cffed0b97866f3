/**
 * What the chat's mentions read in VS Code: the workspace's files (the first folder, as the tools),
 * the diagnostics of the Problems view, the active editor's selection, and the active terminal's
 * selection. VS Code gives extensions no stable way to read a terminal's output; its selection is
 * read where the running VS Code offers it (`Terminal.selection`, newer than the 1.90 API Arbor
 * is built against, so it is looked up rather than typed), else the mention says so.
 */
import * as vscode from 'vscode';
import { diskFiles, type EditorSelection, type MentionSources, type Problem, type ProblemSeverity, type TerminalText } from '../../core/mentions';

export function editorMentionSources(): MentionSources {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return {
    ...(root !== undefined ? { files: diskFiles(root) } : {}),
    problems: async () => problems(),
    selection: async () => selection(),
    terminal: async () => terminalSelection(),
  };
}

const SEVERITIES: Record<vscode.DiagnosticSeverity, ProblemSeverity> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

function problems(): Problem[] {
  return vscode.languages.getDiagnostics().flatMap(([uri, diagnostics]) =>
    diagnostics.map((diagnostic) => ({
      path: shownPath(uri),
      line: diagnostic.range.start.line + 1,
      column: diagnostic.range.start.character + 1,
      severity: SEVERITIES[diagnostic.severity],
      message: diagnostic.message,
    })),
  );
}

function selection(): EditorSelection | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) return undefined;
  const { start, end } = editor.selection;
  // A selection that ends at the start of a line does not take that line.
  const last = end.character === 0 && end.line > start.line ? end.line : end.line + 1;
  return { path: shownPath(editor.document.uri), range: { first: start.line + 1, last }, text: editor.document.getText(editor.selection) };
}

function terminalSelection(): TerminalText | undefined {
  const terminal = vscode.window.activeTerminal;
  const selected = (terminal as { readonly selection?: unknown } | undefined)?.selection;
  return terminal && typeof selected === 'string' && selected !== '' ? { name: terminal.name, text: selected } : undefined;
}

/** Workspace-relative for a file of the workspace, else the full path (an untitled editor: its title). */
function shownPath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, false);
}
