/**
 * `arbor cut-point <file> --keep-recent N [--at ID] [--estimator pi|tokenizer]`: where a
 * compaction keeping about N recent tokens would cut the path root → leaf.
 *
 * This is Arbor's `findCutPoint` on the context at the leaf (context edits honoured, the span after
 * the latest compaction), as pi 1.6's `prepareCompaction` cuts: with the pi estimator it gives
 * pi's answer except where Arbor keeps its own fix (settings or labels pulled in before a user
 * message do not make the previous turn a prefix; see docs/compaction.md).
 */
import { entryKind, projectPath, type SessionEntry } from '../../core/session';
import { compactionSpanStart, entryTokens, findCutPoint } from '../../core/compaction';
import type { TokenEstimator } from '../../core/tokens';
import { integerFlag, stringFlag } from '../args';
import { ESTIMATOR_FLAG, LEAF_FLAG, type Command } from '../command';
import { chooseEstimator, type EstimatorChoice } from '../estimators';
import { UsageError } from '../io';
import { loadForCli, resolveLeaf } from '../load';

export interface CutPointReport {
  /** Null only for an empty path. */
  firstKeptEntryId: string | null;
  turnStartEntryId: string | null;
  isSplitTurn: boolean;
  /** Estimate of the context-bearing entries from the cut to the leaf. */
  keptTokens: number;
}

export const cutPointCommand: Command = {
  name: 'cut-point',
  usage: '--keep-recent N [--at ID] [--estimator pi|tokenizer]',
  summary: 'where compaction would cut the path to keep about N recent tokens',
  flags: [{ name: 'keep-recent', kind: 'string', value: 'N' }, LEAF_FLAG, ESTIMATOR_FLAG],
  async run({ file, args }) {
    const keepRecent = integerFlag(args, 'keep-recent');
    if (keepRecent === undefined) throw new UsageError('option --keep-recent is required (tokens to keep)');
    const { choice, estimator } = await chooseEstimator(args);
    const loaded = await loadForCli(file);
    const leafId = resolveLeaf(loaded, stringFlag(args, 'at'));
    const path = loaded.tree.pathTo(leafId);
    const report = cutPointReport(path, keepRecent, estimator);
    return { json: () => report, text: () => renderCutPoint(report, path, keepRecent, choice) };
  },
};

export function cutPointReport(path: readonly SessionEntry[], keepRecent: number, estimator: TokenEstimator): CutPointReport {
  const entries = projectPath(path).entries;
  const cut = findCutPoint(entries, compactionSpanStart(entries), entries.length, keepRecent, { estimator });
  let keptTokens = 0;
  for (let i = cut.firstKeptEntryIndex; i < entries.length; i++) keptTokens += entryTokens(entries[i]!, estimator);
  return {
    firstKeptEntryId: entries[cut.firstKeptEntryIndex]?.entry.id ?? null,
    turnStartEntryId: cut.turnStartIndex >= 0 ? entries[cut.turnStartIndex]!.entry.id : null,
    isSplitTurn: cut.isSplitTurn,
    keptTokens,
  };
}

function renderCutPoint(report: CutPointReport, path: readonly SessionEntry[], keepRecent: number, estimator: EstimatorChoice): string {
  if (report.firstKeptEntryId === null) return `keep ${keepRecent} tokens: the path is empty, nothing to cut\n`;
  const first = path.find((entry) => entry.id === report.firstKeptEntryId)!;
  const index = path.indexOf(first);
  const split = report.isSplitTurn ? `; it splits the turn that starts at ${report.turnStartEntryId}` : '';
  return [
    `keep ${keepRecent} tokens (${estimator} estimator): first kept entry ${first.id} (${entryKind(first)}), entry ${index + 1} of ${path.length}${split}`,
    `kept: ${report.keptTokens} tokens in ${path.length - index} entries; summarized: ${index} entries`,
    '',
  ].join('\n');
}
