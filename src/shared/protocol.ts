/**
 * The messages between the extension host and the chat webview: one discriminated union per
 * direction, on `type`. Both sides import these types, so a message one side sends and the other
 * does not expect is a type error, not a silent no-op. The items themselves are core's render model
 * (src/core/chat): the webview draws them as they come.
 *
 * Handshake: the webview posts `ready` once its script runs (also after it was hidden and shown
 * again, or the window reloaded); the host queues what it would send before that and answers with
 * `status` and `reset` (the whole branch, once). After that only appends, deltas and updates flow.
 */
import type { ApprovalView, AssistantItem, ChatItem, ToolResultView, TurnFiles } from '../core/chat/items';
import type { ReplyDelta } from '../core/chat/streamingReply';
import type { MoveNote } from '../core/sessionTree/moveNoteView';
import type { PromptImage } from '../core/chat/attachments';
import { COMMAND } from './commands';
import type { ContextMarkChange } from '../core/session/types';

export type { ApprovalField, ApprovalView, AssistantItem, ChatItem, ToolResultView } from '../core/chat/items';
export type { ReplyDelta } from '../core/chat/streamingReply';
export type { MoveNote } from '../core/sessionTree/moveNoteView';
export type { PromptImage } from '../core/chat/attachments';

export type NoticeLevel = 'info' | 'warning' | 'error';

/** What a notice's button does: run a (whitelisted) command, or send the failed prompt again. */
export type NoticeAction = { kind: 'command'; label: string; command: ChatCommandId } | { kind: 'retry'; label: string };

/** The commands the webview may ask the host to run; anything else is refused by the guard. */
export const CHAT_COMMANDS = [COMMAND.setApiKey, COMMAND.showLog, COMMAND.compactSession, COMMAND.newSession, COMMAND.openSession, COMMAND.showSessionProblems, 'workbench.trust.manage'] as const;
export type ChatCommandId = (typeof CHAT_COMMANDS)[number];

export interface ChatStatus {
  running: boolean;
  /** Prompts waiting for the running turn to end. */
  queued: readonly string[];
  trusted: boolean;
  hasKey: boolean;
  model: string;
  /** Why tools are off (undefined: they are on). */
  toolsOff?: 'untrusted' | 'no-folder';
  /** A compaction is running (the chat says so). */
  compacting: boolean;
  hasSession: boolean;
}

export type ApprovalDecision = 'allow-once' | 'allow-always' | 'deny' | 'allow-rule' | 'allow-server';

/** A card's own buttons: Deny with reason… (every card), an edit's diff again, or every edit of the run at once. */
export type EditReviewAction = 'open-diff' | 'reject' | 'accept-all' | 'reject-all';
export const EDIT_REVIEW_ACTIONS: readonly EditReviewAction[] = ['open-diff', 'reject', 'accept-all', 'reject-all'];

// ---- host → webview ---------------------------------------------------------------------------

/** The whole branch: on ready, on a session switch, when the position moves. Never per update. */
export interface ResetMessage {
  type: 'reset';
  items: ChatItem[];
  /** The reply being streamed when the reset was sent. */
  streaming?: AssistantItem;
  /** Undefined: no session is open. */
  title?: string;
  /** A long branch is sent from its end: earlier items come with `prepend` when the user scrolls up. */
  hasEarlier: boolean;
  /** The session has messages but the position is before all of them (Edit & branch on the first message): not the welcome. */
  atSessionStart?: boolean;
  /** The id of the session shown (undefined: none): notices about another session go. */
  sessionId?: string;
  /** The prompts sent in the session, on every branch, oldest first (what Up in the input recalls; core/chat/sessionPrompts.ts). */
  prompts?: string[];
}

/** Items before the first one shown (the answer to `loadEarlier`). */
export interface PrependMessage {
  type: 'prepend';
  items: ChatItem[];
  hasEarlier: boolean;
}

/** One more item at the end of the branch (replaces the streamed reply when it is the finished one). */
export interface AppendMessage {
  type: 'append';
  item: ChatItem;
}

export interface ReplyStartMessage {
  type: 'replyStart';
  model: string;
}

