/**
 * Arbor's API for other VS Code extensions: the types of what
 * `vscode.extensions.getExtension('arbor-dev.arbor')?.exports` holds. Copy this file into your
 * extension (it needs only `@types/vscode`) and ask for the version you were written against:
 *
 *   const arbor = await vscode.extensions.getExtension<ArborExports>('arbor-dev.arbor')?.activate();
 *   const api = arbor?.getApi(1);
 *
 * Version 1 lets an extension take part in compaction and in moves within the Session Tree, as pi's
 * `session_before_compact` / `session_before_tree` extension events do, and hear about them
 * afterwards (pi's `session_compact`, `session_compact_failed`, `session_tree`); and shape what the
 * model sees of the open session (hide, replace, show again) and hear when anyone did. Everything an event holds is a frozen copy: changing it changes nothing in the session.
 *
 * The version rule: a version only grows (new members, new optional fields, new event fields); a
 * change that could break an extension written against it (a member removed or renamed, a type
 * narrowed, a meaning changed) comes as the next version, and the old one stays offered.
 */
import type * as vscode from 'vscode';

export interface ArborExports {
  /** The API of that version, or undefined when this Arbor does not offer it. */
  getApi(version: 1): ArborApiV1 | undefined;
}

export interface ArborApiV1 {
  readonly apiVersion: 1;

  /**
   * Asked before every compaction (manual and automatic), after Arbor chose the cut and before any
   * model is asked. Handlers run one after the other in the order they were registered; the last one
   * that answers something wins; `{ cancel: true }` stops the chain and the compaction (the user is
   * told which extension cancelled it). A handler that throws, or answers after its time limit, is
   * logged and passed over: Arbor's own summary is written then.
   */
  onWillCompact(handler: (event: WillCompactEvent) => WillCompactAnswer | Promise<WillCompactAnswer>, options: HandlerOptions): vscode.Disposable;

  /** Asked before every move in the Session Tree, with or without a summary of the branch left. Same chain rules. */
  onWillNavigateTree(handler: (event: WillNavigateTreeEvent) => WillNavigateTreeAnswer | Promise<WillNavigateTreeAnswer>, options: HandlerOptions): vscode.Disposable;

  /** A compaction entry was written (pi's `session_compact`). */
  readonly onDidCompact: vscode.Event<DidCompactEvent>;
  /**
   * A compaction failed, was stopped by the user or was cancelled by a handler; nothing was written
   * (pi's `session_compact_failed`). Fires for every manual compaction that did not write one (also
   * when there was nothing to compact), and for every automatic one that had begun.
   */
  readonly onDidFailCompaction: vscode.Event<DidFailCompactionEvent>;
  /** The position moved in the Session Tree (with the branch summary written, if any). */
  readonly onDidNavigateTree: vscode.Event<DidNavigateTreeEvent>;

  /**
   * Hides an entry of the open session from the model (pi 1.6's `context_edit` with no replacement,
   * appended on the current branch). A reply with tool calls and the results of those calls are
   * hidden together, so every request stays valid: `targetIds` names them all. The file keeps the
   * entry; `showToModelAgain` shows it again. Rejects with a `ContextEditError`.
   */
  hideFromModel(entryId: string): Promise<ContextEditResult>;
  /**
   * Gives an entry of the open session other text for the model (a reply keeps its tool calls after
   * the text); a hidden partner of it (its reply, or a result of its calls) is shown again. The
   * file keeps the original. Rejects with a `ContextEditError`.
   */
  replaceForModel(entryId: string, text: string): Promise<ContextEditResult>;
  /** Shows a hidden or edited entry of the open session to the model as written again (with its hidden tool-call partners). Rejects with a `ContextEditError`. */
  showToModelAgain(entryId: string): Promise<ContextEditResult>;
  /**
   * The model's context of the open session was edited, by anyone: your calls, another
   * extension's, the user in the chat or the Session Tree, Arbor's recovery of a failed attempt, or
   * another program writing the file (`arbor hide`, pi). One event per operation.
   */
  readonly onDidEditContext: vscode.Event<DidEditContextEvent>;

