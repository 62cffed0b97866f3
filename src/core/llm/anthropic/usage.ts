/**
 * Anthropic's usage counters in pi's shape. The API reports cached prompt tokens apart from
 * `input_tokens`, so the four counters never overlap and the total is their sum (as pi-ai
 * computes it), priced by `withCost` (at the tier the request's input passes, as pi-ai 1.6 prices it).
 */
import type { Usage } from '../../session';
import { withCost } from '../cost';
import type { ModelInfo } from '../provider';

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

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
