// The Chat webview view, host side: sends the render model incrementally (the whole branch only on
// `reset`: on ready, on a session switch, when the position moves), forwards the agent's stream,
// and turns the webview's intents into AgentHost calls. A ready handshake: messages wait in a queue
// until the webview listens, and every `ready` (first load, shown again after being hidden, window
// reload) is answered with the status, the branch and any approval still waiting.
import * as vscode from 'vscode';
import { isAnswering, type AgentEvent } from '../core/agent';
import { applyDelta, branchWindow, buildItems, givenBack, missingToolsNote, markContext, markPinned, markWrittenDiffs, withWrittenDiff, sessionPrompts, itemUpdate, movedBack, placedByMove, restored, resultView, startReply, stashDropped, turnAround, turnFilesView, turnRecordsOf, typed, windowBefore, type AssistantItem, type ChatItem, type ToolResultView, type Draft, type ReplyDelta, type SessionDrafts } from '../core/chat';
import { isFilesEntry, type FilesEntryData } from '../core/checkpoints';
import { pinDataOf, pinnedIds } from '../core/pins';
import { ContextMarkIndex, describeEntry, problemsNotice, type SessionEntry, type Session, type SessionChange } from '../core/session';
import { totalsDetails, totalsLine } from '../core/tokens';
import { errorMessage } from '../core/util/errors';
import { plainText } from '../core/util/plainText';
import { acceptPromptImages, withActiveEditor } from '../core/chat';
import { ActiveEditorFile, droppedMentions } from './editorContext';
import { CHAT_COMMANDS, isWebviewToHostMessage, type ChatCommandId, type PromptImage, type HostToWebviewMessage, type NoticeAction, type WebviewToHostMessage } from '../shared/protocol';
import type { AgentHost, UnsentInputs } from './agentHost';
import { chatDrafts, draftKey } from './chatDrafts';
import type { CurrentSession, CurrentSessionEvent } from './currentSession';
import { ChatApprovals } from './chatApprovals';
import { editReviewCommands } from './editReviewCommands';
import type { EditReviews } from './editReviews';
import type { WrittenDiffs } from './writtenDiffs';
import { ChatMoveNote } from './chatMoveNote';
import { chatHtml } from './chatHtml';
import type { ProjectInfo } from './projectInfo';
import type { SessionTotalsWatcher } from './sessionTotals';
import { readConfig } from './config';
import { runSlashCommand } from './slashCommandRunner';
import { expandMentions, MentionError } from '../core/mentions';
import { editorMentionSources } from './mentions/mentionSources';
import { openMention } from './mentions/openMention';
import { MentionIndex } from './mentions/mentionIndex';
import { automaticCompactionText, promptFailure, retryText, runFailureFix, runFailureText, userMessage, type FixCommand } from './errors';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewType = 'arbor.chat';

  private view: vscode.WebviewView | undefined;
  private ready = false;
  private queue: HostToWebviewMessage[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private viewDisposables: vscode.Disposable[] = [];
  /** The reply being streamed, kept so that a webview loaded mid-reply gets it in `reset`. */
  private streaming: AssistantItem | undefined;
  private promptsInFlight = 0;
  private lastFailedPrompt: SentPrompt | undefined;
  /** The active editor's file, for the chip above the input. */
  private readonly activeEditor = new ActiveEditorFile();
  private readonly approvals: ChatApprovals;
  private readonly moveNote: ChatMoveNote;
  /** The chat has the focus when "Insert at cursor" is clicked: the editor before it is the target. */
  private lastEditor: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
  /** The input's text per session (typed text is never lost: see core/chat/drafts.ts). */
  private readonly drafts: SessionDrafts;
  /** The workspace's files for the `@` list (built on the first `@`). */
  private readonly mentionIndex: MentionIndex;
  /** What the model does not see as written at the position: the items' marks. */
  private readonly contextMarks = new ContextMarkIndex();
  private readonly inputUse = new vscode.EventEmitter<void>();
  /** The user clicked or typed in the input (see the protocol's `inputUsed`). */
  readonly onDidUseInput = this.inputUse.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: AgentHost,
    private readonly current: CurrentSession,
    private readonly log: vscode.LogOutputChannel,
    /** Where the drafts are kept across window reloads (the workspace's state). */
    state: vscode.Memento,
    private readonly project: ProjectInfo,
    private readonly totals: SessionTotalsWatcher,
    reviews?: EditReviews,
    private readonly writtenDiffs?: WrittenDiffs,
  ) {
    this.approvals = new ChatApprovals(
      (message) => this.post(message),
      () => (this.view ? this.view.show(true) : void vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`)),
      reviews,
    );
    this.drafts = chatDrafts(state);
    this.moveNote = new ChatMoveNote(host, (message) => this.post(message), log);
    this.mentionIndex = new MentionIndex(log);
    this.disposables.push(
      this.inputUse,
      this.mentionIndex,
      project.onDidChange(() => this.postContextFiles()),
      totals.onDidChange(() => this.postTotals()),
      host.onEvent((event) => this.agentEvent(event)),
      host.onDidMove((event) => this.moveNote.moved(event)),
      current.follow((event) => this.sessionEvent(event)),
      host.onDidChangeState(() => this.postStatus()),
      host.onDidRequestInputFocus(() => void this.focusInput()),
      host.onDidRequestInput((text) => void this.showInInput(text)),
      host.onDidReturnUnsent((unsent) => this.unsentReturned(unsent)),
      host.setApprovalHandler(this.approvals.ask),
      ...editReviewCommands(this.approvals),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor) this.lastEditor = editor;
      }),
      this.activeEditor,
      this.activeEditor.onDidChange(() => this.postActiveEditor()),
    );
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.disposeView();
    this.view = view;
    const mediaRoot = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [mediaRoot] };
    view.webview.html = chatHtml(view.webview, mediaRoot);
    this.viewDisposables.push(
      view.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      // Hidden views lose their webview's script state: the next `ready` restores it.
      view.onDidChangeVisibility(() => {
        if (!view.visible) this.ready = false;
      }),
      view.onDidDispose(() => this.disposeView()),
    );
  }

  /** Puts text into the input (the tree's user-message navigation, a command); a draft there is put aside, "Restore draft" brings it back. */
  setInput(text: string): void {
    this.postDraft(this.drafts.change((draft) => placedByMove(draft, text)), true);
  }

  /** Reveals the chat and puts `text` into its input at the caret (Add Selection to Chat); the draft around it stays. */
  async insertIntoInput(text: string): Promise<void> {
    await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
    this.post({ type: 'insertText', text });
  }

  /** Scrolls the chat to an entry. */
  reveal(entryId: string): void {
    this.post({ type: 'reveal', entryId });
  }

  /** A notice from outside the chat's own flows (workspace checkpoints turned off), as plain text. */
  tell(level: 'info' | 'warning', text: string): void {
    this.notice(level, text);
  }

  dispose(): void {
    this.approvals.denyAll();
    this.disposeView();
    this.disposables.forEach((disposable) => disposable.dispose());
  }

  // ---- sending -----------------------------------------------------------------------------------

  private post(message: HostToWebviewMessage): void {
    if (this.view && this.ready) {
      void this.view.webview.postMessage(message);
      return;
    }
    // Anything the reply to `ready` carries anyway is not queued: it would be stale by then.
    if (message.type === 'reset' || message.type === 'status' || message.type === 'approval' || message.type === 'moveNote' || message.type === 'contextFiles' || message.type === 'totals' || message.type === 'activeEditor') return;
    // The reply to `ready` carries the draft; what is left of a draft message is its focus.
    if (message.type === 'draft') {
      if (message.focus) this.queue.push({ type: 'focusInput' });
      return;
    }
    if (message.type === 'prepend' || message.type === 'pin' || message.type === 'contextMarks' || message.type === 'delta' || message.type === 'append' || message.type === 'tool' || message.type === 'replyStart' || message.type === 'replyReset') return;
    this.queue.push(message);
  }

  private postStatus(): void {
    const state = this.host.state;
    this.post({
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

  /** The shown session's draft into the input (`focus`: Arbor put text there for the user). */
  private postDraft(draft: Draft, focus: boolean): void {
    this.post({ type: 'draft', input: draft.input, ...(draft.stash !== undefined ? { stash: draft.stash } : {}), generation: this.drafts.generation, focus });
  }

  /** The files the next request loads, under the input. */
  private postContextFiles(): void {
    const state = this.project.state;
    const files = (state?.files ?? []).map(({ path, label, role, targetLabel, skipped }) => ({ path, label, role, ...(targetLabel !== undefined ? { target: targetLabel } : {}), ...(skipped ? { skipped: skipped.warning } : {}) }));
    this.post({ type: 'contextFiles', files, hidden: state === undefined || !state.showFiles });
  }

  private postActiveEditor(): void {
    const path = this.activeEditor.path;
    this.post({ type: 'activeEditor', ...(path !== undefined ? { path } : {}) });
  }

  private postTotals(): void {
    const totals = this.totals.totals;
    const line = totals && totalsLine(totals);
    this.post({ type: 'totals', ...(line ? { line } : {}), details: totals ? totalsDetails(totals) : [] });
  }

  /** The cards of writes this window still holds get their "Show diff" / "Open diff". */
  private withWrittenDiffs(items: ChatItem[]): ChatItem[] {
    return this.writtenDiffs ? markWrittenDiffs(items, this.writtenDiffs.lookup(this.host.session)) : items;
  }

  private withWrittenDiff(toolCallId: string, result: ToolResultView): ToolResultView {
    return this.writtenDiffs ? withWrittenDiff(result, this.writtenDiffs.lookup(this.host.session)(toolCallId)) : result;
  }

  private postReset(): void {
    const session = this.host.session;
    const branch = session ? session.getBranch() : [];
    const window = branchWindow(branch);
    const items = this.itemsOf(window.entries, undefined, branch);
    this.post({
      type: 'reset',
      items,
      hasEarlier: window.hasEarlier,
      ...(session && items.length === 0 && hasMessages(session) ? { atSessionStart: true } : {}),
      ...(this.streaming ? { streaming: this.streaming } : {}),
      ...(session ? { title: session.sessionName ?? session.id, sessionId: session.id, prompts: sessionPrompts(session.entries) } : {}),
    });
    this.showSessionName();
  }

  /** The chat items of these entries of the current session's branch (`branch`, when the caller holds it), with their pinned and context marks. */
  private itemsOf(entries: readonly SessionEntry[], turnRecords?: Map<string, FilesEntryData[]>, branch?: readonly SessionEntry[]): ChatItem[] {
    const items = buildItems(entries, turnRecords);
    const session = this.host.session;
    if (session) {
      markPinned(items, pinnedIds(session.entries));
      markContext(items, this.contextMarks.marksAt(session, branch));
    }
    return this.withWrittenDiffs(items);
  }

  /** The view's title bar names the session (its `session_info` name), as the Sessions view does. */
  private showSessionName(): void {
    if (this.view) this.view.description = this.host.session?.sessionName;
  }

  // ---- the session and the agent -----------------------------------------------------------------

  private sessionEvent(event: CurrentSessionEvent): void {
    if (event.kind === 'changed') return this.sessionChange(event.change);
    // Another session: the whole branch again, and the reply of the old one is no longer streaming here.
    this.streaming = undefined;
    this.drafts.show(draftKey(event.session), event.session?.entries.length === 0);
    this.moveNote.clear();
    this.postReset();
    this.postStatus();
    this.postDraft(this.drafts.draft, false);
    if (event.session) this.tellProblems(event.session);
  }

  /** A session read with problems says so in the chat, with the way to see them (the log has the details too). */
  private tellProblems(session: Session): void {
    const count = this.current.problemsOnOpen(session);
    if (count === 0) return;
    this.post({ type: 'notice', level: 'warning', text: problemsNotice(count), action: { kind: 'command', label: 'Show problems', command: 'arbor.showSessionProblems' }, sessionId: session.id });
  }

  private sessionChange(change: SessionChange): void {
    // A pin counts wherever its entry sits (another branch, another program): the latest one for its target wins.
    const pin = change.kind === 'move' ? undefined : pinDataOf(change.entry);
    if (pin) this.post({ type: 'pin', entryId: pin.targetId, pinned: pin.pinned });
    // An edit (or a compaction) appended at the position: only the items whose mark changed.
    const marks = this.host.session ? this.contextMarks.changed(this.host.session, change) : [];
    if (marks.length > 0) this.post({ type: 'contextMarks', marks });
    // An entry another program appended is not on the branch (the position stays): the tree shows it.
    if (change.kind === 'external') return;
    // A move goes with the note about it (told after the move); one no note describes clears it.
    if (change.kind === 'move') this.moveNote.clear();
    // A branch summary is written at the new position: it comes with a move (navigation).
    if (change.kind === 'move' || change.entry.type === 'branch_summary') return this.postReset();
    if (change.entry.type === 'session_info') this.showSessionName();
    if (isFilesEntry(change.entry)) return this.turnFilesChanged(change.entry.id);
    const update = itemUpdate(change.entry);
    if (update.kind === 'item') {
      if (update.item.kind === 'assistant') this.streaming = undefined;
      this.post({ type: 'append', item: update.item });
    } else if (update.kind === 'toolResult') {
      this.post({ type: 'tool', toolCallId: update.toolCallId, phase: 'end', result: this.withWrittenDiff(update.toolCallId, update.result), entryId: update.entryId });
    }
  }

  /** A files record joined the branch: its turn's card shows the turn's files now (that card only). */
  private turnFilesChanged(entryId: string): void {
    const turn = this.host.session && turnAround(this.host.session.tree, entryId);
    const files = turn && turnFilesView(turn.records);
    if (turn && files) this.post({ type: 'turnFiles', turnId: turn.turnId, files });
  }

  private agentEvent(event: AgentEvent): void {
    switch (event.type) {
      case 'reply_start':
        this.streaming = startReply(event.model);
        return this.post({ type: 'replyStart', model: event.model });
      case 'text_delta':
        return this.delta({ kind: 'text', index: event.index, delta: event.delta });
      case 'thinking_delta':
        return this.delta({ kind: 'thinking', index: event.index, delta: event.delta });
      case 'tool_call_start':
        return this.delta({ kind: 'toolCall', index: event.index, toolCallId: event.id, name: event.name });
      case 'tool_call_delta':
        return this.delta({ kind: 'toolArgs', index: event.index, delta: event.delta });
      case 'reply_reset':
        this.streaming = undefined;
        return this.post({ type: 'replyReset', message: retryText(event.attempt, event.reason, event.message) });
      case 'tool_start':
        return this.post({ type: 'tool', toolCallId: event.toolCallId, phase: 'start' });
      case 'tool_update':
        return this.post({ type: 'tool', toolCallId: event.toolCallId, phase: 'update', result: resultView(event.partial) });
      case 'tool_end':
        return this.post({ type: 'tool', toolCallId: event.toolCallId, phase: 'end', result: this.withWrittenDiff(event.toolCallId, resultView(event.result)) });
      case 'compaction_end':
        // A manual compaction's failure is told by the command that ran it; an overflow that compacting
        // once did not cure ends the run, whose error tells it.
        if (event.error && event.reason !== 'manual' && event.error.reason !== 'overflow-recovery-failed') this.notice('error', automaticCompactionText(event.reason, event.error));
        // Every pin was still carried: the warning says less of the window is left.
        if (event.pinWarning !== undefined) this.notice('warning', event.pinWarning);
        return;
      case 'tools_missing':
        return this.notice('warning', missingToolsNote(event.names) ?? '');
      case 'run_end':
        return this.runEnded(event.unsent);
      case 'error':
        // A prompt waiting for its first reply reports its failure itself (text back in the input).
        if (this.promptsInFlight === 0) this.notice('error', runFailureText(event.reason, event.message, readConfig().baseUrl), commandAction(runFailureFix(event.reason)));
        return;
      default:
        return;
    }
  }

  private delta(delta: ReplyDelta): void {
    if (this.streaming) applyDelta(this.streaming, delta);
    this.post({ type: 'delta', delta });
  }

  private runEnded(unsent: string[]): void {
    // A reply stopped before anything arrived writes no entry: the streamed placeholder goes.
    if (this.streaming) {
      this.streaming = undefined;
      this.post({ type: 'replyReset', message: '' });
    }
    this.approvals.denyAll();
    // What was queued and not sent joins the input; a draft typed meanwhile stays (see core/chat/drafts.ts).
    if (unsent.length > 0) this.postDraft(this.drafts.change((draft) => givenBack(draft, unsent)), true);
  }

  /** Prompts queued in a session left while they waited: kept in that session's draft (shown when it is the one shown). */
  private unsentReturned({ session, texts }: UnsentInputs): void {
    if (this.drafts.changeFor(draftKey(session), (draft) => givenBack(draft, texts))) this.postDraft(this.drafts.draft, false);
  }

  // ---- receiving ---------------------------------------------------------------------------------

  private receive(message: unknown): void {
    if (!isWebviewToHostMessage(message)) {
      this.log.warn(`Chat view sent an unexpected message (type ${typeof message === 'object' && message !== null ? String((message as { type?: unknown }).type) : typeof message})`);
      return;
    }
    void this.handle(message).catch((error: unknown) => {
      this.log.error(`Chat view ${message.type}: ${errorMessage(error)}`);
      this.notice('error', userMessage(error));
    });
  }

  private async handle(message: WebviewToHostMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        return this.onReady();
      case 'prompt':
        return this.prompt({ text: message.text, images: message.images ?? [], activeEditor: message.activeEditor });
      case 'retry':
        if (this.lastFailedPrompt !== undefined) return this.prompt(this.lastFailedPrompt);
        return;
      case 'stop':
        return this.host.stop();
      case 'loadEarlier': {
        const branch = this.host.session?.getBranch() ?? [];
        const window = windowBefore(branch, message.beforeId);
        // The window's last turn may go on after it: its card counts the whole turn.
        return this.post({ type: 'prepend', items: this.itemsOf(window.entries, turnRecordsOf(branch), branch), hasEarlier: window.hasEarlier });
      }
      // The same moves as the Session Tree's (one way to leave a branch): the summary question per
      // arbor.branchSummary, then the text into the input (Edit & branch) or the input focused.
      case 'editAndBranch':
        await vscode.commands.executeCommand('arbor.tree.activate', message.entryId);
        return;
      case 'branchFrom':
        await vscode.commands.executeCommand('arbor.tree.branchFromHere', message.entryId);
        return;
      // The Session Tree's commands: the same checks, warnings (the pin budget) and document.
      case 'setPin':
        await vscode.commands.executeCommand(message.pinned ? 'arbor.tree.pin' : 'arbor.tree.unpin', message.entryId);
        return;
      case 'showSummarized':
        await vscode.commands.executeCommand('arbor.tree.showSummarized', message.entryId);
        return;
      case 'approvalResponse':
        return this.approvals.answer(message.requestId, message.decision);
      case 'editReview':
        return void this.approvals.review(message.requestId, message.action);
      case 'openWrittenDiff':
        return void this.writtenDiffs?.open(this.host.session, message.toolCallId, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath);
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
      case 'draftChanged': {
        const text = message.text;
        this.drafts.report(message.generation, (draft) => typed(draft, text));
        return;
      }
      case 'restoreDraft':
        if (this.drafts.report(message.generation, restored)) this.postDraft(this.drafts.draft, true);
        return;
      case 'dropStash':
        if (this.drafts.report(message.generation, stashDropped)) this.postDraft(this.drafts.draft, true);
        return;
      case 'inputUsed':
        return this.inputUse.fire();
      case 'moveBack':
        // The text the move put up leaves the input with it, and a draft it put aside comes back.
        this.postDraft(this.drafts.change(movedBack), true);
        return this.moveNote.back();
      case 'dismissMoveNote':
        return this.moveNote.clear();
      case 'openContextFile':
        return this.openContextFile(message.path);
      case 'dropUris':
        return this.dropped(message.uris);
      case 'openMention':
        return openMention(message.path, message.range, this.log);
      case 'turnFileDiff':
        await vscode.commands.executeCommand('arbor.showTurnFileChanges', message.turnId, message.path);
        return;
      case 'restoreBeforeTurn':
        await vscode.commands.executeCommand('arbor.restoreFilesBeforeTurn', message.turnId);
        return;
      case 'mentionQuery':
        return this.post({ type: 'mentionResults', id: message.id, items: await this.mentionIndex.query(message.query) });
    }
  }

  private onReady(): void {
    this.ready = true;
    this.postStatus();
    // The draft before the conversation: once the conversation shows, the input holds its draft,
    // and text typed from then on is not replaced by a draft still on its way.
    this.postDraft(this.drafts.draft, false);
    this.postReset();
    this.postContextFiles();
    this.postTotals();
    this.postActiveEditor();
    this.approvals.repost();
    this.moveNote.repost();
    const queued = this.queue;
    this.queue = [];
    queued.forEach((message) => this.post(message));
  }

  private async prompt(sent: SentPrompt): Promise<void> {
    const { text } = sent;
    // Sent while a move is being made: its note comes first, then goes with this send.
    await this.host.afterMove();
    // What the note said Send would do is done: it goes (and with it Back, which would leave the new message).
    this.moveNote.clear();
    const { images, refused } = acceptPromptImages(sent.images);
    if (refused.length > 0) this.notice('warning', refused.join(' '));
    // The chip's file, only if it is the one the chat was told of (a path the webview made up is not mentioned).
    const activeEditor = sent.activeEditor !== undefined && sent.activeEditor === this.activeEditor.path ? sent.activeEditor : undefined;
    this.promptsInFlight++;
    try {
      // The session records the mentions' text (what the model reads); the input gets back what was typed.
      await this.host.prompt(await this.expanded(text, activeEditor), images);
      this.lastFailedPrompt = undefined;
    } catch (error) {
      if (error instanceof MentionError) return this.mentionRefused(text, error);
      this.lastFailedPrompt = sent;
      this.log.warn(`A prompt could not be sent: ${errorMessage(error)}`);
      this.postDraft(this.drafts.change((draft) => givenBack(draft, [text])), true);
      const failure = promptFailure(error, readConfig().baseUrl);
      this.notice('error', failure.message, commandAction(failure.command) ?? { kind: 'retry', label: 'Retry' });
    } finally {
      this.promptsInFlight--;
    }
  }

  /** Files dragged from the Explorer: a mention of each one in the workspace at the caret; the others are refused, saying why. */
  private dropped(uris: readonly string[]): void {
    const { mentions, refused } = droppedMentions(uris);
    if (mentions.length > 0) this.post({ type: 'insertText', text: mentions.join(' ') });
    if (refused.length > 0) this.notice('warning', refused.join(' '));
  }

  /** Nothing was sent: the text goes back into the input, and the notice says which mention and why. */
  private mentionRefused(text: string, error: MentionError): void {
    this.log.warn(`A prompt was not sent: a mention was refused (${error.reason})`);
    this.postDraft(this.drafts.change((draft) => givenBack(draft, [text])), true);
    this.notice('error', error.message);
  }

  /**
   * The text with its mentions expanded, and the active editor's file mentioned unless the text
   * names it. That file, when it cannot be read as a mention (binary, …), is left out with a
   * warning rather than stopping the message; a mention the user typed that fails stops it.
   */
  private async expanded(text: string, activeEditor: string | undefined): Promise<string> {
    const sources = editorMentionSources();
    const withEditor = withActiveEditor(text, activeEditor);
    if (withEditor === text) return (await expandMentions(text, sources)).text;
    try {
      return (await expandMentions(withEditor, sources)).text;
    } catch (error) {
      if (!(error instanceof MentionError)) throw error;
      const plain = (await expandMentions(text, sources)).text;
      this.notice('warning', `The active editor's file was left out of the message: ${error.message}`);
      return plain;
    }
  }

  private notice(level: 'info' | 'warning' | 'error', text: string, action?: NoticeAction): void {
    this.post({ type: 'notice', level, text, ...(action ? { action } : {}) });
  }

  // ---- editor, links --------------------------------------------------------------------

  private async insertCode(code: string): Promise<void> {
    const editor = this.lastEditor;
    if (!editor || editor.document.isClosed) {
      this.notice('warning', 'Open a file and place the cursor where the code should go, then click "Insert at cursor" again.');
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
    const file = this.project.state?.files.find((loaded) => loaded.path === requested);
    if (!file) {
      this.log.warn('Chat view: asked to open a file that is not one of the listed context files; not opened');
      return;
    }
    if (file.skipped?.reason === 'outside') await vscode.commands.executeCommand('arbor.allowContextFile', file.path);
    else if (file.skipped) void vscode.window.showWarningMessage(plainText(file.skipped.warning));
    else await vscode.window.showTextDocument(vscode.Uri.file(file.path), { preview: true });
  }

  /** Reveals the chat, then puts the text into its input (which the webview focuses), as Edit & branch does. */
  private async showInInput(text: string): Promise<void> {
    await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
    this.setInput(text);
  }

  private async focusInput(): Promise<void> {
    await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
    this.post({ type: 'focusInput' });
  }

  private disposeView(): void {
    this.viewDisposables.forEach((disposable) => disposable.dispose());
    this.viewDisposables = [];
    this.view = undefined;
    this.ready = false;
  }
}

/** A prompt as the chat sent it: kept whole, so Retry sends its images and chip again. */
interface SentPrompt {
  text: string;
  images: readonly PromptImage[];
  activeEditor: string | undefined;
}

/** Some entry of the session is one the chat shows (stops at the first: usually near the file's start). */
function hasMessages(session: Session): boolean {
  return session.tree.entries.some((entry) => describeEntry(entry).kind !== undefined);
}

/** The button under a failure's notice that runs what fixes it (setting the key), when the chat may run that command. */
function commandAction(fix: FixCommand | undefined): NoticeAction | undefined {
  const allowed: readonly string[] = CHAT_COMMANDS;
  if (fix && allowed.includes(fix.id)) return { kind: 'command', label: fix.title, command: fix.id as ChatCommandId };
  return undefined;
}
