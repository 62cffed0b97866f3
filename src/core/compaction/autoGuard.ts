/**
 * Keeps automatic compaction from looping: neither a compaction that leaves the context over the
 * threshold nor an overflow the compaction could not cure may start the same work again and again.
 *
 *   ready ──over threshold──▶ compact ──▶ compactionFinished(under) ──▶ ready
 *                                    └──▶ compactionFinished(still over, at generation G) ──▶ stuck
 *   stuck ──checkThreshold(generation > G)──▶ ready      (new messages: there is something new to summarize)
 *   stuck ──checkThreshold(generation ≤ G)──▶ stuck      ("waiting-for-new-messages": compacting again would not help)
 *
 *   overflow recovery: 'recover' once, then 'give-up' until promptStarted() (one per user prompt)
 *                      or assistantEnded() with a reply that is neither an error nor an overflow
 *
 * "Generation" is any number that grows when messages are appended (the path length will do).
 * Pure state, no timers, no I/O: the agent asks and reports; tests drive it directly.
 */

import { isContextOverflow, type OverflowCheckable } from '../llm/overflow';

export type ThresholdDecision = 'compact' | 'under-threshold' | 'waiting-for-new-messages';
export type OverflowDecision = 'recover' | 'give-up';

export const OVERFLOW_RECOVERY_FAILED_MESSAGE =
  'Context overflow recovery failed after one compact-and-retry attempt. Try reducing context or switching to a larger-context model.';

/** When a reply cut short at the output limit comes cut short again after its one recovery (pi's words, which its extensions see). */
export const TRUNCATED_RECOVERY_FAILED_MESSAGE = 'Truncated response recovery failed after one compact-and-retry attempt.';

export class AutoCompactionGuard {
  private stuckAtGeneration: number | undefined;
  private overflowRecoveryUsed = false;

  /** A new user prompt: overflow recovery is available again. */
  promptStarted(): void {
    this.overflowRecoveryUsed = false;
  }

  /**
   * An assistant message ended. A good reply makes overflow recovery available again; as in pi, a
   * reply cut at the output limit (`length`) does not, whether it is recovered or not. Unlike pi, a
   * reply that is itself a silent overflow (`stop` over the window) does not either: otherwise such a
   * provider could compact-and-retry forever.
   */
  assistantEnded(message: OverflowCheckable, contextWindow?: number): void {
    if (message.stopReason !== 'error' && message.stopReason !== 'length' && !isContextOverflow(message, contextWindow)) this.overflowRecoveryUsed = false;
  }

  /** Whether a threshold compaction may run now. */
  checkThreshold(input: { overThreshold: boolean; generation: number }): ThresholdDecision {
    if (!input.overThreshold) {
      this.stuckAtGeneration = undefined;
      return 'under-threshold';
    }
    if (this.stuckAtGeneration !== undefined && input.generation <= this.stuckAtGeneration) return 'waiting-for-new-messages';
    this.stuckAtGeneration = undefined;
    return 'compact';
  }

  /** Report after every successful compaction (threshold, overflow or manual). */
  compactionFinished(input: { stillOverThreshold: boolean; generation: number }): void {
    this.stuckAtGeneration = input.stillOverThreshold ? input.generation : undefined;
  }

  /** A context-overflow error from the current model: recover (once per prompt) or give up. */
  checkOverflow(): OverflowDecision {
    if (this.overflowRecoveryUsed) return 'give-up';
    this.overflowRecoveryUsed = true;
    return 'recover';
  }

  get isWaitingForNewMessages(): boolean {
    return this.stuckAtGeneration !== undefined;
  }
}
