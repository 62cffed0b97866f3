/**
 * The pin budget (`arbor.compaction.pinBudget`, tokens): pinned text is carried into every summary
 * whole, so many or long pins crowd the window. Over the budget nothing is dropped — every pin is
 * still carried — but the user is told, when pinning and at each compaction.
 */
import type { TokenEstimator } from '../tokens';
import { formatPinnedSection } from './pinnedSection';
import type { PinnedMessage } from './pinnable';

export const DEFAULT_PIN_BUDGET = 4000;

export interface PinBudgetCheck {
  /** Estimated tokens of the pinned section. */
  tokens: number;
  budget: number;
  /** Set when over budget: what the user is told. */
  warning?: string;
}

export function checkPinBudget(pins: readonly PinnedMessage[], budget: number, estimator: Pick<TokenEstimator, 'estimateText'>): PinBudgetCheck {
  const tokens = pins.length === 0 ? 0 : estimator.estimateText(formatPinnedSection(pins));
  if (tokens <= budget) return { tokens, budget };
  const count = pins.length === 1 ? '1 pinned message takes' : `${pins.length} pinned messages take`;
  return {
    tokens,
    budget,
    warning: `${count} about ${tokens} tokens, over the pin budget of ${budget} (arbor.compaction.pinBudget). Every pin is still carried into summaries verbatim, so less of the window is left for the conversation: unpin what is no longer needed.`,
  };
}