/** A piece of the reply being streamed. */
export interface DeltaMessage {
  type: 'delta';
  delta: ReplyDelta;
}

/** The provider retries: what was shown of the reply goes. */
export interface ReplyResetMessage {
  type: 'replyReset';
  message: string;
}

/** A tool's state changes: running (start), partial output (update), finished (end / its result entry). */
export interface ToolMessage {
  type: 'tool';
  toolCallId: string;
  phase: 'start' | 'update' | 'end';
  result?: ToolResultView;
  /** With `end` from the session: the result entry (Branch from here moves past it). */
  entryId?: string;
}

export interface StatusMessage {
  type: 'status';
  status: ChatStatus;
}

/** A tool call waits for the user's answer: the card shows what it would do, in full. */
export interface ApprovalMessage {
  type: 'approval';
  requestId: string;
  toolName: string;
  /** The call in one line (what the card's announcement to screen readers says). */
  summary: string;
  /** What it would do: the whole command, the path and content, the replacements. */
  view: ApprovalView;
  /** All its arguments, as JSON. */
  args: string;
  /** The protected file the call writes (workspace-relative): asked every time, so the card offers no "always". */
  protectedPath?: string;
  /** A write or edit whose diff is open in the editor for review: the card offers Accept / Deny and the edit's other answers. */
  review?: boolean;
  /** The file changed on disk while an earlier diff of this call was open: this one was made again from it. */
  changedOnDisk?: boolean;
  /** What the card's "Always allow …" button ('allow-rule') keeps for this workspace folder in the user's `arbor.tools.autoApproveByFolder`. */
  suggestedRule?: SuggestedRule;
  /** An MCP server's tool: the card names the server and offers "Always allow server …" ('allow-server') for the session. */
  origin?: ApprovalOrigin;
}

/** Where a tool comes from when it is not one of Arbor's own (its server's and tool's names are plain text). */
export interface ApprovalOrigin {
  /** `vscode`: a tool VS Code offers (its server is "VS Code"); the card offers no "allow server" for it. */
  kind: 'mcp' | 'vscode';
  server: string;
  tool: string;
}

/** A rule the card proposes: as the setting writes it (`bash(npm test)`, `bash(= timeout 120 npm test)`) and as its button says it. */
export interface SuggestedRule {
  rule: string;
  label: string;
}

/** The approval was answered or dropped (a stop, a session switch): the card goes. */
export interface ApprovalDoneMessage {
  type: 'approvalDone';
  requestId: string;
}

export interface NoticeMessage {
  type: 'notice';
  level: NoticeLevel;
  text: string;
  action?: NoticeAction;
  /** A notice about one session (its problems): shown only while that session is. */
  sessionId?: string;
}

/**
 * The input's draft for the session shown (drafts belong to their session): on ready, on a session
 * switch, and when Arbor changes it (unsent text given back, a move's text, Restore draft).
 * `generation` names the session's turn in the view: the webview sends it back with its changes,
 * and the host ignores changes meant for a session no longer shown.
 */
export interface DraftMessage {
  type: 'draft';
  input: string;
  /** Text put aside by a move, offered back by "Restore draft" (undefined: nothing put aside). */
  stash?: string;
  generation: number;
  /** The input takes the focus (Arbor put text there for the user to edit or send). */
  focus: boolean;
}

/**
 * A prompt the chat sent is settled: in the session (its entry was appended), queued behind a run,
 * or refused (its text is back in the input). The message the chat showed at once goes.
 */
export interface PromptSettledMessage {
  type: 'promptSettled';
}

export interface FocusInputMessage {
  type: 'focusInput';
}

/**
 * Answered at once with the same id: everything the chat posted before its answer (a click in the
 * input, say) has reached the host by then. The Session Tree asks before it takes the focus.
 */
export interface InputBarrierMessage {
  type: 'inputBarrier';
  id: number;
}

/** Scroll to an entry's item. */
export interface RevealMessage {
  type: 'reveal';
  entryId: string;
}

/**
 * After a move (a tree click, Switch Branch…, Edit & branch, Undo Compaction, …): the note above the
 * input saying where the position is and what Send does next, with Back. No note: it goes.
 */
export interface MoveNoteMessage {
  type: 'moveNote';
  note?: MoveNote;
}

