/**
 * A sent mention's chip clicked: its path comes from a message's text, which anyone may have
 * written, so it is opened only once it is known to lie inside the workspace (links followed);
 * a file opens at the chip's lines, a folder is shown in the Explorer. A path that is gone is
 * named in the notification as plain text (it could hold a command link).
 */
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { resolveWorkspacePath } from '../../core/workspace/paths';
import { mentionGoneText, type LineRange } from '../../core/mentions';
import { errorMessage } from '../../core/util/errors';
import type { Logger } from '../../core/util/logger';

/** `opening` is told the file's URI before the editor opens (the chip leaves a file the chat opened out). */
export async function openMention(given: string, range: LineRange | undefined, log: Logger, opening: (uri: vscode.Uri) => void): Promise<void> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (root === undefined) return;
  let real: string;
  try {
    real = (await resolveWorkspacePath(root, given)).real;
  } catch (error) {
    log.warn(`Chat view: a mention's path was not opened: ${errorMessage(error)}`);
    return;
  }
  const stat = await fs.stat(real).catch(() => undefined);
  if (!stat) {
    void vscode.window.showWarningMessage(mentionGoneText(given));
    return;
  }
  const uri = vscode.Uri.file(real);
  if (stat.isDirectory()) {
    await vscode.commands.executeCommand('revealInExplorer', uri);
    return;
  }
  opening(uri);
  const selection = range ? new vscode.Range(range.first - 1, 0, range.last - 1, Number.MAX_SAFE_INTEGER) : undefined;
  await vscode.window.showTextDocument(uri, { preview: true, ...(selection ? { selection } : {}) });
}
