/**
 * The compaction engine's `Summarizer` on any `LlmProvider` (compaction depends on the provider
 * port, not the other way round): one request, the reply's text blocks
 * joined as pi joins them. A reply that failed rejects with its `LlmError` (or the reply's error
 * text), so compaction reports it; an aborted one rejects too, and compaction sees its signal. A
 * reply cut at the output limit or calling a tool resolves with that said (compaction refuses it).
 */
import { LlmError, THINKING_LEVELS, type LlmProvider, type LlmRequest, type ProviderEvent, type ThinkingLevel } from '../llm/provider';
import { joinTextBlocks, type Summarizer, type SummaryRequest, type SummaryResponse } from './summarizer';

export interface ProviderSummarizerOptions {
  /** The model that writes summaries. */
  model: string;
}

export function providerSummarizer(provider: LlmProvider, options: ProviderSummarizerOptions): Summarizer {
  return {
    async summarize(request: SummaryRequest): Promise<SummaryResponse> {
      const end = await nextEnd(provider, {
        model: options.model,
        systemPrompt: request.systemPrompt,
        messages: request.messages,
        maxTokens: request.maxTokens,
        thinking: thinkingLevel(request.reasoning),
        promptCache: false,
        ...(request.signal ? { signal: request.signal } : {}),
      });
      if (!end) throw new LlmError('server', 'The provider ended without a reply');
      const { message, error } = end;
      if (error) throw error;
      if (message.stopReason === 'error' || message.stopReason === 'aborted') {
        throw new LlmError(message.stopReason === 'aborted' ? 'aborted' : 'server', message.errorMessage ?? 'The summary request failed');
      }
      const { input, output, cacheRead, cacheWrite, cost } = message.usage;
      return {
        text: joinTextBlocks(message.content),
        usage: { input, output, cacheRead, cacheWrite, ...(cost ? { cost } : {}) },
        model: message.responseModel ?? message.model,
        stopReason: message.stopReason,
        ...(message.content.some((block) => block.type === 'toolCall') ? { calledTool: true } : {}),
      };
    },
  };
}

async function nextEnd(provider: LlmProvider, request: LlmRequest): Promise<Extract<ProviderEvent, { type: 'end' }> | undefined> {
  for await (const event of provider.stream(request)) if (event.type === 'end') return event;
  return undefined;
}

/** Compaction's reasoning setting is free text; anything but a known level means no thinking. */
export function thinkingLevel(reasoning: string | undefined): ThinkingLevel {
  return THINKING_LEVELS.find((level) => level === reasoning) ?? 'off';
}
