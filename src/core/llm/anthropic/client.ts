/**
 * The SDK, loaded on the first request (dynamic import), so activating the extension does not
 * evaluate it. Only the base client is imported, not the `Anthropic` class with every API resource
 * (beta, files, skills, batches, ...): the request is posted to `/v1/messages` through the base
 * client's `post`, which is what `messages.create` does, minus its console warnings about model
 * deprecations. A bundle then carries about a quarter of the SDK.
 *
 * The client is configured so the SDK does nothing behind our back: no retries of its own (one
 * policy, ours), no logging to the console, no tracing, and no credential lookup in the
 * environment or on disk (the key is always passed; the base URL too).
 */
import type { Stream } from '@anthropic-ai/sdk/core/streaming';
import type { MessageCreateParamsStreaming, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';

export interface ClientConfig {
  apiKey: string;
  baseUrl: string;
  defaultHeaders?: Record<string, string>;
  timeoutMs?: number;
}

export interface MessagesClient {
  stream(
    params: MessageCreateParamsStreaming,
    options: { signal?: AbortSignal; headers?: Record<string, string> },
  ): Promise<AsyncIterable<RawMessageStreamEvent>>;
}

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

export async function createMessagesClient(config: ClientConfig): Promise<MessagesClient> {
  const { BaseAnthropic } = await import('./sdk');
  const client = new BaseAnthropic({
    apiKey: config.apiKey,
    authToken: null,
    baseURL: config.baseUrl,
    maxRetries: 0,
    logLevel: 'off',
    openTelemetry: false,
    ...(config.defaultHeaders ? { defaultHeaders: config.defaultHeaders } : {}),
    ...(config.timeoutMs !== undefined ? { timeout: config.timeoutMs } : {}),
  });
  return {
    stream: (params, options) => client.post<Stream<RawMessageStreamEvent>>('/v1/messages', { body: params, stream: true, ...options }),
  };
}
