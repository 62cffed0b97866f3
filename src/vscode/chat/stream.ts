// The chat's stream: the session's changes and the agent's events made chat items, sent
// incrementally (the whole branch only on `reset`: on ready, on a session switch, when the
// position moves). A tool's end comes from the appended result only (the agent's `tool_end` comes
// just before it and carries the same result).
import { type AgentEvent } from '../../core/agent';
import { applyDelta, branchWindow, buildItems, itemUpdate, markContext, markPinned, missingToolsNote, markWrittenDiffs, resultView, sessionPrompts, startReply, turnAround, turnFilesView, turnRecordsOf, windowBefore, withWrittenDiff, type AssistantItem, type ChatItem, type ReplyDelta, type ToolResultView } from '../../core/chat';
import { isFilesEntry, type FilesEntryData } from '../../core/checkpoints';
import { pinDataOf, pinnedIds } from '../../core/pins';
import { ContextMarkIndex, describeEntry, problemsNotice, type Session, type SessionChange, type SessionEntry } from '../../core/session';
import type { HostToWebviewMessage } from '../../shared/protocol';
import type { AgentHost } from '../agent/host';
import { readConfig } from '../config';
import type { CurrentSession } from '../currentSession/currentSession';
import type { WrittenDiffs } from '../edits/writtenDiffs';
import { automaticCompactionText, retryText, runFailureFix, runFailureText } from '../errors';
import { commandAction } from './commandAction';
import type { Notice } from './view';
import { COMMAND } from '../../shared/commands';

export interface ChatStreamOptions {
  post(message: HostToWebviewMessage): void;
  notice: Notice;
  host: Pick<AgentHost, 'session' | 'firstReplyAwaited'>;
  current: Pick<CurrentSession, 'problemsOnOpen'>;
  /** What writes and edits wrote, for their cards' "Show diff" / "Open diff". */
  writtenDiffs?: WrittenDiffs;
  /** The view's title: the session's name. */
  setTitle(name: string | undefined): void;
  /** The position moved: the note about a move, if any, no longer holds. */
  onMoved(): void;
  /** A run ended: `unsent`, queued and never sent, goes back into the input. */
  onRunEnded(unsent: readonly string[]): void;
}

export class ChatStream {
  /** The reply being streamed, kept so that a webview loaded mid-reply gets it in `reset`. */
  private streaming: AssistantItem | undefined;
  /** What the model does not see as written at the position: the items' marks. */
  private readonly contextMarks = new ContextMarkIndex();

  constructor(private readonly options: ChatStreamOptions) {}

  /** The current session's branch (its last window) as the whole chat. */
  reset(): void {
    const session = this.options.host.session;
    const branch = session ? session.getBranch() : [];
    const window = branchWindow(branch);
    const items = this.itemsOf(window.entries, undefined, branch);
    this.options.post({
      type: 'reset',
      items,
      hasEarlier: window.hasEarlier,
      ...(session && items.length === 0 && hasMessages(session) ? { atSessionStart: true } : {}),
      ...(this.streaming ? { streaming: this.streaming } : {}),
      ...(session ? { title: session.sessionName ?? session.id, sessionId: session.id, prompts: sessionPrompts(session.entries) } : {}),
    });
    this.options.setTitle(session?.sessionName);
  }

  /** Another session is shown: the whole branch again, and the reply of the old one is no longer streaming here. */
  sessionShown(): void {
    this.streaming = undefined;
    this.reset();
  }

  /** The items before entry `beforeId` (the user scrolled to the first one shown). */
  loadEarlier(beforeId: string): void {
    const branch = this.options.host.session?.getBranch() ?? [];
    const window = windowBefore(branch, beforeId);
    // The window's last turn may go on after it: its card counts the whole turn.
    this.options.post({ type: 'prepend', items: this.itemsOf(window.entries, turnRecordsOf(branch), branch), hasEarlier: window.hasEarlier });
  }

  sessionChange(change: SessionChange): void {
    const { post } = this.options;
    // A pin counts wherever its entry sits (another branch, another program): the latest one for its target wins.
    const pin = change.kind === 'move' ? undefined : pinDataOf(change.entry);
    if (pin) post({ type: 'pin', entryId: pin.targetId, pinned: pin.pinned });
    // An edit (or a compaction) appended at the position: only the items whose mark changed.
    const session = this.options.host.session;
    const marks = session ? this.contextMarks.changed(session, change) : [];
    if (marks.length > 0) post({ type: 'contextMarks', marks });
    // An entry another program appended is not on the branch (the position stays): the tree shows it.
    if (change.kind === 'external') return;
    // A move goes with the note about it (told after the move); one no note describes clears it.
    if (change.kind === 'move') this.options.onMoved();
    // A branch summary is written at the new position: it comes with a move (navigation).
    if (change.kind === 'move' || change.entry.type === 'branch_summary') return this.reset();
    if (change.entry.type === 'session_info') this.options.setTitle(this.options.host.session?.sessionName);
    if (isFilesEntry(change.entry)) return this.turnFilesChanged(change.entry.id);
    const update = itemUpdate(change.entry);
    if (update.kind === 'item') {
      if (update.item.kind === 'assistant') this.streaming = undefined;
      post({ type: 'append', item: update.item });
    } else if (update.kind === 'toolResult') {
      post({ type: 'tool', toolCallId: update.toolCallId, phase: 'end', result: this.withWrittenDiff(update.toolCallId, update.result), entryId: update.entryId });
    }
  }

