/**
 * `generateBranchSummary`: one request summarizing the abandoned branch, with
 * the preamble in front and the file lists behind. No request when there is nothing to read.
 */
import { convertToLlm, type SessionEntry } from '../session';
import { piEstimator, type TokenEstimator } from '../tokens';
import { conservativeTextTokens } from './chunking';
import { prepareBranchEntries } from './branchEntries';
import { computeFileLists, formatFileOperations } from './fileOps';
import { BRANCH_SUMMARY_PREAMBLE, branchPrompt } from './prompts';
import { serializeConversation } from './serialize';
import { DEFAULT_BRANCH_SUMMARY_RESERVE_TOKENS, FALLBACK_CONTEXT_WINDOW, summaryReasoning } from './settings';
import { clockOrSystem, CompactionError, newTally, requestSummary, type Summarizer, type SummaryTally } from './summarizer';
import { errorMessage } from '../util/errors';

export const NO_CONTENT_TO_SUMMARIZE = 'No content to summarize';

export interface BranchSummaryOptions {
  summarizer: Summarizer;
  signal?: AbortSignal | undefined;
  customInstructions?: string | undefined;
  replaceInstructions?: boolean | undefined;
  /** branchSummary.reserveTokens (default 16384). */
  reserveTokens?: number | undefined;
  /** Window of the summarizing model (default 128 000); the input budget is window − reserve. */
  contextWindow?: number | undefined;
  /** Output limit of the summarizing model, if known: the request may use it, fitted into the window (pi 1.6; 0.73.1 asked for 2048). */
  maxOutputTokens?: number | undefined;
  /** The session's thinking level, asked of a reasoning model (pi 1.6; 0.73.1 asked for none). */
  thinkingLevel?: string | undefined;
  modelReasoning?: boolean | undefined;
  estimator?: TokenEstimator | undefined;
  cwd?: string | undefined;
  /** The clock (ms since the epoch) for the request's timestamp; default the system clock. */
  now?: (() => number) | undefined;
}

export type BranchSummaryOutcome =
  | { kind: 'summary'; summary: string; readFiles: string[]; modifiedFiles: string[]; summarizedMessages: number; tally: SummaryTally }
  | { kind: 'aborted' }
  | { kind: 'error'; message: string; error: unknown };

export async function generateBranchSummary(entries: readonly SessionEntry[], options: BranchSummaryOptions): Promise<BranchSummaryOutcome> {
  const contextWindow = options.contextWindow || FALLBACK_CONTEXT_WINDOW;
  const tokenBudget = contextWindow - (options.reserveTokens ?? DEFAULT_BRANCH_SUMMARY_RESERVE_TOKENS);
  const { messages, fileOps } = prepareBranchEntries(entries, tokenBudget, options);
  const tally = newTally();
  if (messages.length === 0) {
    return { kind: 'summary', summary: NO_CONTENT_TO_SUMMARIZE, readFiles: [], modifiedFiles: [], summarizedMessages: 0, tally };
  }
  const prompt = branchPrompt({
    conversation: serializeConversation(convertToLlm(messages)),
    customInstructions: options.customInstructions,
    replaceInstructions: options.replaceInstructions,
  });
  let text: string;
  try {
    text = await requestSummary({
      summarizer: options.summarizer,
      prompt,
      limits: { contextWindow, maxOutputTokens: options.maxOutputTokens, estimateText: conservativeTextTokens((options.estimator ?? piEstimator).estimateText) },
      reasoning: summaryReasoning(options.thinkingLevel, options.modelReasoning),
      signal: options.signal,
      label: 'Branch summarization',
      tally,
      now: clockOrSystem(options.now),
    });
  } catch (error) {
    if (error instanceof CompactionError && error.reason === 'cancelled') return { kind: 'aborted' };
    return { kind: 'error', message: errorMessage(error), error };
  }
  const { readFiles, modifiedFiles } = computeFileLists(fileOps);
  const summary = BRANCH_SUMMARY_PREAMBLE + text + formatFileOperations(readFiles, modifiedFiles);
  return { kind: 'summary', summary, readFiles, modifiedFiles, summarizedMessages: messages.length, tally };
}
