// Composition root: builds Arbor's objects and registers them. Logic lives in src/core; glue in src/vscode.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Arbor', { log: true });
  context.subscriptions.push(log);
  try {
    context.subscriptions.push(
      vscode.commands.registerCommand('arbor.showLog', () => log.show(true)),
    );
    log.info(`Arbor ${String(context.extension.packageJSON.version)} activated`);
  } catch (error) {
    // Activation must not fail silently: say what broke, in the log and to the user.
    const message = error instanceof Error ? error.message : String(error);
    log.error(`Activation failed: ${message}`);
    void vscode.window.showErrorMessage(`Arbor could not start: ${message}`);
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
