/**
 * `arbor tokens <file> [--at ID] [--estimator pi|tokenizer] [--context-window N]`: the context
 * size Arbor's meter shows — the last usage the provider reported among the context messages,
 * plus an estimate of the messages after it; pi 1.6's projected estimate with `--estimator pi`. A
 * usage recorded before the latest context edit or compaction on the path is not used (it
 * measured another context).
 */
import { projectPath } from '../../core/session';
import { measureProjection, type UsageInvalidation } from '../../core/tokens';
import { integerFlag, stringFlag } from '../args';
import { ESTIMATOR_FLAG, LEAF_FLAG, type Command } from '../command';
import { chooseEstimator, type EstimatorChoice } from '../estimators';
import { loadForCli, resolveLeaf } from '../load';

export interface TokensReport {
  estimator: EstimatorChoice;
  contextTokens: number;
  reportedTokens: number;
  estimatedTokens: number;
  contextWindow?: number;
}

export const tokensCommand: Command = {
  name: 'tokens',
  usage: '[--at ID] [--estimator pi|tokenizer] [--context-window N]',
  summary: 'context size at the current position or --at: API-reported usage + estimate of what follows',
  flags: [LEAF_FLAG, ESTIMATOR_FLAG, { name: 'context-window', kind: 'string', value: 'N' }],
  async run({ file, args }) {
    const window = integerFlag(args, 'context-window');
    const { choice, estimator } = await chooseEstimator(args);
    const loaded = await loadForCli(file);
    const leafId = resolveLeaf(loaded, stringFlag(args, 'at'));
    const path = loaded.tree.pathTo(leafId);
    const measure = measureProjection(projectPath(path), path, { estimator });
    const report: TokensReport = {
      estimator: choice,
      contextTokens: measure.contextTokens,
      reportedTokens: measure.reportedTokens,
      estimatedTokens: measure.estimatedTokens,
    };
    if (window !== undefined && window > 0) report.contextWindow = window;
    return { json: () => report, text: () => renderTokens(report, leafId, measure.staleUsage) };
  },
};

function renderTokens(report: TokensReport, leafId: string | null, stale: UsageInvalidation | undefined): string {
  const lines = [
    `context at ${leafId ?? '(before the first entry)'}: ${report.contextTokens} tokens = ${report.reportedTokens} reported by the API + ${report.estimatedTokens} estimated (${report.estimator} estimator)`,
  ];
  if (report.contextWindow) {
    lines.push(`${((report.contextTokens / report.contextWindow) * 100).toFixed(1)}% of a ${report.contextWindow}-token window`);
  }
  if (stale) lines.push(`a usage reported before the latest ${stale === 'compaction' ? 'compaction' : 'context edit'} was not used: it measured the context before it`);
  return `${lines.join('\n')}\n`;
}
