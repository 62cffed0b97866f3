/**
 * Compaction and branch-summary settings (pi's defaults) and the request sizes derived from
 * them.
 */

export interface CompactionSettings {
  /** Automatic compaction on/off; manual compaction always works. */
  enabled: boolean;
  /** Head-room kept free for the reply; also sizes the summary requests. */
  reserveTokens: number;
  /** Size of the verbatim tail, in estimated tokens. */
  keepRecentTokens: number;
}

export const DEFAULT_COMPACTION_SETTINGS: Readonly<CompactionSettings> = {
  enabled: true,
  reserveTokens: 16384,
  keepRecentTokens: 20000,
};

export const DEFAULT_BRANCH_SUMMARY_RESERVE_TOKENS = 16384;
/** Branch summaries are short whatever the model (pi: 2048). */
export const BRANCH_SUMMARY_MAX_TOKENS = 2048;
/** Window assumed for a model that does not state one (pi's branch-summary fallback). */
export const FALLBACK_CONTEXT_WINDOW = 128000;

/**
 * `maxTokens` of the history request: 80% of the reserve, capped by the model's own output
 * limit when known (pi does not cap it).
 */
export function historyMaxTokens(settings: Pick<CompactionSettings, 'reserveTokens'>, maxOutputTokens?: number): number {
  return capped(Math.floor(0.8 * settings.reserveTokens), maxOutputTokens);
}

/** `maxTokens` of the turn-prefix request: half the reserve, capped likewise. */
export function turnPrefixMaxTokens(settings: Pick<CompactionSettings, 'reserveTokens'>, maxOutputTokens?: number): number {
  return capped(Math.floor(0.5 * settings.reserveTokens), maxOutputTokens);
}

/** The reasoning level to request: the session's thinking level, if the model reasons and it is on. */
export function summaryReasoning(thinkingLevel: string | undefined, modelReasons: boolean | undefined): string | undefined {
  return modelReasons && thinkingLevel && thinkingLevel !== 'off' ? thinkingLevel : undefined;
}

function capped(value: number, cap: number | undefined): number {
  return cap !== undefined && cap > 0 ? Math.min(value, cap) : value;
}