  agentEvent(event: AgentEvent): void {
    const { post, notice } = this.options;
    switch (event.type) {
      case 'reply_start':
        this.streaming = startReply(event.model);
        return post({ type: 'replyStart', model: event.model });
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
        return post({ type: 'replyReset', message: retryText(event.attempt, event.reason, event.message) });
      case 'tool_start':
        return post({ type: 'tool', toolCallId: event.toolCallId, phase: 'start' });
      case 'tool_update':
        return post({ type: 'tool', toolCallId: event.toolCallId, phase: 'update', result: resultView(event.partial) });
      case 'compaction_end':
        // A manual compaction's failure is told by the command that ran it; an overflow that compacting
        // once did not cure ends the run, whose error tells it.
        if (event.error && event.reason !== 'manual' && event.error.reason !== 'overflow-recovery-failed') notice('error', automaticCompactionText(event.reason, event.error));
        // Every pin was still carried: the warning says less of the window is left.
        if (event.pinWarning !== undefined) notice('warning', event.pinWarning);
        return;
      case 'tools_missing':
        return notice('warning', missingToolsNote(event.names) ?? '');
      case 'run_end':
        return this.runEnded(event.unsent);
      case 'error':
        // A prompt still waiting for its first reply tells its own failure (its text back in the input).
        if (!this.options.host.firstReplyAwaited) notice('error', runFailureText(event.reason, event.message, readConfig().baseUrl), commandAction(runFailureFix(event.reason)));
        return;
      default:
        return;
    }
  }

  /** A session read with problems says so in the chat, with the way to see them (the log has the details too). */
  tellProblems(session: Session): void {
    const count = this.options.current.problemsOnOpen(session);
    if (count === 0) return;
    this.options.post({ type: 'notice', level: 'warning', text: problemsNotice(count), action: { kind: 'command', label: 'Show problems', command: COMMAND.showSessionProblems }, sessionId: session.id });
  }

  /** A files record joined the branch: its turn's card shows the turn's files now (that card only). */
  private turnFilesChanged(entryId: string): void {
    const session = this.options.host.session;
    const turn = session && turnAround(session.tree, entryId);
    const files = turn && turnFilesView(turn.records);
    if (turn && files) this.options.post({ type: 'turnFiles', turnId: turn.turnId, files });
  }

  private delta(delta: ReplyDelta): void {
    if (this.streaming) applyDelta(this.streaming, delta);
    this.options.post({ type: 'delta', delta });
  }

  private runEnded(unsent: string[]): void {
    // A reply stopped before anything arrived writes no entry: the streamed placeholder goes.
    if (this.streaming) {
      this.streaming = undefined;
      this.options.post({ type: 'replyReset', message: '' });
    }
    this.options.onRunEnded(unsent);
  }

  /** The chat items of these entries of the current session's branch (`branch`, when the caller holds it), with their pinned and context marks and written diffs. */
  private itemsOf(entries: readonly SessionEntry[], turnRecords?: Map<string, FilesEntryData[]>, branch?: readonly SessionEntry[]): ChatItem[] {
    const items = buildItems(entries, turnRecords);
    const session = this.options.host.session;
    if (session) {
      markPinned(items, pinnedIds(session.entries));
      markContext(items, this.contextMarks.marksAt(session, branch));
    }
    const { writtenDiffs } = this.options;
    return writtenDiffs ? markWrittenDiffs(items, writtenDiffs.lookup(session)) : items;
  }

  private withWrittenDiff(toolCallId: string, result: ToolResultView): ToolResultView {
    const { writtenDiffs } = this.options;
    return writtenDiffs ? withWrittenDiff(result, writtenDiffs.lookup(this.options.host.session)(toolCallId)) : result;
  }
}

/** Some entry of the session is one the chat shows (stops at the first: usually near the file's start). */
function hasMessages(session: Session): boolean {
  return session.tree.entries.some((entry) => describeEntry(entry).kind !== undefined);
}
