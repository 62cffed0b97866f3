/**
 * Compaction and branch-summary settings (pi's defaults), and the output limit of a summary
 * request (the model's, fitted into its window).
 */

export interface CompactionSettings {
  /** Automatic compaction on/off; manual compaction always works. */
  enabled: boolean;
  /** Head-room kept free for the reply: compaction is due once the context passes window − reserve. */
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
/** Window assumed for a model that does not state one (pi's branch-summary fallback). */
export const FALLBACK_CONTEXT_WINDOW = 128000;

/**
 * Output a summary request keeps even when the window is nearly full (pi-ai's rule, below), and so
 * the most one summary is counted at before it is written: what the chunks leave free for the
 * answer and the running summary, and what the fit check adds to the kept tail (`cutAdjust.ts`).
 */
export const SUMMARY_OUTPUT_ROOM = 32768;
/** The margin left for the input being counted higher than estimated: at least this, or 15 % of the input. */
const WINDOW_SAFETY_TOKENS = 4096;
const WINDOW_SAFETY_SHARE = 0.15;

/** A summary is counted at no more than this share of the window it is written for. */
const SUMMARY_WINDOW_SHARE = 0.25;

/**
 * The most one summary is counted at before it is written: the model's output limit, at most
 * `SUMMARY_OUTPUT_ROOM`, and at most a quarter of `contextWindow` when given. A summary larger than
 * that would crowd out the kept tail it is written beside; and on a small window (a model whose
 * output limit passes its window) keeping the whole room would leave the chunks almost no input, so
 * a span that fits one request would be cut into several.
 */
export function summaryAllowance(maxOutputTokens: number | undefined, contextWindow?: number): number {
  const limit = maxOutputTokens !== undefined && maxOutputTokens > 0 ? Math.min(maxOutputTokens, SUMMARY_OUTPUT_ROOM) : SUMMARY_OUTPUT_ROOM;
  return contextWindow !== undefined && contextWindow > 0 ? Math.min(limit, Math.floor(contextWindow * SUMMARY_WINDOW_SHARE)) : limit;
}

/**
 * The largest input a summary request may have and still keep `outputTokens` for its answer under
 * `summaryMaxTokens`' rule (the margin is 4096 tokens, or 15 % of the input when that is more).
 */
export function summaryInputLimit(contextWindow: number, outputTokens: number): number {
  const room = contextWindow - outputTokens;
  return Math.min(room - WINDOW_SAFETY_TOKENS, Math.floor(room / (1 + WINDOW_SAFETY_SHARE)));
}

export interface SummaryOutputInput {
  /** The request's input (system prompt and prompt), estimated. */
  inputTokens: number;
  /** The summarizing model's window. */
  contextWindow: number;
  /** The summarizing model's output limit, when known (else the provider applies it). */
  maxOutputTokens?: number | undefined;
}

/**
 * `maxTokens` of a summary request, as pi 1.6 sizes it: the model's output limit, fitted into the
 * window after the input with a margin of 15 % of the input (at least 4096); when that leaves less
 * than `SUMMARY_OUTPUT_ROOM`, only the fixed margin is kept and the output is at most that room.
 * Nothing derived from `reserveTokens`: that setting only decides when to compact.
 */
export function summaryMaxTokens(input: SummaryOutputInput): number {
  const limit = input.maxOutputTokens !== undefined && input.maxOutputTokens > 0 ? input.maxOutputTokens : Number.POSITIVE_INFINITY;
  const { inputTokens, contextWindow } = input;
  let room = contextWindow - inputTokens - Math.max(WINDOW_SAFETY_TOKENS, Math.ceil(inputTokens * WINDOW_SAFETY_SHARE));
  if (room < SUMMARY_OUTPUT_ROOM) room = Math.min(SUMMARY_OUTPUT_ROOM, contextWindow - inputTokens - WINDOW_SAFETY_TOKENS);
  return Math.min(limit, Math.max(1, room));
}

/** The reasoning level to request: the session's thinking level, if the model reasons and it is on. */
export function summaryReasoning(thinkingLevel: string | undefined, modelReasons: boolean | undefined): string | undefined {
  return modelReasons && thinkingLevel && thinkingLevel !== 'off' ? thinkingLevel : undefined;
}