/** One of the files the project's requests load (AGENTS.md, CLAUDE.md, SYSTEM.md, APPEND_SYSTEM.md). */
export interface ContextFileView {
  /** The full path: what the chat asks the host to open (the host opens only a loaded file's). */
  path: string;
  /** Short: relative to the workspace folder, `~/…`, else the full path. */
  label: string;
  /** 'instructions': AGENTS.md / CLAUDE.md; 'system': SYSTEM.md (replaces the prompt); 'append': APPEND_SYSTEM.md. */
  role: 'instructions' | 'system' | 'append';
  /** Where the file really is (short, as `label`), when not where its name says: a link. */
  target?: string;
  /** Set when the file was not read: why, in plain words (clicking it asks or says why; it is not opened). */
  skipped?: string;
}

/** The files the next request loads; `hidden`: `arbor.contextFiles` is off (nothing is shown). */
export interface ContextFilesMessage {
  type: 'contextFiles';
  files: ContextFileView[];
  hidden: boolean;
}

/** What the session spent: a short line (undefined: nothing yet, or no session) and the full lines for its tooltip. */
export interface TotalsMessage {
  type: 'totals';
  line?: string;
  details: string[];
}

/** One entry of the `@` completion list: a workspace file or folder (posix, relative), or a special mention. */
export interface MentionSuggestionView {
  kind: 'file' | 'folder' | 'problems' | 'selection' | 'terminal';
  path: string;
}

/** The answer to `mentionQuery` number `id` (the webview shows only the latest one's). */
export interface MentionResultsMessage {
  type: 'mentionResults';
  id: number;
  items: MentionSuggestionView[];
}

/** Text put into the input at the caret (Add Selection to Chat, a file dropped from the Explorer); the draft around it stays. */
export interface InsertTextMessage {
  type: 'insertText';
  text: string;
}

/** The active editor's file, for the chip above the input (undefined: no file editor, or the chip is turned off). */
export interface ActiveEditorMessage {
  type: 'activeEditor';
  /** Workspace-relative, `/`-separated: what the prompt sends back as `activeEditor`. */
  path?: string;
}

/** Entry `entryId` was pinned or unpinned (a pin entry appended from anywhere): the item showing it changes its mark. */
export interface PinMessage {
  type: 'pin';
  entryId: string;
  pinned: boolean;
}

/**
 * What the model sees of some entries changed at the position (a context edit or a compaction was
 * appended): the items showing them change their mark ("hidden from the model", "the model sees
 * an edited version", or none). Never a branch drawn again.
 */
export interface ContextMarksMessage {
  type: 'contextMarks';
  marks: ContextMarkChange[];
}

/** The agent recorded changed files in a turn: its card (under the user message `turnId`) shows them now. */
export interface TurnFilesMessage {
  type: 'turnFiles';
  turnId: string;
  files: TurnFiles;
}

export type HostToWebviewMessage =
  | ResetMessage
  | PrependMessage
  | AppendMessage
  | ReplyStartMessage
  | DeltaMessage
  | ReplyResetMessage
  | ToolMessage
  | StatusMessage
  | ApprovalMessage
  | ApprovalDoneMessage
  | NoticeMessage
  | DraftMessage
  | FocusInputMessage
  | InputBarrierMessage
  | PromptSettledMessage
  | RevealMessage
  | MoveNoteMessage
  | ContextFilesMessage
  | TotalsMessage
  | MentionResultsMessage
  | InsertTextMessage
  | ActiveEditorMessage
  | PinMessage
  | ContextMarksMessage
  | TurnFilesMessage;

// ---- webview → host ---------------------------------------------------------------------------

/** What a message's context-edit action asks for. */
export const CHAT_CONTEXT_EDIT_ACTIONS = ['hide', 'unhide', 'edit', 'shorten', 'compare'] as const;
export type ChatContextEditAction = (typeof CHAT_CONTEXT_EDIT_ACTIONS)[number];

