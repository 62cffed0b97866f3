/**
 * Prepare → summarize → persist, on a live session (the core of a compaction run). The entry is
 * appended only after every request succeeded and the signal did not fire: a cancelled or failed
 * compaction writes nothing.
 */
import type { Session } from '../session';
import { arborRecordJson, compact, type CompactionResult, type CompactOptions } from './compact';
import type { ExplicitCutProblem } from './explicitCut';
import { prepareCompaction, whyNothingToPrepare, type PrepareOptions } from './prepare';
import type { CompactionSettings } from './settings';
import { throwIfCancelled } from './summarizer';

export interface CompactSessionOptions extends CompactOptions, Omit<PrepareOptions, 'maxOutputTokens' | 'estimator'> {
  settings: CompactionSettings;
}

export type NothingToCompactReason = 'already-compacted' | 'empty-session' | 'unmigrated' | 'empty-span' | ExplicitCutProblem;

export type CompactSessionOutcome =
  | { kind: 'compacted'; entryId: string; result: CompactionResult }
  | { kind: 'nothing-to-compact'; reason: NothingToCompactReason };

/**
 * Compacts the session's current branch (up to `upToEntryId` when given, else by the
 * keep-recent budget). Throws `CompactionError` (cancelled / summarization-failed).
 */
export async function compactSession(session: Session, options: CompactSessionOptions): Promise<CompactSessionOutcome> {
  const path = session.getBranch();
  const preparation = prepareCompaction(path, options.settings, {
    estimator: options.estimator,
    contextWindow: options.contextWindow,
    maxOutputTokens: options.maxOutputTokens,
    cwd: options.cwd ?? session.cwd,
    ...(options.ignoreStaleUsage !== undefined ? { ignoreStaleUsage: options.ignoreStaleUsage } : {}),
    upToEntryId: options.upToEntryId,
  });
  if (!preparation) return { kind: 'nothing-to-compact', reason: whyNothingToPrepare(path, options) };
  const outcome = await compact(preparation, options);
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
  return { kind: 'compacted', entryId, result };
}
