/**
 * What other extensions see of a compaction or a move, and what they may answer: pi 1.6.0's
 * `session_before_compact` / `session_before_tree` events and their results, and its after-events
 * (`session_compact`, `session_compact_failed`, `session_tree`), with Arbor's additions (a
 * summary's usage). Everything in an event is a frozen copy (see copy.ts).
 */
import type { CompactionSettings } from '../compaction/settings';
import type { AgentMessage, BranchSummaryEntry, CompactionEntry, Json, SessionEntry, Usage } from '../session';

/** Why a compaction runs: the user asked, the context passed the threshold, or the model said it overflowed. */
export type CompactionReason = 'manual' | 'threshold' | 'overflow';

/** pi's compaction preparation; the file operations as sorted arrays (a frozen Set could still change). */
export interface HookCompactionPreparation {
  firstKeptEntryId: string;
  messagesToSummarize: AgentMessage[];
  /** The beginning of the turn the cut goes through, when it splits one. */
  turnPrefixMessages: AgentMessage[];
  isSplitTurn: boolean;
  tokensBefore: number;
  previousSummary: string | undefined;
  fileOps: { read: string[]; written: string[]; edited: string[] };
  settings: CompactionSettings;
}

export interface WillCompactEvent {
  preparation: HookCompactionPreparation;
  /** Every entry on the current branch, root first. */
  branchEntries: SessionEntry[];
  /** The standing instructions and the manual focus, as the default summarizer would use them. */
  customInstructions: string | undefined;
  reason: CompactionReason;
  /** The request that overflowed is sent again after the compaction. */
  willRetry: boolean;
  /** Fires when the user stops the compaction or the handler's time is up. */
  signal: AbortSignal;
}

export interface HookCompaction {
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  /** What producing the summary cost, counted in the session's totals. */
  usage?: Usage;
  details?: Json;
}

export interface WillCompactResult {
  cancel?: boolean;
  compaction?: HookCompaction;
}

/** pi's tree preparation. */
export interface HookTreePreparation {
  targetId: string;
  oldLeafId: string | null;
  commonAncestorId: string | null;
  /** The entries of the branch being left, oldest first. */
  entriesToSummarize: SessionEntry[];
  userWantsSummary: boolean;
  customInstructions: string | undefined;
  replaceInstructions: boolean | undefined;
  label: string | undefined;
}

export interface WillNavigateTreeEvent {
  preparation: HookTreePreparation;
  signal: AbortSignal;
}

export interface WillNavigateTreeResult {
  cancel?: boolean;
  /** Used only when the user asked for a summary. */
  summary?: { summary: string; details?: Json; usage?: Usage };
  /** Present (even empty): replaces the move's instructions for the default summary. */
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
}

/** pi's `session_compact`. */
export interface DidCompactEvent {
  compactionEntry: CompactionEntry;
  /** The summary came from a handler. */
  fromExtension: boolean;
  reason: CompactionReason;
  /** The request that overflowed is sent again now. */
  willRetry: boolean;
}

/** pi's `session_compact_failed`: a compaction that failed or was stopped; nothing was written. */
export interface DidFailCompactionEvent {
  reason: CompactionReason;
  /** pi's words for the failure ("Compaction failed: …"); absent when the compaction was stopped or cancelled. */
  errorMessage?: string;
  /** The user stopped it, or a handler cancelled it. */
  aborted: boolean;
  /** It was an overflow recovery after which the request that overflowed would have been sent again. */
  willRetry: boolean;
  /** The compaction that failed was a handler's (its summary was being written). */
  fromExtension: boolean;
}

export interface DidNavigateTreeEvent {
  newLeafId: string | null;
  oldLeafId: string | null;
  summaryEntry?: BranchSummaryEntry;
  fromExtension?: boolean;
}
