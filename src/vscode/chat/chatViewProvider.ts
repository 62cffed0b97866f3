// The chat, put together: the webview view (chat/view.ts), the stream of items (chat/stream.ts),
// the input (chat/input.ts), approvals, the move note; and what the chat shows around them (the
// agent's status, the context files, the totals, the active editor's chip) and does for the
// editor (insert code, open a link, a context file, a mention). The webview's intents go to the
// part that answers them, or to the commands the Session Tree runs too.
import * as vscode from 'vscode';
import { isAnswering } from '../../core/agent';
import { totalsDetails, totalsLine } from '../../core/tokens';
import { plainText } from '../../core/util/plainText';
import type { ChatContextEditAction, WebviewToHostMessage } from '../../shared/protocol';
import type { AgentHost, UnsentInputs } from '../agent/host';
import type { CurrentSession, CurrentSessionEvent } from '../currentSession/currentSession';
import type { SessionTotalsWatcher } from '../currentSession/sessionTotals';
import { editReviewCommands } from '../edits/editReviewCommands';
import type { EditReviews } from '../edits/editReviews';
import type { WrittenDiffs } from '../edits/writtenDiffs';
import { MentionIndex } from '../mentions/mentionIndex';
import { openMention } from '../mentions/openMention';
import type { ProjectInfo } from '../projectInfo';
import { ChatApprovals } from './approvals';
import { chatDrafts } from './drafts';
import { ActiveEditorFile } from './editorContext';
import { ChatInput } from './input';
import type { ChatInputPort } from './inputPort';
import { ChatMoveNote } from './moveNote';
import { runSlashCommand } from './slashCommands';
import { ChatStream } from './stream';
import { ChatView } from './view';
import { COMMAND } from '../../shared/commands';
import type { Logger } from '../../core/util/logger';

/** A message's context-edit action runs the Session Tree's command for it (the same checks, question and editor). */
const CONTEXT_EDIT_COMMANDS: Record<ChatContextEditAction, string> = {
  hide: COMMAND.treeHideFromModel,
  unhide: COMMAND.treeShowToModelAgain,
  edit: COMMAND.treeEditForModel,
  shorten: COMMAND.treeShortenForModel,
  compare: COMMAND.treeCompareModelText,
};

