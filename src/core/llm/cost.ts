/**
 * What tokens cost at a model's prices (USD per million tokens, as `ModelInfo.pricing` gives
 * them), whoever the provider: no prices, no cost.
 */
import type { Usage } from '../session';
import type { ModelInfo } from './provider';

/** Adds `totalTokens` and `cost` to the four counters. */
export function withCost(tokens: Pick<Usage, 'input' | 'output' | 'cacheRead' | 'cacheWrite'>, pricing: ModelInfo['pricing']): Usage {
  // Multiplying before dividing keeps round prices exact: 3.75 × 4000 / 1e6 is 0.015, not 0.015000000000000001.
  const dollars = (price: number | undefined, count: number) => ((price ?? 0) * count) / 1_000_000;
  const cost = {
    input: dollars(pricing?.input, tokens.input),
    output: dollars(pricing?.output, tokens.output),
    cacheRead: dollars(pricing?.cacheRead, tokens.cacheRead),
    cacheWrite: dollars(pricing?.cacheWrite, tokens.cacheWrite),
    total: 0,
  };
  cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
  const totalTokens = tokens.input + tokens.output + tokens.cacheRead + tokens.cacheWrite;
  return { ...tokens, totalTokens, cost };
}
