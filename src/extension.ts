// Composition root: builds Arbor's owners and hands each what it needs. Logic lives in src/core; glue in src/vscode.
import * as vscode from 'vscode';
import { AgentHost } from './vscode/agent/host';
import { EditReviews } from './vscode/edits/editReviews';
import { WrittenDiffs } from './vscode/edits/writtenDiffs';
import { WrittenFiles } from './core/edits/writtenFiles';
import { setUpCheckpoints } from './vscode/checkpoints/setup';
import { ChatViewProvider } from './vscode/chat/chatViewProvider';
import { editorContextCommands } from './vscode/chat/editorContext';
import { editorCommands } from './vscode/commands';
import { registerCommandTable } from './vscode/commands/table';
import { CurrentSession } from './vscode/currentSession/currentSession';
import { ApiKeyStore } from './vscode/secrets';
import { SessionTreeView } from './vscode/sessionTree/view';
import { SessionWatcher } from './vscode/currentSession/sessionWatcher';
import { OtherWriters } from './vscode/currentSession/otherWriters';
import { UnsavedEntries } from './vscode/currentSession/unsavedEntries';
import { ProjectInfo } from './vscode/projectInfo';
import { ContextPermissions, OutsideContextFiles } from './vscode/contextPermissions';
import { SessionTotalsWatcher } from './vscode/currentSession/sessionTotals';
import { TokenStatusBar } from './vscode/statusBar';
import { SessionMemory } from './vscode/currentSession/workspaceState';
import { registerSessions } from './vscode/sessions';
import { startOrReport } from './core/util/startup';
import { plainText } from './core/util/plainText';
import { arborExports, createHooks } from './vscode/api';
import { contextEditsApi } from './vscode/contextEditsApi';
import { arborTesting, RecordedInput, testingEnabled, type ArborExtensionExports } from './vscode/testing';
import { treeFollowsMoves } from './vscode/sessionTree/followMoves';
import { McpService } from './vscode/mcp/mcpService';
import { showMcpServers } from './vscode/mcp/serversCommand';
import { TOOL_NAMES } from './core/agent/tools/registry';

/** Stops the MCP servers and waits for them (VS Code waits for deactivate; disposing does not wait). */
let stopMcp: (() => Promise<void>) | undefined;

export function deactivate(): Promise<void> | undefined {
  return stopMcp?.();
}

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
  const checkpoints = setUpCheckpoints(log, () => sessions.view.list(), (level, text) => chat.tell(level, text));
  const reviews = new EditReviews(log);
  // What recent writes and edits wrote, for their "Show diff" / "Open diff" (bounded: see WrittenFiles).
  const written = new WrittenFiles();
  const writtenDiffs = new WrittenDiffs(written, log);
  // The context files' targets the user allowed (remembered across windows and workspaces).
  const contextTargets = new ContextPermissions(context.globalState);
  // Nothing heavy here: the servers start once a session opens (see McpService).
  const mcp = new McpService({ log, globalState: context.globalState, reservedNames: TOOL_NAMES, version: String(context.extension.packageJSON.version) });
  stopMcp = () => mcp.stop();
  const host = new AgentHost({ toolSource: mcp.toolSource, current, keys, log, defaultSessionsRoot: storage('sessions'), checkpointFolder: storage('checkpoints'), workspaceCheckpoints: checkpoints.stores, hooks, written, reviews, contextTargets, returnUnsent: (unsent) => chat.returnUnsent(unsent), onContextChanged: () => void project.refresh() }); // called once a session is replaced or a request made: chat and project exist by then
  const project = new ProjectInfo(log, contextTargets);
  const totals = new SessionTotalsWatcher(current);
  const chat = new ChatViewProvider({ extensionUri: context.extensionUri, host, current, log, state: context.workspaceState, project, totals, reviews, writtenDiffs });
  const tree = new SessionTreeView({ current, state: context.workspaceState, revealInChat: (entryId) => chat.reveal(entryId), inputSettled: () => chat.inputSettled() });
  const port = treeFollowsMoves(chat.input, tree);
  const input = testingEnabled() ? new RecordedInput(port) : port;
  const sessions = registerSessions({ host, current, log, onDeleted: checkpoints.prune });
  const outside = new OutsideContextFiles(project, contextTargets, log);
  const edits = contextEditsApi({ current, busy: () => host.state.agent.phase.kind !== 'idle', log });
  const editor = editorCommands({ host, current, keys, input, log, showLog: () => log.show(true), listSessions: () => sessions.view.list(), checkpoints: checkpoints.stores, state: context.workspaceState });
  context.subscriptions.push(
    mcp,
    current.follow((event) => {
      if (event.kind === 'replaced' && event.session) mcp.sessionOpened();
    }),
    ...checkpoints.disposables, hooks, edits.disposable, current, keys, host, chat, reviews, writtenDiffs, tree, contextTargets, project, outside, totals,
    chat.onDidUseInput(() => tree.inputUsed()),
    // The chat shown: the MCP servers start in the background (their tools are ready for the first prompt).
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, {
      resolveWebviewView: (view) => {
        chat.resolveWebviewView(view);
        mcp.start();
      },
    }),
    project.onDidChange(() => host.reconfigure()),
    new TokenStatusBar(host, current, project, totals),
    new OtherWriters(current, host, log), // another program writing to the current session: read in, told, followed
    new UnsavedEntries(current, () => host.sessionsFolder().dir, log), // a file that cannot take its entries: Retry, Save a Copy…
    new SessionWatcher(current, log),
    ...editor.disposables,
    ...sessions.disposables,
    ...registerCommandTable({ ...editor.commands, ...sessions.commands, ...tree.commands(), ...chat.commands(), ...outside.commands(), ...editorContextCommands(chat), mcpServers: () => showMcpServers(mcp, log) }),
  );
  log.info(`Arbor ${String(context.extension.packageJSON.version)} activated`);
  // After the views exist: the key's presence for the chat, and the session this window had before a reload.
  void keys.refresh();
  void current.restore();
  const testing = input instanceof RecordedInput ? { testing: arborTesting({ host, project, sessionTree: tree.provider, sessions: sessions.view, input }) } : {};
  return { ...arborExports(hooks, edits.members), ...testing };
}
