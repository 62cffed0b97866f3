// The editor's context for the chat: the workspace-relative path of a file (what a mention names),
// the active editor's file for the chip above the input, and "Add Selection to Chat". Only files
// inside an open workspace folder are mentioned: the send path reads mentions from there.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fileMention, selectionMention } from '../../core/chat/editorContext';
import { plainText } from '../../core/util/plainText';
import { readConfig } from '../config';
import type { SomeCommands } from '../commands/table';

/** Where the chat's input takes text at its caret. */
export interface ChatInputTarget {
  insertIntoInput(text: string): Promise<void>;
}

/** The file's path inside its workspace folder, `/`-separated; undefined when it is in none (or not a file, or has a control character in its name). */
export function workspacePath(uri: vscode.Uri): string | undefined {
  if (uri.scheme !== 'file') return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const relative = path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
  if (relative === '' || relative.startsWith('../') || /[\u0000-\u001f\u007f]/.test(relative)) return undefined;
  return relative;
}

/** The mentions of the files dropped on the input, and why each other drop was refused. */
export function droppedMentions(uris: readonly string[]): { mentions: string[]; refused: string[] } {
  const mentions: string[] = [];
  const refused: string[] = [];
  for (const text of uris) {
    let uri: vscode.Uri | undefined;
    try {
      uri = vscode.Uri.parse(text, true);
    } catch {
      uri = undefined;
    }
    const relative = uri && workspacePath(uri);
    if (relative !== undefined) mentions.push(fileMention(relative));
    else refused.push(`${plainText(uri ? path.basename(uri.path) : text).slice(0, 120) || 'That item'} is not a file of the workspace: only the workspace's files can be mentioned.`);
  }
  return { mentions, refused };
}

/**
 * The active editor's file as the chip shows it (undefined: no file editor of the workspace, or the
 * setting is off). A file the chat itself opened (a mention or a context file clicked) is not the
 * user's pick of context: it gets no chip until the user makes another editor the active one.
 */
export class ActiveEditorFile implements vscode.Disposable {
  private current: string | undefined;
  /** The URI of the file the chat opened last, while it has not been left for another editor. */
  private fromChat: string | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[];

  constructor() {
    this.current = this.read();
    this.disposables = [
      this.changed,
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && editor.document.uri.toString() !== this.fromChat) this.fromChat = undefined;
        this.update();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('arbor.chat.includeActiveEditor')) this.update();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.update()),
    ];
  }

  get path(): string | undefined {
    return this.current;
  }

  /** The chat is about to open `uri`: that editor gets no chip. */
  openedFromChat(uri: vscode.Uri): void {
    // A file already in the active editor was the user's own pick: it keeps its chip.
    if (vscode.window.activeTextEditor?.document.uri.toString() === uri.toString()) return;
    this.fromChat = uri.toString();
    this.update();
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
  }

  private update(): void {
    const next = this.read();
    if (next === this.current) return;
    this.current = next;
    this.changed.fire();
  }

  private read(): string | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !readConfig().includeActiveEditor || editor.document.uri.toString() === this.fromChat) return undefined;
    return workspacePath(editor.document.uri);
  }
}

/**
 * "Arbor: Add Selection to Chat": `@path#Lx-y` for each selection of the active editor, into the
 * chat's input; resolves with the text put there (undefined: nothing, the user was told why).
 */
export function editorContextCommands(chat: ChatInputTarget) {
  return {
    addSelectionToChat: async (): Promise<string | undefined> => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showWarningMessage('Arbor: open a file and select the lines to add to the chat.');
        return undefined;
      }
      const relative = workspacePath(editor.document.uri);
      if (relative === undefined) {
        void vscode.window.showWarningMessage('Arbor: only a file saved in the workspace can be added to the chat.');
        return undefined;
      }
      const mentions = [...new Set(editor.selections.map((selection) => selectionMention(relative, selection.start, selection.end)))].join(' ');
      await chat.insertIntoInput(mentions);
      return mentions;
    },
  } satisfies SomeCommands;
}