  /** The messages as the model receives them (Arbor's conversion of context messages; custom and summary messages become user messages). */
  convertToLlm(messages: readonly AgentMessage[]): LlmMessage[];
  /** A conversation as the text Arbor's own summaries send to the model (`[User]: …`, `[Assistant]: …`, tool calls and results). */
  serializeConversation(messages: readonly LlmMessage[]): string;
}

export interface HandlerOptions {
  /** Your extension's identifier (`context.extension.id`): named to the user when you cancel, and in Arbor's log. */
  extensionId: string;
  /** How long your handler may take, in milliseconds: default 30 000, at most 120 000. */
  timeoutMs?: number;
}

/** Nothing (leave it to the others and to Arbor), a cancel, or your own compaction. */
export type WillCompactAnswer = { cancel: true } | { compaction: SuppliedCompaction } | undefined | null | void;

export interface SuppliedCompaction {
  /** The summary the model will read in place of the summarized messages (Markdown). */
  summary: string;
  /** The first entry kept verbatim: it must be on the current branch, after its latest compaction, or Arbor writes its own summary instead. */
  firstKeptEntryId: string;
  /** The context's size before the compaction, in tokens (usually `event.preparation.tokensBefore`). */
  tokensBefore: number;
  /** What writing the summary cost, counted in the session's totals. */
  usage?: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
  /** Anything JSON you want kept with the entry (nested at most 32 deep). */
  details?: unknown;
}

export interface WillCompactEvent {
  preparation: CompactionPreparation;
  /** Every entry on the current branch, root first. */
  branchEntries: readonly SessionEntry[];
  /** The standing instructions (`arbor.compaction.instructions`) and a manual focus, joined; undefined when there are none. */
  customInstructions: string | undefined;
  /** `manual`: the user asked; `threshold`: the context passed the threshold; `overflow`: the model said the context was too long. */
  reason: 'manual' | 'threshold' | 'overflow';
  /** The request that overflowed is sent again after the compaction. */
  willRetry: boolean;
  /** Fires when the user stops the compaction or your time is up (pi's). */
  signal: AbortSignal;
  /** The same as `signal`, as VS Code's providers are told: cancelled when the user stops the compaction or your time is up. */
  token: vscode.CancellationToken;
}

export interface CompactionPreparation {
  /** Where Arbor would cut: the first entry kept verbatim. */
  firstKeptEntryId: string;
  /** The messages Arbor would summarize. */
  messagesToSummarize: readonly AgentMessage[];
  /** When the cut goes through a turn: that turn's beginning, summarized apart. */
  turnPrefixMessages: readonly AgentMessage[];
  isSplitTurn: boolean;
  tokensBefore: number;
  /** The latest compaction's summary on the branch, if any. */
  previousSummary: string | undefined;
  /** Files the summarized messages read, wrote and edited (sorted). */
  fileOps: { read: readonly string[]; written: readonly string[]; edited: readonly string[] };
  settings: { enabled: boolean; reserveTokens: number; keepRecentTokens: number };
}

export type WillNavigateTreeAnswer =
  | {
      cancel?: boolean;
      /** Your summary of the branch being left: used only when the user asked for one. */
      summary?: { summary: string; details?: unknown; usage?: { input: number; output: number; cacheRead?: number; cacheWrite?: number } };
      /** When present (even empty), replace the move's own. */
      customInstructions?: string;
      replaceInstructions?: boolean;
      label?: string;
    }
  | undefined
  | null
  | void;

export interface WillNavigateTreeEvent {
  preparation: {
    targetId: string;
    /** The position before the move (null: before the first entry). */
    oldLeafId: string | null;
    commonAncestorId: string | null;
    /** The entries of the branch being left, oldest first (what a summary would cover). */
    entriesToSummarize: readonly SessionEntry[];
    userWantsSummary: boolean;
    customInstructions: string | undefined;
    replaceInstructions: boolean | undefined;
    label: string | undefined;
  };
  /** Fires when the user stops the move or your time is up (pi's). */
  signal: AbortSignal;
  /** The same as `signal`, as VS Code's providers are told. */
  token: vscode.CancellationToken;
}

