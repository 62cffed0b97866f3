/**
 * What tokens cost at a model's prices (USD per million tokens, as `ModelInfo.pricing` gives
 * them), whoever the provider: no prices, no cost. A model with price tiers is priced at the tier
 * the request's input passes, as pi-ai 1.6 prices it; the cost is marked as Arbor's estimate from
 * the price table (`totalFromProvider: false`, as pi-ai 1.6 records it).
 */
import type { Usage } from '../session';
import type { ModelInfo, ModelPricing, TokenPrices } from './provider';

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
