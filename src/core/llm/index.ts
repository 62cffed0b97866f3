// The LLM layer's public surface: the provider port and the Anthropic adapter.
export * from './provider';
export { AnthropicProvider, type AnthropicProviderOptions } from './anthropic/provider';
/** The `provider` the Anthropic adapter writes on its replies (and the first part of pi's model keys). */
export { PROVIDER as ANTHROPIC_PROVIDER } from './anthropic/convert';
export { anthropicPrices, lookupModel, type ModelOverride, type ModelOverrides } from './anthropic/models';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './anthropic/retry';
export type { PromptCacheOptions } from './anthropic/cache';

import { AnthropicProvider, type AnthropicProviderOptions } from './anthropic/provider';

export function createAnthropicProvider(options: AnthropicProviderOptions): AnthropicProvider {
  return new AnthropicProvider(options);
}
