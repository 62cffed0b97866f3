/**
 * A compaction whose summary someone gave rather than the model wrote — a file passed to `arbor
 * compact --summary-file`, or a proposed summary the user changed before accepting it: the summary
 * is kept exactly as given (nothing appended: no pinned section, no file blocks), while the cut, the
 * file lists and the sizes are the preparation's, computed as for any compaction. No model is asked.
 * A changed proposal that still ends with the pinned section Arbor appended to it keeps its record,
 * so the next compaction takes the section out and rebuilds it from the pins (not twice).
 */
import { piEstimator } from '../tokens';
import type { CompactionResult, CompactOptions } from './compact';
import { computeFileLists, splitFileOperations } from './fileOps';
import type { PinnedSectionRecord } from './compact';
import { tokensAfterCompaction, type CompactionPreparation } from './prepare';

const NO_USAGE: CompactionResult['usage'] = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

/**
 * The result for `summary` on `preparation`. `spent`: a proposal the summary replaces, whose
 * requests were paid for (their usage and count stay on record); none: nothing was requested.
 */
export function givenSummaryResult(
  preparation: CompactionPreparation,
  summary: string,
  options: Pick<CompactOptions, 'estimator' | 'measure' | 'customInstructions'>,
  spent?: CompactionResult,
): CompactionResult {
  // Measured as `compact` measures its own summary: the meter's reading right after the compaction.
  const tokensAfter = tokensAfterCompaction(preparation.branch, { summary, firstKeptEntryId: preparation.firstKeptEntryId, tokensBefore: preparation.tokensBefore }, { estimator: options.estimator ?? piEstimator, ...options.measure });
  const { readFiles, modifiedFiles } = computeFileLists(preparation.fileOps);
  return {
    summary,
    firstKeptEntryId: preparation.firstKeptEntryId,
    tokensBefore: preparation.tokensBefore,
    details: { readFiles, modifiedFiles },
    usage: spent?.usage ?? NO_USAGE,
    arbor: {
      tokensAfter,
      ...(spent?.arbor.summarizerModel !== undefined ? { summarizerModel: spent.arbor.summarizerModel } : {}),
      requests: spent?.arbor.requests ?? 0,
      chunks: spent?.arbor.chunks ?? 0,
      durationMs: spent?.arbor.durationMs ?? 0,
      summarizedEntries: preparation.messagesToSummarize.length + preparation.turnPrefixMessages.length,
      adjustments: preparation.adjustments,
      ...(options.customInstructions ? { instructions: options.customInstructions } : {}),
      ...keptPins(summary, spent),
    },
  };
}

/** The proposal's pinned-section record, when `summary` still holds that section where the proposal had it (before any file blocks). */
function keptPins(summary: string, spent: CompactionResult | undefined): { pins?: PinnedSectionRecord } {
  const pins = spent?.arbor.pins;
  if (!pins || pins.chars <= 0) return {};
  const proposed = splitFileOperations(spent.summary).text;
  const section = proposed.slice(proposed.length - pins.chars);
  return section.length === pins.chars && splitFileOperations(summary).text.endsWith(section) ? { pins } : {};
}
