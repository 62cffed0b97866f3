// Adapter from the engine's token accounting (core/tokens: contextStatus) to the status bar,
// with the tooltip's breakdown. No vscode import: the e2e tests compute the expected reading with it.
import { DEFAULT_COMPACTION_SETTINGS } from '../core/compaction/settings';
import type { Session } from '../core/session';
import { contextStatus } from '../core/tokens';
import type { ContextUsage } from './statusBar';

/** Until the engine knows each model's window, sessions are measured against Claude's 200k. */
const DEFAULT_CONTEXT_WINDOW = 200_000;

export function measureContext(session: Session): ContextUsage {
  const status = contextStatus(session.buildContext().messages, {
    contextWindow: DEFAULT_CONTEXT_WINDOW,
    settings: DEFAULT_COMPACTION_SETTINGS,
  });
  const reported = status.reportedTokens > 0 ? `${status.reportedTokens.toLocaleString('en-US')} reported by the API` : 'nothing reported by the API yet';
  const estimated = `${status.estimatedTokens.toLocaleString('en-US')} estimated (${status.estimator})`;
  const threshold = status.threshold === undefined ? '' : `; auto-compaction above ${status.threshold.toLocaleString('en-US')}`;
  return {
    tokens: status.contextTokens,
    contextWindow: DEFAULT_CONTEXT_WINDOW,
    ...(status.threshold !== undefined ? { threshold: status.threshold } : {}),
    breakdown: `${reported} + ${estimated}${threshold}`,
  };
}
