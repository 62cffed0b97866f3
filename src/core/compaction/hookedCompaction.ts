/**
 * A compaction with other extensions asked first (pi's `session_before_compact`): a handler may
 * cancel it or supply the summary, which is then written as it came (`fromHook: true`, no file
 * lists appended, no model asked) — except for the pinned section: pins promise that no compaction
 * loses a pinned message, and the previous summary a handler is shown has that section taken out
 * (see prepare.ts), so Arbor appends it to a supplied summary as to its own. A supplied compaction
 * that fails the checks in hooks/answers.ts is reported and the default summary runs instead.
 */
import { checkHookCompaction } from '../hooks/answers';
import type { HookOwner } from '../hooks/chain';
import type { ArborHooks, CompactionAsk } from '../hooks/hooks';
import type { HookCompaction, HookCompactionPreparation } from '../hooks/types';
import { formatPinnedSection, pinnedBefore, type PinnedMessage } from '../pins';
import type { SessionEntry } from '../session';
import { piEstimator } from '../tokens';
import type { CompactionResult, CompactOptions } from './compact';
import { tokensAfterCompaction, type CompactionPreparation } from './prepare';
import { CompactionError } from './summarizer';

export type HookDecision = { kind: 'default' } | { kind: 'supplied'; compaction: HookCompaction; by: HookOwner };

/** What a compaction tells the handlers, with its preparation as compaction made it. */
export type CompactionHookAsk = Omit<CompactionAsk, 'preparation'> & { preparation: CompactionPreparation };

/** What the handlers decided; a cancel throws `CompactionError('cancelled-by-extension')`. */
export async function askCompactionHooks(hooks: ArborHooks | undefined, ask: CompactionHookAsk): Promise<HookDecision> {
  if (!hooks) return { kind: 'default' };
  const outcome = await hooks.beforeCompact({ ...ask, preparation: hookPreparation(ask.preparation) });
  if (outcome.kind === 'cancel') throw new CompactionError('cancelled-by-extension', `Compaction cancelled by ${outcome.by.name}`, { by: outcome.by });
  if (outcome.kind === 'none') return { kind: 'default' };
  const checked = checkHookCompaction(outcome.result.compaction, ask.branch);
  if (checked.ok) return { kind: 'supplied', compaction: checked.value, by: outcome.by };
  hooks.refused(outcome.by, `its compaction was not used (${checked.problem}); Arbor's own summary is written instead`);
  return { kind: 'default' };
}

/**
 * The result of a supplied compaction, with Arbor's record measured as for its own, and the pinned
 * messages before the handler's first kept entry appended to its summary (`pinned` returns them).
 */
export function suppliedResult(
  branch: readonly SessionEntry[],
  preparation: CompactionPreparation,
  supplied: { compaction: HookCompaction; by: HookOwner },
  options: Pick<CompactOptions, 'estimator' | 'measure'> & { pinnedIds: ReadonlySet<string> },
): { result: CompactionResult; pinned: PinnedMessage[] } {
  const { compaction } = supplied;
  const kept = branch.findIndex((entry) => entry.id === compaction.firstKeptEntryId);
  const pinned = pinnedBefore(branch, kept, options.pinnedIds);
  const pinnedSection = formatPinnedSection(pinned);
  const summary = compaction.summary + pinnedSection;
  const tokensAfter = tokensAfterCompaction(branch, { summary, firstKeptEntryId: compaction.firstKeptEntryId, tokensBefore: compaction.tokensBefore }, { estimator: options.estimator ?? piEstimator, ...options.measure });
  const result: CompactionResult = {
    summary,
    firstKeptEntryId: compaction.firstKeptEntryId,
    tokensBefore: compaction.tokensBefore,
    details: { readFiles: [], modifiedFiles: [] },
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, ...compaction.usage },
    arbor: {
      tokensAfter,
      requests: 0,
      chunks: 0,
      durationMs: 0,
      summarizedEntries: branch.slice(preparation.boundaryStart, kept).filter((entry) => entry.type === 'message' || entry.type === 'custom_message' || entry.type === 'branch_summary').length,
      adjustments: [],
      byExtension: supplied.by.id,
      ...(pinned.length > 0 ? { pins: { ids: pinned.map((pin) => pin.id), chars: pinnedSection.length } } : {}),
    },
  };
  return { result, pinned };
}

/** What handlers see of a preparation: the file operations as sorted arrays (a frozen Set could still change). */
export function hookPreparation(preparation: CompactionPreparation): HookCompactionPreparation {
  const sorted = (set: Set<string>): string[] => [...set].sort();
  return {
    firstKeptEntryId: preparation.firstKeptEntryId,
    messagesToSummarize: preparation.messagesToSummarize,
    turnPrefixMessages: preparation.turnPrefixMessages,
    isSplitTurn: preparation.isSplitTurn,
    tokensBefore: preparation.tokensBefore,
    previousSummary: preparation.previousSummary,
    fileOps: { read: sorted(preparation.fileOps.read), written: sorted(preparation.fileOps.written), edited: sorted(preparation.fileOps.edited) },
    settings: preparation.settings,
  };
}
