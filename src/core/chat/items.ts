/**
 * The chat's render model: what the webview draws, item by item, as is. Built in core from session
 * entries and agent events (`buildItems.ts`, `streamingReply.ts`), so the webview holds no
 * conversation logic and every rule here is unit-tested in Node.
 *
 * Plain data only (it crosses postMessage): strings, numbers, booleans, arrays, objects.
 */
import type { MentionChip } from './mentionBlocks';
import type { ContextMark } from '../session/types';

/** An image shown inline (a `data:` URL is made from it; only raster types survive). */
export interface ChatImage {
  mimeType: string;
  /** base64 */
  data: string;
}

/** An item whose entry can be pinned (see core/pins): whether it is pinned now. */
export interface PinnableItem {
  pinned?: boolean;
}

/**
 * An item whose entry the model may not see as written at the current position (see
 * core/session/contextMarks): `hidden` from it, or it sees an edited version. Absent: as written.
 */
export interface MarkableItem {
  contextMark?: ContextMark;
}

/** The files a turn changed, as its card shows them (see turnFiles.ts). */
export interface TurnFiles {
  /** How many paths the turn changed (more than `paths` when a list was cut). */
  count: number;
  /** The paths, in the order first changed, at most MAX_TURN_PATHS. */
  paths: string[];
}

export interface UserItem extends PinnableItem, MarkableItem {
  kind: 'user';
  /** The session entry's id (Edit & branch, Branch from here); also the id of the turn it starts. */
  id: string;
  text: string;
  images: ChatImage[];
  /** The mentions sent with it (their blocks are not in `text`): shown as chips. */
  mentions?: MentionChip[];
  /** The files the agent changed in the turn this message starts (its card: the diffs, "Restore files before this turn"). */
  files?: TurnFiles;
}

/** A tool's result as the chat shows it, attached to its call. */
export interface ToolResultView {
  text: string;
  isError: boolean;
  /** The tool cut its output, or the chat cut the text it shows. */
  truncated: boolean;
  images: ChatImage[];
  /**
   * A write or edit whose diff the editor can open: its result recorded one (`details.diff`), or
   * Arbor still holds what it wrote. `autoApproved`: written without review, so the card says so
   * and links "Show diff"; otherwise it offers "Open diff".
   */
  writtenDiff?: { autoApproved: boolean };
  /** The diff its result recorded (`details.diff`: `+12 added`, `-12 removed`, ` 12 context`, `...`), cut for display. */
  diff?: string;
}

export type ToolCallStatus = 'pending' | 'running' | 'done' | 'error';

export interface ToolCallBlock {
  type: 'toolCall';
  toolCallId: string;
  name: string;
  /** A tool Arbor does not have (pi's MCP tools, codemode…): how it is named to the user. */
  foreign?: string;
  /** The arguments in short: a path, a command, a pattern (one line). */
  summary: string;
  /** The arguments as pretty-printed JSON (while streaming: the raw text received so far). */
  args: string;
  status: ToolCallStatus;
  result?: ToolResultView;
  /** The result's entry id, once it is in the session (its Pin acts on it). */
  resultId?: string;
  /** The result's entry is pinned. */
  resultPinned?: boolean;
  /** How the model sees the result's entry, when not as written. */
  resultContextMark?: ContextMark;
}

export type AssistantBlock = { type: 'text'; text: string } | { type: 'thinking'; text: string; redacted: boolean } | ToolCallBlock;

export interface AssistantItem extends PinnableItem, MarkableItem {
  kind: 'assistant';
  /** The entry id; `STREAMING_ID` while the reply streams. */
  id: string;
  blocks: AssistantBlock[];
  model: string;
  /** Set when the reply did not end normally: said in the chat, not hidden. */
  ending?: { reason: 'aborted' | 'error' | 'length'; message: string };
  /** Where "Branch from here" moves to: the last tool result of this reply, or the reply itself. */
  branchPointId: string;
  streaming: boolean;
}

/** The files a summary lists, at most MAX_SHOWN_FILES of each kind. */
export interface SummaryFiles {
  readFiles: string[];
  modifiedFiles: string[];
  /** Files left out of the lists (a file may list any number). */
  filesNotShown?: number;
}

/** How a summary the user changed before accepting it is marked, in the chat's card and the tree's tooltip. */
export const SUMMARY_EDITED_TEXT = 'summary edited by you';

export interface CompactionItem extends SummaryFiles, MarkableItem {
  kind: 'compaction';
  id: string;
  /** The summary's Markdown, without the file blocks appended for the model (see summaryView.ts). */
  summary: string;
  /** A split turn's part of the summary: the beginning of the turn the cut went through. */
  turnContext?: string;
  tokensBefore: number;
  /** Arbor's own record; absent for compactions written by pi. */
  tokensAfter?: number;
  summarizedEntries?: number;
  /** The instructions the summary was written with (standing ones and a manual focus). */
  instructions?: string;
  /** The extension whose handler wrote the summary (its identifier). */
  byExtension?: string;
  /** Pinned messages carried verbatim in the summary (Arbor's record). */
  pinnedCount?: number;
  /** The user changed the proposed summary before accepting it (Arbor's record). */
  summaryEdited?: true;
}

export interface BranchSummaryItem extends SummaryFiles, PinnableItem, MarkableItem {
  kind: 'branchSummary';
  id: string;
  /** The summary's Markdown, without pi's preamble and the file blocks (see summaryView.ts). */
  summary: string;
}

export interface CustomItem extends PinnableItem, MarkableItem {
  kind: 'custom';
  id: string;
  customType: string;
  text: string;
}

export interface BashItem extends PinnableItem, MarkableItem {
  kind: 'bash';
  id: string;
  command: string;
  output: string;
  exitCode?: number;
  cancelled: boolean;
  truncated: boolean;
}

/** A tool result whose call is not on the branch (a foreign or damaged file): shown on its own. */
export interface OrphanToolResultItem extends PinnableItem, MarkableItem {
  kind: 'toolResult';
  id: string;
  toolCallId: string;
  toolName: string;
  result: ToolResultView;
}

export type ChatItem = UserItem | AssistantItem | CompactionItem | BranchSummaryItem | CustomItem | BashItem | OrphanToolResultItem;

export type ChatItemKind = ChatItem['kind'];

/** One text an approval shows in full (see approvalView.ts). */
export interface ApprovalField {
  /** What the text is: "Command", "Path", "Replace", … */
  label: string;
  /** The text, as the model sent it (hidden characters are made visible when it is drawn). */
  text: string;
  /** Only the start of a long text is shown: what was left out, in words. */
  more?: string;
}

/** What a tool call asks the user to approve (see approvalView.ts). */
export interface ApprovalView {
  /** The question, naming the tool (the name `arbor.tools.autoApprove` lists). */
  title: string;
  /** A caution in plain words (bash is not confined to the workspace). */
  note?: string;
  fields: ApprovalField[];
}

/** The id of the reply being streamed (no entry exists for it yet). */
export const STREAMING_ID = '__streaming__';
