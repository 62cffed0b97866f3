/**
 * Prepare → summarize → persist, on a live session (the core of a compaction run). The entry is
 * appended only after every request succeeded and the signal did not fire: a cancelled or failed
 * compaction writes nothing.
 */
import type { ArborHooks } from '../hooks/hooks';
import type { CompactionReason } from '../hooks/types';
import { checkPinBudget, DEFAULT_PIN_BUDGET, pinnedBefore, pinnedIds, type PinnedMessage } from '../pins';
import { piEstimator } from '../tokens';
import type { CompactionEntry, Session, SessionEntry } from '../session';
import { arborRecordJson, compact, type CompactionResult, type CompactOptions } from './compact';
import { askCompactionHooks, suppliedResult, type HookDecision } from './hookedCompaction';
import type { ExplicitCutProblem } from './explicitCut';
import { prepareCompaction, whyNothingToPrepare, type CompactionPreparation, type PrepareOptions } from './prepare';
import type { CompactionSettings } from './settings';
import { asCompactionError, throwIfCancelled } from './summarizer';
import { noStopPoints, type StopPoints } from '../util/stopPoints';

export interface CompactSessionOptions extends CompactOptions, Omit<PrepareOptions, 'maxOutputTokens' | 'estimator'> {
  settings: CompactionSettings;
  /** Other extensions' handlers, asked before the summary is written (none: Arbor's summary). */
  hooks?: ArborHooks | undefined;
  /** For the handlers: why the compaction runs (default manual) and whether the overflowed request is sent again. */
  reason?: CompactionReason | undefined;
  willRetry?: boolean | undefined;
  /** Tokens the pinned section may take before the user is warned (`arbor.compaction.pinBudget`); default 4000. */
  pinBudget?: number | undefined;
  /** Where a kill test freezes the process: once the summary is in hand, before its entry is written. */
  stopPoints?: StopPoints | undefined;
}

export type NothingToCompactReason = 'already-compacted' | 'empty-session' | 'unmigrated' | 'empty-span' | ExplicitCutProblem;

/** What the user is told when there is nothing to compact. */
export const NOTHING_TO_COMPACT_TEXT = {
  'already-compacted': 'Already compacted',
  'empty-session': 'Nothing to compact (session too small)',
  'empty-span': 'Nothing to compact (all of it fits in the recent messages kept verbatim)',
  unmigrated: 'Nothing to compact (the session file needs migration)',
  'not-on-branch': 'Nothing to compact: that entry is not on the current branch',
  'nothing-before': 'Nothing to compact up to that entry: no message up to it is left that an earlier compaction does not already summarize',
  'nothing-after': 'Nothing to compact up to that entry: no message follows it on the current branch, and a compaction keeps at least one',
} as const satisfies Record<NothingToCompactReason, string>;

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
  const ask = { preparation, branch: path, customInstructions: options.customInstructions, reason: options.reason ?? 'manual', willRetry: options.willRetry ?? false, signal: options.signal };
  const decision = await askCompactionHooks(options.hooks, ask);
  try {
    return await compactDecided(session, path, preparation, decision, options);
  } catch (error) {
    // The failure event says whether a handler's compaction was being written.
    throw decision.kind === 'supplied' ? asCompactionError(error, true) : error;
  }
}

/** The rest of a compaction once the handlers decided: the summary, the entry, the after-event. */
async function compactDecided(session: Session, path: SessionEntry[], preparation: CompactionPreparation, decision: HookDecision, options: CompactSessionOptions): Promise<CompactSessionOutcome> {
  throwIfCancelled(options.signal);
  const pins = pinnedIds(session.entries);
  let result: CompactionResult;
  // The pins carried: before the first kept entry the summary's writer chose.
  let pinned: PinnedMessage[];
  if (decision.kind === 'supplied') {
    ({ result, pinned } = suppliedResult(path, preparation, decision, { ...options, pinnedIds: pins }));
  } else {
    pinned = pinnedBefore(path, preparation.firstKeptEntryIndex, pins);
    const outcome = await compact(preparation, { ...options, pinned });
    if (outcome.kind !== 'compacted') return outcome;
    throwIfCancelled(options.signal);
    result = outcome.result;
  }
  const fromHook = decision.kind === 'supplied';
  // A handler's compaction is written as it came: its own details and usage, or none.
  const details = fromHook ? decision.compaction.details : { readFiles: result.details.readFiles, modifiedFiles: result.details.modifiedFiles };
  const usage = fromHook ? decision.compaction.usage && result.usage : result.usage;
  // The summary is paid for but nothing is written yet: a process killed here leaves the file as it was.
  (options.stopPoints ?? noStopPoints).reached('compaction');
  const entryId = await session.appendCompaction({
    summary: result.summary,
    firstKeptEntryId: result.firstKeptEntryId,
    tokensBefore: result.tokensBefore,
    ...(details !== undefined ? { details } : {}),
    ...(usage ? { usage } : {}),
    fromHook,
    extra: { arbor: arborRecordJson(result.arbor) },
  });
  const entry = session.getEntry(entryId);
  if (options.hooks && entry?.type === 'compaction') options.hooks.didCompact({ compactionEntry: entry as CompactionEntry, fromExtension: fromHook, reason: options.reason ?? 'manual', willRetry: options.willRetry ?? false });
  const { warning } = checkPinBudget(pinned, options.pinBudget ?? DEFAULT_PIN_BUDGET, options.estimator ?? piEstimator);
  return { kind: 'compacted', entryId, result, ...(warning !== undefined ? { pinWarning: warning } : {}) };
}
