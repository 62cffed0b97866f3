/**
 * Anthropic's usage counters in pi's shape. The API reports cached prompt tokens apart from
 * `input_tokens`, so the four counters never overlap and the total is their sum (as pi-ai
 * computes it). Cost is per million tokens from the model's prices (those of the tier the
 * request's input passes, as pi-ai 1.6 prices it); no prices, no cost. The cost is marked as
 * Arbor's estimate from the price table (`totalFromProvider: false`, as pi-ai 1.6 records it).
 */
import type { Usage } from '../../session';
import type { ModelInfo, ModelPricing, TokenPrices } from '../provider';

/** The counters as they arrive; `message_delta` may leave any of them out or null. */
export interface WireUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

export function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
}

/**
 * The usage after one more report: counters present in `wire` replace the previous ones (a
 * `message_delta` carries cumulative counts, and proxies often leave the input counts out).
 */
export function applyWireUsage(previous: Usage, wire: WireUsage, pricing: ModelInfo['pricing']): Usage {
  const input = count(wire.input_tokens) ?? previous.input;
  const output = count(wire.output_tokens) ?? previous.output;
  const cacheRead = count(wire.cache_read_input_tokens) ?? previous.cacheRead;
  const cacheWrite = count(wire.cache_creation_input_tokens) ?? previous.cacheWrite;
  return withCost({ input, output, cacheRead, cacheWrite }, pricing);
}

/** Adds `totalTokens` and `cost` to the four counters. */
export function withCost(tokens: Pick<Usage, 'input' | 'output' | 'cacheRead' | 'cacheWrite'>, pricing: ModelInfo['pricing']): Usage {
  const prices = pricesFor(pricing, tokens.input + tokens.cacheRead + tokens.cacheWrite);
  // Multiplying before dividing keeps round prices exact: 3.75 × 4000 / 1e6 is 0.015, not 0.015000000000000001.
  const dollars = (price: number | undefined, count: number) => ((price ?? 0) * count) / 1_000_000;
  const cost = {
    input: dollars(prices?.input, tokens.input),
    output: dollars(prices?.output, tokens.output),
    cacheRead: dollars(prices?.cacheRead, tokens.cacheRead),
    cacheWrite: dollars(prices?.cacheWrite, tokens.cacheWrite),
    total: 0,
    totalFromProvider: false,
  };
  cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
  const totalTokens = tokens.input + tokens.output + tokens.cacheRead + tokens.cacheWrite;
  return { ...tokens, totalTokens, cost };
}

/** The prices of the tier with the largest size the input is over, else the base prices. */
function pricesFor(pricing: ModelPricing | undefined, inputTokens: number): TokenPrices | undefined {
  let chosen: { inputTokensAbove: number; prices: TokenPrices } | undefined;
  for (const tier of pricing?.tiers ?? []) {
    if (inputTokens > tier.inputTokensAbove && (chosen === undefined || tier.inputTokensAbove > chosen.inputTokensAbove)) chosen = { inputTokensAbove: tier.inputTokensAbove, prices: tier };
  }
  return chosen?.prices ?? pricing;
}

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
