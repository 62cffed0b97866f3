/**
 * The compaction engine's `Summarizer` on any `LlmProvider`: one streamed request, its text blocks
 * joined. Failures become errors (the engine turns them into "Summarization failed: …").
 */
import { joinTextBlocks, type Summarizer } from '../compaction';
import type { LlmProvider, ThinkingLevel } from '../llm/provider';

const LEVELS: readonly string[] = ['minimal', 'low', 'medium', 'high', 'xhigh'];

export function providerSummarizer(provider: LlmProvider, model: () => string): Summarizer {
  return {
    async summarize(request) {
      const modelId = model();
      const thinking = request.reasoning && LEVELS.includes(request.reasoning) ? (request.reasoning as ThinkingLevel) : undefined;
      for await (const event of provider.stream({
        model: modelId,
        systemPrompt: request.systemPrompt,
        messages: request.messages,
        maxTokens: request.maxTokens,
        ...(thinking ? { thinking } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      })) {
        if (event.type !== 'end') continue;
        const { message } = event;
        if (event.error || message.stopReason === 'error') throw event.error ?? new Error(message.errorMessage ?? 'Unknown error');
        if (message.stopReason === 'aborted') throw new Error('Summarization aborted');
        const { input, output, cacheRead, cacheWrite } = message.usage;
        return { text: joinTextBlocks(message.content), usage: { input, output, cacheRead, cacheWrite }, model: message.responseModel ?? message.model };
      }
      throw new Error('The summary stream ended without a reply');
    },
  };
}
