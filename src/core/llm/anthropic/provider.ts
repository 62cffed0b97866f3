/**
 * `LlmProvider` on the Anthropic Messages API. One `stream()` call is one reply: the request is
 * built once, then sent until it succeeds, fails for good, or is aborted. Every stream ends with
 * exactly one `end` event. A retry is announced by a `retry` event (the consumer drops what it
 * showed of the failed attempt) and starts a fresh reply.
 *
 * The key goes to the SDK, which sends it in the authentication header only; nothing here logs
 * it, and the logger gets no message contents (counts, ids, reasons only).
 */
import type { LlmProvider, LlmRequest, ModelInfo, ProviderEvent } from '../provider';
import { LlmError } from '../provider';
import type { Logger } from '../../util/logger';
import { API, PROVIDER } from './convert';
import { type PromptCacheOptions } from './cache';
import { createMessagesClient, DEFAULT_BASE_URL, type MessagesClient } from './client';
import { StreamCutError, toLlmError } from './errors';
import { findFamily, lookupModel, type ModelOverrides } from './models';
import { buildRequest, type BuiltRequest } from './params';
import { abortableSleep, DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy, type Sleep } from './retry';
import { ReplyAssembler } from './stream';

export interface AnthropicProviderOptions {
  apiKey: string;
  /** Default https://api.anthropic.com; any Anthropic-compatible server. */
  baseUrl?: string;
  defaultHeaders?: Record<string, string>;
  /** Milliseconds since the epoch: assistant message timestamps, HTTP-date `retry-after`. */
  now: () => number;
  /** [0, 1), for retry jitter (default Math.random). */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** How retry waits happen (default: an abortable timer). */
  sleep?: Sleep;
  /** Where the provider reports what it does. Never receives the key or message contents. */
  log?: Logger;
  /** Context window / output limit per model id, from settings. */
  modelOverrides?: ModelOverrides;
  promptCache?: PromptCacheOptions;
  /** Per HTTP request (default: the SDK's 10 minutes). */
  timeoutMs?: number;
}

export class AnthropicProvider implements LlmProvider {
  readonly provider = PROVIDER;
  readonly api = API;
  private client: Promise<MessagesClient> | undefined;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: AnthropicProviderOptions) {
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  modelInfo(modelId: string): ModelInfo {
    return lookupModel(modelId, this.options.modelOverrides);
  }

  async *stream(request: LlmRequest): AsyncGenerator<ProviderEvent> {
    const { now, log } = this.options;
    const model = this.modelInfo(request.model);
    const base = { model: request.model, timestamp: now() };
    const signal = request.signal;
    yield { type: 'start', model: request.model };
    if (!this.options.apiKey) {
      yield failed(new ReplyAssembler(model.pricing), base, new LlmError('auth', 'No Anthropic API key is set', { retryable: false }));
      return;
    }
    const built = this.build(request, model);
    for (let attempt = 1; ; attempt++) {
      const reply = new ReplyAssembler(model.pricing);
      const failure = yield* this.attempt(built, reply, signal, attempt);
      if (!failure) {
        const message = reply.message(base);
        log?.info(`reply ${message.responseId ?? '?'}: ${message.stopReason}, ${message.usage.input} in / ${message.usage.output} out`);
        yield { type: 'end', message };
        return;
      }
      const delayMs = retryDelay(failure, attempt, this.policy, this.options.random ?? Math.random);
      if (delayMs === undefined) {
        if (failure.reason !== 'aborted') log?.warn(`request failed after ${attempt} attempt(s): ${failure.message}`);
        yield failed(reply, base, failure);
        return;
      }
      log?.info(`${failure.reason}${failure.details.status ? ` (${failure.details.status})` : ''}: retrying in ${delayMs} ms`);
      yield { type: 'retry', attempt: attempt + 1, delayMs, error: failure };
      await (this.options.sleep ?? abortableSleep)(delayMs, signal);
      if (signal?.aborted) {
        yield failed(new ReplyAssembler(model.pricing), base, toLlmError(undefined, { aborted: true, now }));
        return;
      }
    }
  }

  requestBody(request: LlmRequest): object {
    return this.build(request, this.modelInfo(request.model)).params;
  }

  private build(request: LlmRequest, model: ModelInfo): BuiltRequest {
    return buildRequest(request, model, findFamily(request.model), this.options.promptCache ?? {});
  }

  /** One HTTP request: streams into `reply`; returns the failure, or undefined when the reply is whole. */
  private async *attempt(built: BuiltRequest, reply: ReplyAssembler, signal: AbortSignal | undefined, attempt: number): AsyncGenerator<ProviderEvent, LlmError | undefined> {
    const { now, log } = this.options;
    log?.info(`request ${built.params.model}: ${built.params.messages.length} messages, ${built.params.tools?.length ?? 0} tools, attempt ${attempt}/${this.policy.maxAttempts}`);
    const headers = built.betas.length > 0 ? { headers: { 'anthropic-beta': built.betas.join(',') } } : {};
    let failure: LlmError | undefined;
    try {
      if (signal?.aborted) throw signal.reason;
      const events = await (await this.messagesClient()).stream(built.params, { ...(signal ? { signal } : {}), ...headers });
      for await (const event of events) {
        if (signal?.aborted) break; // events already buffered when the abort came are not shown
        yield* reply.apply(event);
      }
      if (signal?.aborted) throw signal.reason;
      if (!reply.complete) throw new StreamCutError();
    } catch (error) {
      failure = toLlmError(error, { aborted: signal?.aborted ?? false, now });
      failure.details.attempts = attempt;
    }
    return failure;
  }

  /** The SDK client, made on first use; a failed load is tried again on the next request. */
  private messagesClient(): Promise<MessagesClient> {
    this.client ??= createMessagesClient({
      apiKey: this.options.apiKey,
      baseUrl: this.options.baseUrl || DEFAULT_BASE_URL,
      ...(this.options.defaultHeaders ? { defaultHeaders: this.options.defaultHeaders } : {}),
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
    }).catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }
}

/** The `end` event of a reply that did not finish: its partial content, aborted or failed. */
function failed(reply: ReplyAssembler, base: { model: string; timestamp: number }, error: LlmError): ProviderEvent {
  const stopReason = error.reason === 'aborted' ? 'aborted' : 'error';
  return { type: 'end', message: reply.message(base, { stopReason, errorMessage: error.message }), error };
}
