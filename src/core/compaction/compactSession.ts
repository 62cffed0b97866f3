/**
 * Prepare → summarize → persist, on a live session (COMPACTION §5 steps 4–8). The entry is
 * appended only after every request succeeded and the signal did not fire: a cancelled or failed
 * compaction writes nothing.
 */
import type { Session } from '../session';
import { arborRecordJson, compact, type CompactionResult, type CompactOptions } from './compact';
import { prepareCompaction, type PrepareOptions } from './prepare';
import type { CompactionSettings } from './settings';
import { throwIfCancelled } from './summarizer';

export interface CompactSessionOptions extends CompactOptions, Omit<PrepareOptions, 'maxOutputTokens' | 'estimator'> {
  settings: CompactionSettings;
}

export type NothingToCompactReason = 'already-compacted' | 'empty-session' | 'unmigrated' | 'empty-span';

export type CompactSessionOutcome =
  | { kind: 'compacted'; entryId: string; result: CompactionResult }
  | { kind: 'nothing-to-compact'; reason: NothingToCompactReason };

/** Compacts the session's current branch. Throws `CompactionError` (cancelled / summarization-failed). */
export async function compactSession(session: Session, options: CompactSessionOptions): Promise<CompactSessionOutcome> {
  const path = session.getBranch();
  const preparation = prepareCompaction(path, options.settings, {
    estimator: options.estimator,
    contextWindow: options.contextWindow,
    maxOutputTokens: options.maxOutputTokens,
    cwd: options.cwd ?? session.cwd,
    ...(options.ignoreStaleUsage !== undefined ? { ignoreStaleUsage: options.ignoreStaleUsage } : {}),
  });
  if (!preparation) {
    const last = path[path.length - 1];
    return { kind: 'nothing-to-compact', reason: !last ? 'empty-session' : last.type === 'compaction' ? 'already-compacted' : 'unmigrated' };
  }
  const outcome = await compact(preparation, options);
  if (outcome.kind !== 'compacted') return outcome;
  throwIfCancelled(options.signal);
  const { result } = outcome;
  const entryId = await session.appendCompaction({
    summary: result.summary,
    firstKeptEntryId: result.firstKeptEntryId,
    tokensBefore: result.tokensBefore,
    details: { readFiles: result.details.readFiles, modifiedFiles: result.details.modifiedFiles },
    fromHook: false,
    extra: { arbor: arborRecordJson(result.arbor) },
  });
  return { kind: 'compacted', entryId, result };
}
