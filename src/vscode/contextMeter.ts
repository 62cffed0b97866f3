// Adapter from the engine's token accounting (core/tokens: contextStatus) to the status bar,
// and the meter's text. No vscode import: the e2e tests compute the expected text with it.
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
  return { tokens: status.contextTokens, contextWindow: DEFAULT_CONTEXT_WINDOW, breakdown: `${reported} + ${estimated}${threshold}` };
}

export function percentOf(usage: ContextUsage): number {
  return Math.round((usage.tokens / usage.contextWindow) * 100);
}

/** "4.6k / 200k · 2%" */
export function meterText(usage: ContextUsage): string {
  return `${formatTokens(usage.tokens)} / ${formatTokens(usage.contextWindow)} · ${percentOf(usage)}%`;
}

/** 950 → "950", 4560 → "4.6k", 200000 → "200k", 1250000 → "1.3M". */
export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 1_000_000) return `${trimZero((tokens / 1000).toFixed(tokens < 100_000 ? 1 : 0))}k`;
  return `${trimZero((tokens / 1_000_000).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}
