/**
 * Prepare → summarize → persist, on a live session (the core of a compaction run). The entry is
 * appended only after every request succeeded and the signal did not fire: a cancelled or failed
 * compaction writes nothing.
 */
import type { ArborHooks } from '../hooks/hooks';
import type { CompactionReason } from '../hooks/types';
import { checkPinBudget, DEFAULT_PIN_BUDGET, pinnedBefore, pinnedIds, type PinnedMessage } from '../pins';
import { piEstimator } from '../tokens';
import type { HookCompaction } from '../hooks/types';
import type { CompactionEntry, Session } from '../session';
import { arborRecordJson, compact, type CompactionResult, type CompactOptions } from './compact';
import { givenSummaryResult } from './givenSummary';
import { askCompactionHooks, suppliedResult } from './hookedCompaction';
import type { ExplicitCutProblem } from './explicitCut';
import { prepareCompaction, whyNothingToPrepare, type CompactionPreparation, type PrepareOptions } from './prepare';
import type { CompactionSettings } from './settings';
import { asCompactionError, CompactionError, throwIfCancelled } from './summarizer';
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
  /** A summary written exactly as given (`arbor compact --summary-file`): no handler and no model is asked. */
  summary?: string | undefined;
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

/** Why a proposal is not written: the session is no longer at the position it was made at. */
export const MOVED_SINCE_PROPOSED = 'The session moved since this compaction was proposed: compact it again from here';

export type CompactSessionOutcome =
  /** `pinWarning`: the pinned section is over the pin budget (every pin was still carried). */
  | { kind: 'compacted'; entryId: string; result: CompactionResult; pinWarning?: string }
  | { kind: 'nothing-to-compact'; reason: NothingToCompactReason };

/** A compaction ready to be written: its summary in hand (paid for, if the model wrote it), nothing written yet. */
export interface CompactionProposal {
  /** The position it was made at: it is written only there. */
  leafId: string | null;
  preparation: CompactionPreparation;
  result: CompactionResult;
  /** The pinned messages its summary carries. */
  pinned: PinnedMessage[];
  /** A handler's compaction (pi's `fromHook`), written as it came. */
  fromHook: boolean;
  /** The handler's compaction, when one was supplied. */
  supplied?: HookCompaction;
  /** The model was asked for the summary: its usage is written with the entry. */
  paid: boolean;
}

export type ProposeCompactionOutcome = { kind: 'proposed'; proposal: CompactionProposal } | { kind: 'nothing-to-compact'; reason: NothingToCompactReason };

/**
 * Compacts the session's current branch (up to `upToEntryId` when given, else by the
 * keep-recent budget). Throws `CompactionError` (cancelled / summarization-failed).
 */
export async function compactSession(session: Session, options: CompactSessionOptions): Promise<CompactSessionOutcome> {
  const proposed = await proposeCompaction(session, options);
  if (proposed.kind !== 'proposed') return proposed;
  return writeCompaction(session, proposed.proposal, options);
}

/**
 * Everything of a compaction but its entry: the preparation, the handlers' decision and the
 * summary (the model's, a handler's, or `options.summary` as given). Writes nothing, so a preview
 * can show it and `writeCompaction` write it later without a second request.
 */
export async function proposeCompaction(session: Session, options: CompactSessionOptions): Promise<ProposeCompactionOutcome> {
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
  const base = { leafId: session.leafId, preparation, fromHook: false, paid: false };
  if (options.summary !== undefined) {
    if (preparation.messagesToSummarize.length === 0 && preparation.turnPrefixMessages.length === 0) return { kind: 'nothing-to-compact', reason: 'empty-span' };
    return { kind: 'proposed', proposal: { ...base, result: givenSummaryResult(preparation, options.summary, options), pinned: [] } };
  }
  const ask = { preparation, branch: path, customInstructions: options.customInstructions, reason: options.reason ?? 'manual', willRetry: options.willRetry ?? false, signal: options.signal };
  const decision = await askCompactionHooks(options.hooks, ask);
  if (decision.kind === 'supplied') {
    // A failure from here on, a stop included, is that of a handler's compaction.
    try {
      throwIfCancelled(options.signal);
      const { result, pinned } = suppliedResult(path, preparation, decision, { ...options, pinnedIds: pinnedIds(session.entries) });
      return { kind: 'proposed', proposal: { ...base, result, pinned, fromHook: true, supplied: decision.compaction } };
    } catch (error) {
      throw asCompactionError(error, true);
    }
  }
  throwIfCancelled(options.signal);
  const pinned = pinnedBefore(path, preparation.firstKeptEntryIndex, pinnedIds(session.entries));
  const outcome = await compact(preparation, { ...options, pinned });
  if (outcome.kind !== 'compacted') return outcome;
  throwIfCancelled(options.signal);
  return { kind: 'proposed', proposal: { ...base, result: outcome.result, pinned, paid: true } };
}

/**
 * Writes a proposal at the position it was made at (else `CompactionError('failed')`: propose it
 * again there). `summary`: the text the user accepted, when it differs from the proposal's; it is
 * written exactly, and the sizes are measured for it.
 */
export async function writeCompaction(session: Session, proposal: CompactionProposal, options: WriteCompactionOptions): Promise<CompactSessionOutcome> {
  try {
    return await writeProposal(session, proposal, options);
  } catch (error) {
    // The failure event says whether a handler's compaction was being written.
    throw proposal.fromHook ? asCompactionError(error, true) : error;
  }
}

export type WriteCompactionOptions = Pick<CompactSessionOptions, 'hooks' | 'reason' | 'willRetry' | 'pinBudget' | 'estimator' | 'measure' | 'now' | 'customInstructions' | 'stopPoints' | 'signal'> & {
  summary?: string | undefined;
};

async function writeProposal(session: Session, proposal: CompactionProposal, options: WriteCompactionOptions): Promise<CompactSessionOutcome> {
  throwIfCancelled(options.signal);
  if (session.leafId !== proposal.leafId) throw new CompactionError('failed', MOVED_SINCE_PROPOSED);
  const edited = options.summary !== undefined && options.summary !== proposal.result.summary;
  // A summary the user changed says so (in Arbor's record, which pi ignores): the card and the tree tell it.
  const result = edited ? markEdited(givenSummaryResult(proposal.preparation, options.summary!, options, proposal.result)) : proposal.result;
  const { fromHook, supplied } = proposal;
  // A handler's compaction is written as it came: its own details and usage, or none.
  const details = fromHook ? supplied?.details : { readFiles: result.details.readFiles, modifiedFiles: result.details.modifiedFiles };
  const usage = fromHook ? supplied?.usage && result.usage : proposal.paid ? result.usage : undefined;
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
  const { warning } = checkPinBudget(proposal.pinned, options.pinBudget ?? DEFAULT_PIN_BUDGET, options.estimator ?? piEstimator);
  return { kind: 'compacted', entryId, result, ...(warning !== undefined ? { pinWarning: warning } : {}) };
}

function markEdited(result: CompactionResult): CompactionResult {
  return { ...result, arbor: { ...result.arbor, summaryEdited: true } };
}
