/**
 * What a session spent, as pi 1.6 adds it up: the tokens and dollars of every reply (failed and
 * stopped ones too), every summary (compaction and branch summary, whose `usage` newer pi versions
 * and Arbor record), every tool result that records model work of its own (pi 1.6's `usage` on a
 * tool result) and every `usage` entry (model work outside a reply, such as pi's cache warming, of
 * any `kind`), for the current branch and for the whole file, every branch included. Computed from
 * entries already loaded: never a second read.
 *
 * The cost is the one recorded with the usage. A usage recorded without one (an older writer) is
 * priced at the prices `prices` gives for its provider and model (the providers' model information:
 * `anthropicPrices` for Arbor's price table of Claude models); otherwise it counts as unpriced, so a total is never passed off as complete when it is not. Counters that are not
 * finite non-negative numbers (a damaged or hostile file) count as 0.
 */
import { withCost } from '../llm/cost';
import type { ModelPrices } from '../llm/provider';
import { messageRole, type AssistantMessage, type SessionChange, type SessionEntry, type ToolResultMessage } from '../session';

export interface TokenSpend {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** The four counters added up. */
  totalTokens: number;
  /** US dollars. */
  cost: number;
  /** Usages counted. */
  count: number;
  /** Of those, usages with no recorded cost and no known price (their cost counts as 0). */
  unpriced: number;
}

export interface SpendTotals extends TokenSpend {
  /** The model's replies (assistant messages, failed and stopped ones included). */
  replies: TokenSpend;
  /** Compaction and branch-summary requests. */
  summaries: TokenSpend;
  /** Model work a tool did itself, recorded on its result. */
  tools: TokenSpend;
  /** `usage` entries: model work recorded outside a reply (pi's cache warming, an extension's). */
  other: TokenSpend;
}

/** The parts of a total, in the order they are shown. */
export const SPEND_PARTS = ['replies', 'summaries', 'tools', 'other'] as const;

export interface SessionTotals {
  /** The entries from the root to the current position. */
  branch: SpendTotals;
  /** Every entry of the file. */
  session: SpendTotals;
}

export function emptySpend(): TokenSpend {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: 0, count: 0, unpriced: 0 };
}

/** Totals over `entries` (file order) and over those of them on `branch` (the path to the position). */
export function sessionTotals(entries: readonly SessionEntry[], branch: readonly SessionEntry[], prices: ModelPrices): SessionTotals {
  const onBranch = new Set(branch.map((entry) => entry.id));
  const totals = { branch: emptyTotals(), session: emptyTotals() };
  for (const entry of entries) {
    const found = spendOf(entry, prices);
    if (!found) continue;
    add(totals.session, found);
    if (onBranch.has(entry.id)) add(totals.branch, found);
  }
  return totals;
}

interface EntrySpend {
  kind: (typeof SPEND_PARTS)[number];
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  cost: number | undefined;
}

function spendOf(entry: SessionEntry, prices: ModelPrices): EntrySpend | undefined {
  switch (entry.type) {
    case 'compaction':
    case 'branch_summary':
      return usageSpend('summaries', entry['usage'], undefined);
    case 'usage':
      return usageSpend('other', entry['usage'], pricesOf(prices, entry['provider'], entry['model']));
    case 'message': {
      const role = messageRole(entry);
      if (role === 'toolResult') return usageSpend('tools', (entry['message'] as Partial<ToolResultMessage>).usage, undefined);
      if (role !== 'assistant') return undefined;
      const message = entry['message'] as Partial<AssistantMessage>;
      return usageSpend('replies', message.usage, pricesOf(prices, message.provider, message.model));
    }
    default:
      return undefined;
  }
}

/** The prices of the model a usage recorded without a cost names, asked only when needed (none: unpriced). */
function pricesOf(prices: ModelPrices, provider: unknown, model: unknown): (() => ReturnType<ModelPrices>) | undefined {
  return typeof provider === 'string' && typeof model === 'string' ? () => prices(provider, model) : undefined;
}

/** `pricing`: the prices of the reply's model, asked only when the usage has no recorded cost. */
function usageSpend(kind: EntrySpend['kind'], usage: unknown, pricing: (() => ReturnType<ModelPrices>) | undefined): EntrySpend | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  const record = usage as Record<string, unknown>;
  const spend: EntrySpend = { kind, input: count(record['input']), output: count(record['output']), cacheRead: count(record['cacheRead']), cacheWrite: count(record['cacheWrite']), cost: undefined };
  const recorded = record['cost'];
  spend.cost = typeof recorded === 'object' && recorded !== null ? finite((recorded as Record<string, unknown>)['total']) : undefined;
  const prices = spend.cost === undefined ? pricing?.() : undefined;
  if (prices) spend.cost = withCost(spend, prices).cost?.total;
  return spend;
}

function add(totals: SpendTotals, spend: EntrySpend): void {
  addTo(totals, spend);
  addTo(totals[spend.kind], spend);
}

function addTo(part: TokenSpend, spend: EntrySpend): void {
  part.input += spend.input;
  part.output += spend.output;
  part.cacheRead += spend.cacheRead;
  part.cacheWrite += spend.cacheWrite;
  part.totalTokens += spend.input + spend.output + spend.cacheRead + spend.cacheWrite;
  part.cost += spend.cost ?? 0;
  part.count++;
  if (spend.cost === undefined) part.unpriced++;
}

function emptyTotals(): SpendTotals {
  return { ...emptySpend(), replies: emptySpend(), summaries: emptySpend(), tools: emptySpend(), other: emptySpend() };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The totals of an open session, kept up to date from its changes instead of added up again: an
 * appended entry adds its usage (to the branch too when it is at the position), a move walks the
 * new branch only. The same numbers as `sessionTotals` over the same entries, added in the same order.
 */
export class TotalsTracker {
  private readonly session: SpendTotals;
  private branch: SpendTotals;

  constructor(
    entries: readonly SessionEntry[],
    branch: readonly SessionEntry[],
    private readonly prices: ModelPrices,
  ) {
    const totals = sessionTotals(entries, branch, prices);
    this.session = totals.session;
    this.branch = totals.branch;
  }

  /** An entry was added to the file; `onBranch`: it is on the path to the position (an append there). */
  appended(entry: SessionEntry, onBranch: boolean): void {
    const found = spendOf(entry, this.prices);
    if (!found) return;
    add(this.session, found);
    if (onBranch) add(this.branch, found);
  }

  /** The position moved: the branch's totals from the new path (root first). */
  moved(branch: readonly SessionEntry[]): void {
    this.branch = emptyTotals();
    for (const entry of branch) {
      const found = spendOf(entry, this.prices);
      if (found) add(this.branch, found);
    }
  }

  /**
   * Follows a session's change: ours is appended at the position (so on the branch); another
   * program's is not on the branch (the position stays; a file it rewrote is read again and only
   * entries new to the tree come); a move walks the new branch, which `branch` gives.
   */
  apply(change: SessionChange, branch: () => readonly SessionEntry[]): void {
    if (change.kind === 'append') this.appended(change.entry, true);
    else if (change.kind === 'external') this.appended(change.entry, false);
    else this.moved(branch());
  }

  /** A copy: the caller may keep it while the tracker goes on counting. */
  get totals(): SessionTotals {
    return { branch: copyTotals(this.branch), session: copyTotals(this.session) };
  }
}

function copyTotals(totals: SpendTotals): SpendTotals {
  return { ...totals, replies: { ...totals.replies }, summaries: { ...totals.summaries }, tools: { ...totals.tools }, other: { ...totals.other } };
}
