// Composition root: builds Arbor's objects and registers them. Logic lives in src/core; glue in src/vscode.
import * as vscode from 'vscode';
import { ChatViewProvider } from './vscode/chatViewProvider';
import { registerCommands } from './vscode/commands';
import { measureContext } from './vscode/contextMeter';
import { CurrentSession } from './vscode/currentSession';
import { SessionTreeProvider } from './vscode/sessionTreeProvider';
import { TokenStatusBar } from './vscode/statusBar';
import { errorDetail, errorMessage } from './core/util/errors';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Arbor', { log: true });
  context.subscriptions.push(log);
  try {
    const current = new CurrentSession(log);
    const chat = new ChatViewProvider(context.extensionUri, current, log);
    const tree = new SessionTreeProvider(current);
    context.subscriptions.push(
      current,
      chat,
      tree,
      vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, chat),
      vscode.window.registerTreeDataProvider(SessionTreeProvider.viewId, tree),
      new TokenStatusBar(current, measureContext, log),
      ...registerCommands({ current, log }),
    );
    log.info(`Arbor ${String(context.extension.packageJSON.version)} activated`);
  } catch (error) {
    // Activation must not fail silently: say what broke, in the log and to the user.
    const message = errorMessage(error);
    log.error(`Activation failed: ${errorDetail(error)}`);
    void vscode.window.showErrorMessage(`Arbor could not start: ${message}`);
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
