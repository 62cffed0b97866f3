/**
 * The token-estimator port. Compaction and the context meter only ever ask "how many tokens is
 * this message / this text?"; which answer they get (pi's chars/4 for parity, a tokenizer for
 * accuracy, either scaled by a per-model calibration) is the caller's choice.
 */
import type { AgentMessage } from '../session';

export interface TokenEstimator {
  /** Shown in reports and the CLI (`pi`, `gpt-tokenizer`, `gpt-tokenizer×1.12`). */
  readonly name: string;
  /** Estimated tokens of one context message. Must not mutate the message. */
  estimate(message: AgentMessage): number;
  /** Estimated tokens of plain text (summarizer prompts, serialized conversations). */
  estimateText(text: string): number;
}

/** The sum of `estimate` over messages. */
export function estimateMessages(estimator: TokenEstimator, messages: readonly AgentMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimator.estimate(message);
  return total;
}

/**
 * An estimator whose answers are `ratio` times another's (rounded up). Used to apply a learned
 * calibration wherever an estimator is taken, e.g. the compaction fit check.
 */
export function scaledEstimator(base: TokenEstimator, ratio: number): TokenEstimator {
  if (ratio === 1) return base;
  return {
    name: `${base.name}×${ratio.toFixed(2)}`,
    estimate: (message) => Math.ceil(base.estimate(message) * ratio),
    estimateText: (text) => Math.ceil(base.estimateText(text) * ratio),
  };
}
