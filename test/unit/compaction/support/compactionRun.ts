// A compaction run as the agent starts one: the default model, no thinking, nothing queued;
// `extra` sets what a test is about.
import type { CompactionRun, CompactionRunReason } from '../../../../src/core/agent';

export function compactionRun(reason: CompactionRunReason, extra: Partial<CompactionRun> = {}): CompactionRun {
  return {
    reason,
    willRetry: false,
    model: { provider: 'anthropic', id: 'claude-sonnet-4-5' },
    thinkingLevel: 'off',
    modelReasoning: false,
    summarizerContextWindow: undefined,
    maxOutputTokens: undefined,
    hasQueuedInput: false,
    signal: new AbortController().signal,
    ...extra,
  };
}