export type WebviewToHostMessage =
  /** The script runs and listens: the host may send. */
  | { type: 'ready' }
  /** `images`: pasted or dropped into the input; `activeEditor`: the active editor chip's path, when it was kept. */
  | { type: 'prompt'; text: string; images?: PromptImage[]; activeEditor?: string }
  | { type: 'stop' }
  /** A queued prompt's remove button: the prompt at `index` (reading `text`) leaves the queue for the input. */
  | { type: 'unqueue'; index: number; text: string }
  /** The user scrolled to the first item shown: the items before entry `beforeId`. */
  | { type: 'loadEarlier'; beforeId: string }
  | { type: 'editAndBranch'; entryId: string }
  | { type: 'branchFrom'; entryId: string }
  /** A message's Pin / Unpin (the same as the Session Tree's). */
  | { type: 'setPin'; entryId: string; pinned: boolean }
  /** A compaction card's "Show what was summarized" (the same document as the Session Tree's). */
  | { type: 'showSummarized'; entryId: string }
  /** A message's Hide from the model, Show again, Edit what the model sees…, Shorten, Compare (the Session Tree's commands). */
  | { type: 'contextEdit'; entryId: string; action: ChatContextEditAction }
  | { type: 'approvalResponse'; requestId: string; decision: ApprovalDecision }
  /** A card's own button besides its answers (see EditReviewAction; "reject", Deny with reason…, is on every card). */
  | { type: 'editReview'; requestId: string; action: EditReviewAction }
  /** A write or edit card's "Show diff" / "Open diff": the host opens what that call wrote in the diff editor. */
  | { type: 'openWrittenDiff'; toolCallId: string }
  /** A code block's "Insert at cursor": into the last active text editor. */
  | { type: 'insertCode'; code: string }
  /** A link in a reply: opened by the host (http/https/mailto only), never navigated in the webview. */
  | { type: 'openLink'; href: string }
  | { type: 'command'; command: ChatCommandId }
  /** An uncaught error or a CSP violation inside the webview: the host logs it. */
  | { type: 'webviewError'; message: string }
  /** Send the prompt that failed again. */
  | { type: 'retry' }
  /** What the input holds now (the draft the user is typing), for the session of `generation`. */
  | { type: 'draftChanged'; text: string; generation: number }
  /** "Restore draft": the text put aside comes back into the input (and the input's text is put aside). */
  | { type: 'restoreDraft'; generation: number }
  /** The user dismissed the text put aside. */
  | { type: 'dropStash'; generation: number }
  /** The move note's Back: to the position before the move. */
  | { type: 'moveBack' }
  /** The move note's Undo Restore: the files as they were before the move restored them. */
  | { type: 'undoRestore' }
  /**
   * The user clicked or typed in the input (Arbor's own text put there does not count): they are
   * working in the chat, so a move's pending focus of the Session Tree gives way.
   */
  | { type: 'inputUsed' }
  /** The answer to the host's `inputBarrier` of the same id. */
  | { type: 'inputBarrier'; id: number }
  /** The move note was dismissed (it does not come back when the view reloads). */
  | { type: 'dismissMoveNote' }
  /** Open a context file the chat lists: the host opens it only when it is one of the listed files, and only when it was read. */
  | { type: 'openContextFile'; path: string }
  /** Files dragged from the Explorer into the input (their URIs, as the drop gave them): the host mentions those in the workspace. */
  | { type: 'dropUris'; uris: string[] }
  /** A path on a turn's card: its diff over that turn (the host opens only a path the turn recorded). */
  | { type: 'turnFileDiff'; turnId: string; path: string }
  /** A turn card's "Restore files before this turn" (the host asks first). */
  | { type: 'restoreBeforeTurn'; turnId: string }
  /** A sent mention's chip: the host opens the file at the lines (a folder: in the Explorer) when it lies inside the workspace. */
  | { type: 'openMention'; path: string; range?: { first: number; last: number } }
  /** The user types after `@`: the entries of the completion list for `query` (answered with `mentionResults`). */
  | { type: 'mentionQuery'; id: number; query: string }
  /** A `/` command typed in the input (`/compact focus`): the host runs its palette command with the argument. */
  | SlashCommandIntent;

/** `name` is one of core/chat/slashCommands.ts's; `argument` the text after it, trimmed ('' when none). */
export interface SlashCommandIntent {
  type: 'slashCommand';
  name: string;
  argument: string;
}
