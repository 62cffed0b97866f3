// Shows a failed command's error in plain words, with the button that fixes it when there is one.
// Error text may quote a server or a file: shown as plain text, never as a link.
import * as vscode from 'vscode';
import { plainText } from '../../core/util/plainText';
import { PromptError, reportError } from '../errors';
import type { Logger } from '../../core/util/logger';

/** "<What> failed. <reason>"; `logged`: what the log names instead (a file's path, which the notification leaves out). */
export function showFailure(log: Logger, what: string, error: unknown, logged = what): void {
  if (error instanceof PromptError) {
    log.warn(`${logged}: ${error.reason}`);
    const fix = error.command;
    void vscode.window.showErrorMessage(plainText(error.message), ...(fix ? [fix.title] : [])).then((picked) => {
      if (fix && picked === fix.title) void vscode.commands.executeCommand(fix.id);
    });
    return;
  }
  void vscode.window.showErrorMessage(plainText(`${what} failed. ${reportError(log, `${logged} failed`, error)}`));
}