export interface ChatOptions {
  extensionUri: vscode.Uri;
  host: AgentHost;
  current: CurrentSession;
  log: Logger;
  /** Where the drafts are kept across window reloads (the workspace's state). */
  state: vscode.Memento;
  project: ProjectInfo;
  totals: SessionTotalsWatcher;
  reviews?: EditReviews;
  writtenDiffs?: WrittenDiffs;
}

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewType = ChatView.viewType;

  private readonly view: ChatView;
  private readonly stream: ChatStream;
  private readonly chatInput: ChatInput;
  private readonly disposables: vscode.Disposable[] = [];
  /** The active editor's file, for the chip above the input. */
  private readonly activeEditor = new ActiveEditorFile();
  private readonly approvals: ChatApprovals;
  private readonly moveNote: ChatMoveNote;
  /** The chat has the focus when "Insert at cursor" is clicked: the editor before it is the target. */
  private lastEditor: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
  private readonly inputUse = new vscode.EventEmitter<void>();
  /** The user clicked or typed in the input (see the protocol's `inputUsed`). */
  readonly onDidUseInput = this.inputUse.event;
  /** Resolves once every `inputUsed` the chat posted so far has been told (see the protocol's `inputBarrier`). */
  readonly inputSettled = (): Promise<void> => this.view.barrier();
  private readonly host: AgentHost;
  private readonly log: Logger;

  constructor(private readonly options: ChatOptions) {
    const { host, current, log, project, totals } = options;
    this.host = host;
    this.log = log;
    const post = (message: Parameters<ChatView['post']>[0]): void => this.view.post(message);
    this.view = new ChatView({ extensionUri: options.extensionUri, log, route: (message) => this.route(message), onReady: () => this.onReady() });
    const notice = this.view.notice;
    this.approvals = new ChatApprovals(post, () => this.view.show(), options.reviews);
    this.moveNote = new ChatMoveNote({ host, log, checkpoints: host.workspaceCheckpoints, input: this.input, state: options.state }, post);
    const mentionIndex = new MentionIndex(log);
    this.chatInput = new ChatInput({ post, notice, log, host, drafts: chatDrafts(options.state), activeEditor: this.activeEditor, mentionIndex, reveal: () => this.view.focus(), onSend: () => this.moveNote.clear() });
    this.stream = new ChatStream({
      post,
      notice,
      host,
      current,
      ...(options.writtenDiffs ? { writtenDiffs: options.writtenDiffs } : {}),
      setTitle: (name) => this.view.setTitle(name),
      onMoved: () => this.moveNote.clear(),
      onRunEnded: (unsent) => {
        this.approvals.denyAll();
        this.chatInput.givenBack(unsent);
      },
    });
    this.disposables.push(
      this.view,
      this.inputUse,
      mentionIndex,
      project.onDidChange(() => this.postContextFiles()),
      totals.onDidChange(() => this.postTotals()),
      host.onEvent((event) => this.stream.agentEvent(event)),
      current.follow((event) => this.sessionEvent(event)),
      host.onDidChangeState(() => this.postStatus()),
      host.setApprovalHandler(this.approvals.ask),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor) this.lastEditor = editor;
      }),
      this.activeEditor,
      this.activeEditor.onDidChange(() => this.postActiveEditor()),
    );
  }

  /** Accept / Reject on an edit's diff, for the command table. */
  commands() {
    return editReviewCommands(this.approvals);
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view.resolve(view);
  }

  /**
   * The chat's side of the input port (the composition root adds the Session Tree's part of a
   * move's report): what the commands and the moves do to the input.
   */
  readonly input: ChatInputPort = {
    setInput: (text) => this.chatInput.setInput(text),
    focus: () => this.chatInput.focus(),
    tellMove: (move) => this.moveNote.moved(move),
  };

  /** Reveals the chat and puts `text` into its input at the caret (Add Selection to Chat); the draft around it stays. */
  insertIntoInput(text: string): Promise<void> {
    return this.chatInput.insert(text);
  }

  /** Scrolls the chat to an entry. */
  reveal(entryId: string): void {
    this.view.post({ type: 'reveal', entryId });
  }

  /** A notice from outside the chat's own flows (workspace checkpoints turned off), as plain text. */
  tell(level: 'info' | 'warning', text: string): void {
    this.view.notice(level, text);
  }

  /** Prompts queued in a session left while they waited: kept in that session's draft (shown when it is the one shown). */
  returnUnsent(unsent: UnsentInputs): void {
    this.chatInput.returnUnsent(unsent);
  }

  dispose(): void {
    this.approvals.denyAll();
    this.disposables.forEach((disposable) => disposable.dispose());
  }

  /** The webview listens (again): the status, the draft before the conversation, the conversation, what is around it. */
  private onReady(): void {
    this.postStatus();
    // The draft before the conversation: once the conversation shows, the input holds its draft,
    // and text typed from then on is not replaced by a draft still on its way.
    this.chatInput.repost();
    this.stream.reset();
    this.postContextFiles();
    this.postTotals();
    this.postActiveEditor();
    this.approvals.repost();
    this.moveNote.repost();
  }

  private sessionEvent(event: CurrentSessionEvent): void {
    if (event.kind === 'changed') return this.stream.sessionChange(event.change);
    this.chatInput.sessionShown(event.session);
    this.moveNote.clear();
    this.stream.sessionShown();
    this.postStatus();
    this.chatInput.repost();
    if (event.session) this.stream.tellProblems(event.session);
  }

  // ---- around the conversation -------------------------------------------------------------------

  private postStatus(): void {
    const state = this.host.state;
    this.view.post({
      type: 'status',
      status: {
        running: isAnswering(state.agent),
        queued: state.agent.queued,
        trusted: state.trusted,
        hasKey: state.hasKey,
        model: state.model,
        ...(state.toolsOff ? { toolsOff: state.toolsOff } : {}),
        compacting: state.agent.phase.kind === 'compacting',
        hasSession: this.host.session !== undefined,
      },
    });
  }

  /** The files the next request loads, under the input. */
  private postContextFiles(): void {
    const state = this.options.project.state;
    const files = (state?.files ?? []).map(({ path, label, role, targetLabel, skipped }) => ({ path, label, role, ...(targetLabel !== undefined ? { target: targetLabel } : {}), ...(skipped ? { skipped: skipped.warning } : {}) }));
    this.view.post({ type: 'contextFiles', files, hidden: state === undefined || !state.showFiles });
  }

  private postActiveEditor(): void {
    const path = this.activeEditor.path;
    this.view.post({ type: 'activeEditor', ...(path !== undefined ? { path } : {}) });
  }

  private postTotals(): void {
    const totals = this.options.totals.totals;
    const line = totals && totalsLine(totals);
    this.view.post({ type: 'totals', ...(line ? { line } : {}), details: totals ? totalsDetails(totals) : [] });
  }

  // ---- the webview's intents ---------------------------------------------------------------------

  /** The protocol switch: each of the webview's messages to the part that answers it. */
  private async route(message: WebviewToHostMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'prompt':
        return this.chatInput.send({ text: message.text, images: message.images ?? [], activeEditor: message.activeEditor });
      case 'retry':
        return this.chatInput.retry();
      case 'stop':
        return this.host.stop();
      case 'unqueue': {
        // The prompt goes back into the input, as Stop gives back what it had queued.
        const taken = this.host.unqueue(message.index, message.text);
        return taken === undefined ? undefined : this.chatInput.givenBack([taken]);
      }
      case 'loadEarlier':
        return this.stream.loadEarlier(message.beforeId);
      // The same moves as the Session Tree's (one way to leave a branch): the summary question per
      // arbor.branchSummary, then the text into the input (Edit & branch) or the input focused.
      case 'editAndBranch':
        await vscode.commands.executeCommand(COMMAND.treeActivate, message.entryId);
        return;
      case 'branchFrom':
        await vscode.commands.executeCommand(COMMAND.treeBranchFromHere, message.entryId);
        return;
      // The Session Tree's commands: the same checks, warnings (the pin budget) and document.
      case 'setPin':
        await vscode.commands.executeCommand(message.pinned ? COMMAND.treePin : COMMAND.treeUnpin, message.entryId);
        return;
      case 'showSummarized':
        await vscode.commands.executeCommand(COMMAND.treeShowSummarized, message.entryId);
        return;
      case 'contextEdit':
        await vscode.commands.executeCommand(CONTEXT_EDIT_COMMANDS[message.action], message.entryId);
        return;
      case 'approvalResponse':
        return this.approvals.answer(message.requestId, message.decision);
      case 'editReview':
        return void this.approvals.review(message.requestId, message.action);
      case 'openWrittenDiff':
        return void this.options.writtenDiffs?.open(this.host.session, message.toolCallId, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath);
      case 'insertCode':
        return this.insertCode(message.code);
      case 'openLink':
        return this.openLink(message.href);
      case 'command':
        await vscode.commands.executeCommand(message.command);
        return;
      case 'webviewError':
        this.log.error(`Chat view: ${message.message}`);
        return;
      case 'slashCommand':
        return runSlashCommand(message.name, message.argument, this.log);
      case 'draftChanged':
        return this.chatInput.typed(message.generation, message.text);
      case 'restoreDraft':
        return this.chatInput.restoreDraft(message.generation);
      case 'dropStash':
        return this.chatInput.dropStash(message.generation);
      case 'inputUsed':
        return this.inputUse.fire();
      case 'moveBack':
        this.chatInput.movedBack();
        return this.moveNote.back();
      case 'undoRestore':
        return this.moveNote.undoRestore();
      case 'dismissMoveNote':
        return this.moveNote.clear();
      case 'openContextFile':
        return this.openContextFile(message.path);
      case 'dropUris':
        return this.chatInput.dropped(message.uris);
      case 'openMention':
        return openMention(message.path, message.range, this.log, (uri) => this.activeEditor.openedFromChat(uri));
      case 'turnFileDiff':
        await vscode.commands.executeCommand(COMMAND.showTurnFileChanges, message.turnId, message.path);
        return;
      case 'restoreBeforeTurn':
        await vscode.commands.executeCommand(COMMAND.restoreFilesBeforeTurn, message.turnId);
        return;
      case 'mentionQuery':
        return this.chatInput.mentionQuery(message.id, message.query);
    }
  }

  // ---- editor, links --------------------------------------------------------------------

  private async insertCode(code: string): Promise<void> {
    const editor = this.lastEditor;
    if (!editor || editor.document.isClosed) {
      this.view.notice('warning', 'Open a file and place the cursor where the code should go, then click "Insert at cursor" again.');
      return;
    }
    const shown = await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, selection: editor.selection });
    await shown.edit((edit) => shown.selections.forEach((selection) => edit.replace(selection, code)));
  }

  private async openLink(href: string): Promise<void> {
    let uri: vscode.Uri;
    try {
      uri = vscode.Uri.parse(href, true);
    } catch {
      return;
    }
    if (uri.scheme === 'http' || uri.scheme === 'https' || uri.scheme === 'mailto') await vscode.env.openExternal(uri);
    else this.log.warn(`Chat view: a link with scheme "${uri.scheme}" was not opened`);
  }

  /**
   * Only a file the chat lists: the path is looked up, never taken from the webview as such. A file
   * that was not read is not opened: one that leads outside gets the question, another says why.
   */
  private async openContextFile(requested: string): Promise<void> {
    const file = this.options.project.state?.files.find((loaded) => loaded.path === requested);
    if (!file) {
      this.log.warn('Chat view: asked to open a file that is not one of the listed context files; not opened');
      return;
    }
    if (file.skipped?.reason === 'outside') await vscode.commands.executeCommand(COMMAND.allowContextFile, file.path);
    else if (file.skipped) void vscode.window.showWarningMessage(plainText(file.skipped.warning));
    else {
      const uri = vscode.Uri.file(file.path);
      this.activeEditor.openedFromChat(uri);
      await vscode.window.showTextDocument(uri, { preview: true });
    }
  }
}
