/**
 * One compaction as the agent runs it: a manual run first stops the running
 * turn; every run is bracketed by `compaction_start` / `compaction_end` events with pi 0.73.1's
 * payloads; failures and cancellation become the end event's `errorMessage` / `aborted` with pi's
 * texts. Nothing is written unless the whole compaction succeeded (see `compactSession`).
 *
 * A manual run rejects on failure, so the command can tell the user; an automatic run never
 * rejects: the end event carries the outcome and the agent continues.
 */
import type { Session } from '../session';
import { compactSession, type CompactSessionOptions, type CompactSessionOutcome, type NothingToCompactReason } from './compactSession';
import type { CompactionResult } from './compact';
import { CompactionError } from './summarizer';
import { errorMessage } from '../util/errors';

export type CompactionRunReason = 'manual' | 'threshold' | 'overflow';

export type CompactionEvent =
  | { type: 'compaction_start'; reason: CompactionRunReason }
  | {
      type: 'compaction_end';
      reason: CompactionRunReason;
      result?: CompactionResult;
      aborted: boolean;
      willRetry: boolean;
      errorMessage?: string;
    };

export interface RunCompactionOptions extends CompactSessionOptions {
  reason: CompactionRunReason;
  /** True for overflow recovery: the agent retries the failed request afterwards. */
  willRetry?: boolean;
  /** Called first for a manual run: pi stops the running turn before compacting. */
  stopRunningTurn?: () => void | Promise<void>;
  emit: (event: CompactionEvent) => void;
}

/** What the user is told when there is nothing to compact. */
export const NOTHING_TO_COMPACT_TEXT: Record<NothingToCompactReason, string> = {
  'already-compacted': 'Already compacted',
  'empty-session': 'Nothing to compact (session too small)',
  'empty-span': 'Nothing to compact (all of it fits in the recent messages kept verbatim)',
  unmigrated: 'Nothing to compact (the session file needs migration)',
  'not-on-branch': 'Nothing to compact: that entry is not on the current branch',
  'nothing-before': 'Nothing to compact up to that entry: no message up to it is left that an earlier compaction does not already summarize',
  'nothing-after': 'Nothing to compact up to that entry: no message follows it on the current branch, and a compaction keeps at least one',
};

const FAILURE_PREFIX: Record<CompactionRunReason, string> = {
  manual: 'Compaction failed: ',
  threshold: 'Auto-compaction failed: ',
  overflow: 'Context overflow recovery failed: ',
};

export async function runCompaction(session: Session, options: RunCompactionOptions): Promise<CompactSessionOutcome | undefined> {
  const { reason, emit } = options;
  const willRetry = options.willRetry ?? false;
  if (reason === 'manual') await options.stopRunningTurn?.();
  emit({ type: 'compaction_start', reason });
  try {
    const outcome = await compactSession(session, options);
    if (outcome.kind === 'compacted') {
      emit({ type: 'compaction_end', reason, result: outcome.result, aborted: false, willRetry });
      return outcome;
    }
    // An automatic run with nothing to do just ends; a manual one reports why.
    if (reason !== 'manual') {
      emit({ type: 'compaction_end', reason, aborted: false, willRetry: false });
      return outcome;
    }
    throw new Error(NOTHING_TO_COMPACT_TEXT[outcome.reason]);
  } catch (error) {
    const cancelled = error instanceof CompactionError && error.reason === 'cancelled';
    emit(
      cancelled
        ? { type: 'compaction_end', reason, aborted: true, willRetry: false }
        : { type: 'compaction_end', reason, aborted: false, willRetry: false, errorMessage: FAILURE_PREFIX[reason] + errorMessage(error) },
    );
    if (reason === 'manual') throw error;
    return undefined;
  }
}
