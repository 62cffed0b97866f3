// The LLM layer's public surface: the provider port, the Anthropic adapter, the summarizer on it.
export * from './provider';
export { AnthropicProvider, type AnthropicProviderOptions, type LlmLogger } from './anthropic/provider';
/** The `provider` the Anthropic adapter writes on its replies (and the first part of pi's model keys). */
export { PROVIDER as ANTHROPIC_PROVIDER } from './anthropic/convert';
export { lookupModel, type ModelOverride, type ModelOverrides } from './anthropic/models';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './anthropic/retry';
export type { PromptCacheOptions } from './anthropic/cache';
export { providerSummarizer, type ProviderSummarizerOptions } from './summarizer';

import { AnthropicProvider, type AnthropicProviderOptions } from './anthropic/provider';

export function createAnthropicProvider(options: AnthropicProviderOptions): AnthropicProvider {
  return new AnthropicProvider(options);
}
