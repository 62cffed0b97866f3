/**
 * `arbor usage <file> [--at ID]`: what the session spent, in tokens and US dollars, on the
 * branch to the current position (or `--at`) and in the whole file, every branch included; each
 * with the parts the replies, the summaries (compactions and branch summaries), the tools' own
 * model work and the `usage` entries spent. The session's totals are pi 1.6's.
 */
import { anthropicPrices } from '../../core/llm';
import { sessionTotals, shownParts, SPEND_PART_NAMES, type SessionTotals, type SpendTotals, type TokenSpend } from '../../core/tokens';
import { stringFlag } from '../args';
import { LEAF_FLAG, type Command } from '../command';
import { loadForCli, resolveLeaf } from '../load';

export const usageCommand: Command = {
  name: 'usage',
  usage: '[--at ID]',
  summary: 'tokens and cost of the replies, summaries, tools and usage entries, on the branch and in the whole file',
  flags: [LEAF_FLAG],
  async run({ file, args }) {
    const loaded = await loadForCli(file);
    const leafId = resolveLeaf(loaded, stringFlag(args, 'at'));
    const totals = sessionTotals(loaded.tree.entries, loaded.tree.pathTo(leafId), anthropicPrices);
    return { json: () => totals, text: () => renderUsage(totals, leafId) };
  },
};

export function renderUsage(totals: SessionTotals, leafId: string | null): string {
  return [
    ...block(`branch to ${leafId ?? '(before the first entry)'}`, totals.branch),
    ...block('whole session (all branches)', totals.session),
    ...unpricedNote(totals.session),
  ].join('\n') + '\n';
}

function block(title: string, spend: SpendTotals): string[] {
  return [`${title}: ${line(spend)}`, ...shownParts(spend).map((part) => `  ${SPEND_PART_NAMES[part]} (${spend[part].count}): ${line(spend[part])}`)];
}

function line(spend: TokenSpend): string {
  return `${spend.totalTokens} tokens (input ${spend.input}, output ${spend.output}, cache read ${spend.cacheRead}, cache write ${spend.cacheWrite}), ${dollars(spend.cost)}`;
}

/** Four decimals: a single short reply costs a fraction of a cent. */
function dollars(cost: number): string {
  return `$${cost.toFixed(4)}`;
}

function unpricedNote(spend: SpendTotals): string[] {
  if (spend.unpriced === 0) return [];
  return [`${spend.unpriced} of them recorded no cost and their model has no known price: counted as $0.`];
}
