/**
 * How the chat and the meter's tooltip write a session's totals: a short line for the side bar
 * ("Spent $0.041 · 48.2k tokens processed on this branch · $0.063 in all") and the full lines for the tooltip,
 * replies and summaries apart (and, when there are any, tools' own model work and other recorded
 * usage). Numbers only: nothing here comes from the session's text.
 */
import { formatTokens } from './meterText';
import { SPEND_PARTS, type SessionTotals, type SpendTotals, type TokenSpend } from './totals';

/** "$0" for nothing, three decimals under a dime (one reply costs a fraction of a cent), else two. */
export function formatDollars(cost: number): string {
  if (cost === 0) return '$0';
  return `$${cost.toFixed(cost < 0.1 ? 3 : 2)}`;
}

/** Dollars, marked "≥" when some usage had no price (counted as $0, so the sum is a floor). */
function dollarsOf(spend: TokenSpend): string {
  return `${spend.unpriced > 0 ? '≥' : ''}${formatDollars(spend.cost)}`;
}

/** The chat's line; undefined when nothing was spent yet (no usage recorded in the file). */
export function totalsLine(totals: SessionTotals): string | undefined {
  const { branch, session } = totals;
  if (session.count === 0) return undefined;
  // "processed": every token sent and received, told apart from the meter's tokens in the context.
  const here = `${dollarsOf(branch)} · ${formatTokens(branch.totalTokens)} tokens processed`;
  // One branch (or every usage on it): the file's total says nothing more.
  if (branch.count === session.count) return `Spent ${here}`;
  return `Spent ${here} on this branch · ${dollarsOf(session)} in all`;
}

/** The tooltip's lines: the branch and the whole file, each with replies and summaries apart. */
export function totalsDetails(totals: SessionTotals): string[] {
  const lines = [...block('This branch', totals.branch), ...block('Whole session (all branches)', totals.session)];
  if (totals.session.unpriced > 0) lines.push(`${totals.session.unpriced} usage(s) recorded no cost and their model has no known price: counted as $0.`);
  return lines;
}

/** What each part is called where it is written; tools and other usage only when there is some. */
export const SPEND_PART_NAMES: Record<(typeof SPEND_PARTS)[number], string> = { replies: 'replies', summaries: 'summaries', tools: 'tools', other: 'other usage' };

/** The parts a total is written with: replies and summaries always, the others when they counted something. */
export function shownParts(spend: SpendTotals): (typeof SPEND_PARTS)[number][] {
  return SPEND_PARTS.filter((part) => part === 'replies' || part === 'summaries' || spend[part].count > 0);
}

function block(title: string, spend: SpendTotals): string[] {
  const parts = shownParts(spend).map((part) => `${SPEND_PART_NAMES[part]} (${spend[part].count}): ${spendText(spend[part])}`);
  return [`${title}: ${spendText(spend)}`, `   ${parts.join('; ')}`];
}

function spendText(spend: TokenSpend): string {
  return `${spend.totalTokens.toLocaleString('en-US')} tokens, ${dollarsOf(spend)}`;
}
