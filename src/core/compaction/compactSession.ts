/**
 * Prepare → summarize → persist, on a live session (the core of a compaction run). The entry is
 * appended only after every request succeeded and the signal did not fire: a cancelled or failed
 * compaction writes nothing.
 */
import { checkPinBudget, DEFAULT_PIN_BUDGET, pinnedBefore, pinnedIds } from '../pins';
import { piEstimator } from '../tokens';
import type { Session } from '../session';
import { arborRecordJson, compact, type CompactionResult, type CompactOptions } from './compact';
import type { ExplicitCutProblem } from './explicitCut';
import { prepareCompaction, whyNothingToPrepare, type PrepareOptions } from './prepare';
import type { CompactionSettings } from './settings';
import { throwIfCancelled } from './summarizer';

export interface CompactSessionOptions extends CompactOptions, Omit<PrepareOptions, 'maxOutputTokens' | 'estimator'> {
  settings: CompactionSettings;
  /** Tokens the pinned section may take before the user is warned (`arbor.compaction.pinBudget`); default 4000. */
  pinBudget?: number | undefined;
}

export type NothingToCompactReason = 'already-compacted' | 'empty-session' | 'unmigrated' | 'empty-span' | ExplicitCutProblem;

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

export type CompactSessionOutcome =
  /** `pinWarning`: the pinned section is over the pin budget (every pin was still carried). */
  | { kind: 'compacted'; entryId: string; result: CompactionResult; pinWarning?: string }
  | { kind: 'nothing-to-compact'; reason: NothingToCompactReason };

/**
 * Compacts the session's current branch (up to `upToEntryId` when given, else by the
 * keep-recent budget). Throws `CompactionError` (cancelled / summarization-failed).
 */
export async function compactSession(session: Session, options: CompactSessionOptions): Promise<CompactSessionOutcome> {
  const path = session.getBranch();
  const preparation = prepareCompaction(path, options.settings, {
    estimator: options.estimator,
    measure: options.measure,
    contextWindow: options.contextWindow,
    maxOutputTokens: options.maxOutputTokens,
    cwd: options.cwd ?? session.cwd,
    ...(options.ignoreStaleUsage !== undefined ? { ignoreStaleUsage: options.ignoreStaleUsage } : {}),
    upToEntryId: options.upToEntryId,
  });
  if (!preparation) return { kind: 'nothing-to-compact', reason: whyNothingToPrepare(path, options) };
  const pinned = pinnedBefore(path, preparation.firstKeptEntryIndex, pinnedIds(session.entries));
  const outcome = await compact(preparation, { ...options, pinned });
  if (outcome.kind !== 'compacted') return outcome;
  throwIfCancelled(options.signal);
  const { result } = outcome;
  const entryId = await session.appendCompaction({
    summary: result.summary,
    firstKeptEntryId: result.firstKeptEntryId,
    tokensBefore: result.tokensBefore,
    details: { readFiles: result.details.readFiles, modifiedFiles: result.details.modifiedFiles },
    usage: result.usage,
    fromHook: false,
    extra: { arbor: arborRecordJson(result.arbor) },
  });
  const { warning } = checkPinBudget(pinned, options.pinBudget ?? DEFAULT_PIN_BUDGET, options.estimator ?? piEstimator);
  return { kind: 'compacted', entryId, result, ...(warning !== undefined ? { pinWarning: warning } : {}) };
}
