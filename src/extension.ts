// Composition root: builds Arbor's objects and registers them. Logic lives in src/core; glue in src/vscode.
import * as vscode from 'vscode';
import { ChatViewProvider } from './vscode/chatViewProvider';
import { registerCommands } from './vscode/commands';
import { measureContext } from './vscode/contextMeter';
import { CurrentSession } from './vscode/currentSession';
import { SessionTreeProvider } from './vscode/sessionTreeProvider';
import { TokenStatusBar } from './vscode/statusBar';
import { startOrReport } from './core/util/startup';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Arbor', { log: true });
  context.subscriptions.push(log);
  // A failure is logged and shown to the user, then rethrown so that VS Code knows too.
  startOrReport(() => register(context, log), {
    logError: (detail) => log.error(`Activation failed: ${detail}`),
    showError: (message) => void vscode.window.showErrorMessage(`Arbor could not start: ${message}`),
  });
}

function register(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
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
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