export interface DidCompactEvent {
  compactionEntry: CompactionEntry;
  /** The summary came from an extension's handler. */
  fromExtension: boolean;
  /** Why the compaction ran, as in `WillCompactEvent.reason`. */
  reason: 'manual' | 'threshold' | 'overflow';
  /** The request that overflowed is sent again now, as in `WillCompactEvent.willRetry`. */
  willRetry: boolean;
}

export interface DidFailCompactionEvent {
  /** Why the compaction ran. */
  reason: 'manual' | 'threshold' | 'overflow';
  /** What went wrong, in the words the user is shown ("Compaction failed: …"); absent when `aborted`. */
  errorMessage?: string;
  /** The user stopped the compaction, or a handler answered `{ cancel: true }`. */
  aborted: boolean;
  /** The compaction was an overflow recovery after which the request that overflowed would have been sent again. */
  willRetry: boolean;
  /** The compaction that failed was an extension's (its summary was being written). */
  fromExtension: boolean;
}

/** What a context edit appended. */
export interface ContextEditResult {
  /** The new `context_edit` entries, in the order they were appended (the position is the last). */
  entryIds: string[];
  /** The entries they edit, in the same order: the entry you named and its tool-call partners. */
  targetIds: string[];
  /** What the edit did, in plain words (as the chat asks before it). */
  description: string;
}

/**
 * Why a context edit was refused: no session is open; Arbor is at work on it (a reply, a
 * compaction, a move: try again once it is done); no entry has the id; the entry is on another
 * branch than the current one; it gives the model no message (a label, a model change…); a
 * compaction summarizes it; it is hidden already (hide); it is neither hidden nor edited (show
 * again); the new text is empty (replace: hide it instead).
 */
export type ContextEditReason = 'no-session' | 'busy' | 'unknown-entry' | 'not-on-branch' | 'no-model-content' | 'summarized' | 'already-hidden' | 'not-edited' | 'empty-text';

/** The error a context edit rejects with: nothing was appended. `message` says why in plain words. */
export interface ContextEditError extends Error {
  readonly name: 'ContextEditError';
  readonly reason: ContextEditReason;
}

export interface DidEditContextEvent {
  /** The session file whose context was edited. */
  sessionFile: string;
  /** The new `context_edit` entries, in the order they were added. */
  entryIds: readonly string[];
  /** The entries they edit, in the same order. */
  targetIds: readonly string[];
  /** Another program (the `arbor` CLI, pi, another window) wrote them to the file; false when made in this window. */
  byOtherProgram: boolean;
}

export interface DidNavigateTreeEvent {
  newLeafId: string | null;
  oldLeafId: string | null;
  summaryEntry?: SessionEntry;
  fromExtension?: boolean;
}

/** An entry of the session file (pi's JSONL format, version 3); `type` says which fields it has. */
export interface SessionEntry {
  readonly type: string;
  readonly id: string;
  readonly parentId: string | null;
  readonly timestamp: string;
  readonly [field: string]: unknown;
}

export interface CompactionEntry extends SessionEntry {
  readonly type: 'compaction';
  readonly summary: string;
  readonly firstKeptEntryId: string;
  readonly tokensBefore: number;
  readonly details?: unknown;
  readonly fromHook?: boolean;
}

/** A message in the context: `user`, `assistant`, `toolResult`, `bashExecution`, `custom`, `branchSummary`, `compactionSummary`. */
export interface AgentMessage {
  readonly role: string;
  readonly [field: string]: unknown;
}

/** A message as the model receives it. */
export interface LlmMessage {
  readonly role: 'user' | 'assistant' | 'toolResult';
  readonly content: unknown;
  readonly [field: string]: unknown;
}
