// Composition root: builds Arbor's objects and registers them. Logic lives in src/core; glue in src/vscode.
import * as vscode from 'vscode';
import { AgentHost } from './vscode/agent/host';
import { EditReviews } from './vscode/edits/editReviews';
import { WrittenDiffs } from './vscode/edits/writtenDiffs';
import { WrittenFiles } from './core/edits/writtenFiles';
import { checkpointsOffText, WorkspaceCheckpoints } from './vscode/checkpoints/workspaceCheckpoints';
import { CheckpointPruning } from './vscode/checkpoints/pruneSchedule';
import { ChatViewProvider } from './vscode/chat/chatViewProvider';
import { registerEditorContextCommands } from './vscode/chat/editorContext';
import { registerCommands } from './vscode/commands';
import { CurrentSession } from './vscode/currentSession/currentSession';
import { ApiKeyStore } from './vscode/secrets';
import { SessionTreeView } from './vscode/sessionTree/view';
import { SessionWatcher } from './vscode/currentSession/sessionWatcher';
import { OtherWriters } from './vscode/currentSession/otherWriters';
import { ProjectInfo } from './vscode/projectInfo';
import { ContextPermissions, OutsideContextFiles } from './vscode/contextPermissions';
import { SessionTotalsWatcher } from './vscode/currentSession/sessionTotals';
import { TokenStatusBar } from './vscode/statusBar';
import { SessionMemory } from './vscode/currentSession/workspaceState';
import { registerSessions } from './vscode/sessions';
import { startOrReport } from './core/util/startup';
import { plainText } from './core/util/plainText';
import { arborExports, createHooks } from './vscode/api';
import { arborTesting, RecordedInput, testingEnabled, type ArborExtensionExports } from './vscode/testing';
import type { ChatInputPort } from './vscode/chat/inputPort';

export function activate(context: vscode.ExtensionContext): ArborExtensionExports {
  const log = vscode.window.createOutputChannel('Arbor', { log: true });
  context.subscriptions.push(log);
  // A failure is logged and shown to the user, then rethrown so that VS Code knows too.
  return startOrReport(() => register(context, log), {
    logError: (detail) => log.error(`Activation failed: ${detail}`),
    showError: (message) => void vscode.window.showErrorMessage(`Arbor could not start: ${plainText(message)}`),
  });
}

function register(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): ArborExtensionExports {
  const hooks = createHooks(log);
  const current = new CurrentSession(log, new SessionMemory(context.workspaceState));
  const keys = new ApiKeyStore(context.secrets);
  const storage = (name: string): string => vscode.Uri.joinPath(context.globalStorageUri, name).fsPath;
  const workspaceCheckpoints = new WorkspaceCheckpoints(log);
  // What recent writes and edits wrote, for their "Show diff" / "Open diff" (bounded: see WrittenFiles).
  const written = new WrittenFiles();
  const reviews = new EditReviews(log);
  // The context files' targets the user allowed (remembered across windows and workspaces).
  const contextTargets = new ContextPermissions(context.globalState);
  const host = new AgentHost({
    current,
    keys,
    log,
    defaultSessionsRoot: storage('sessions'),
    checkpointFolder: storage('checkpoints'),
    workspaceCheckpoints,
    hooks,
    written,
    reviews,
    contextTargets,
    // Called only once a session is replaced or a request is made: the chat and the project exist by then.
    returnUnsent: (unsent) => chat.returnUnsent(unsent),
    onContextChanged: () => void project.refresh(),
  });
  const project = new ProjectInfo(log, contextTargets);
  const totals = new SessionTotalsWatcher(current);
  const writtenDiffs = new WrittenDiffs(written, log);
  const chat = new ChatViewProvider({ extensionUri: context.extensionUri, host, current, log, state: context.workspaceState, project, totals, reviews, writtenDiffs });
  const tree = new SessionTreeView({ current, state: context.workspaceState, revealInChat: (entryId) => chat.reveal(entryId) });
  const port: ChatInputPort = {
    ...chat.input,
    // A move made in the tree: its focus follows the ● there, then goes where the move sent the user.
    tellMove: (move) => {
      chat.input.tellMove(move);
      if (move.fromTree) tree.followMove(move.fromTree.since, move.focusesInput ? () => void input.focus() : undefined);
    },
  };
  const input = testingEnabled() ? new RecordedInput(port) : port;
  const pruning = new CheckpointPruning(workspaceCheckpoints, () => sessions.view.list(), log);
  const sessions = registerSessions({ host, current, log, onDeleted: () => void pruning.prune() });
  context.subscriptions.push(
    workspaceCheckpoints,
    pruning,
    workspaceCheckpoints.onDidTurnOff((reason) => chat.tell('warning', checkpointsOffText(reason))),
    workspaceCheckpoints.onDidSkip((text) => chat.tell('info', text)),
    hooks,
    current,
    keys,
    host,
    chat,
    reviews,
    writtenDiffs,
    tree,
    chat.onDidUseInput(() => tree.inputUsed()),
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, chat),
    contextTargets,
    project,
    new OutsideContextFiles(project, contextTargets, log),
    totals,
    project.onDidChange(() => host.reconfigure()),
    new TokenStatusBar(host, current, project, totals),
    // Another program writing to the current session: read in, told, followed when it continues ours.
    new OtherWriters(current, host, log),
    new SessionWatcher(current, log),
    ...registerCommands({ host, current, keys, input, log, listSessions: () => sessions.view.list(), checkpoints: workspaceCheckpoints }),
    ...registerEditorContextCommands(chat),
    ...sessions.disposables,
  );
  log.info(`Arbor ${String(context.extension.packageJSON.version)} activated`);
  // After the views exist: the key's presence for the chat, and the session this window had before a reload.
  void keys.refresh();
  void current.restore();
  const testing = input instanceof RecordedInput ? { testing: arborTesting({ host, project, sessionTree: tree.provider, sessions: sessions.view, input }) } : {};
  return { ...arborExports(hooks), ...testing };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
