/**
 * Keeping each summarization request inside the summarizer's own window. pi sends the
 * whole span in one request, which can be hundreds of thousands of characters. Here the span's
 * serialized parts are grouped into chunks that fit; the chunks are then summarized oldest first,
 * each request updating the running summary. A span that fits is one chunk: one request, the same
 * prompt as pi's.
 */

import { summaryInputLimit } from './settings';

export interface InputBudget {
  /** Window of the summarizing model. */
  contextWindow: number;
  /** Output kept free for the answer (the request's output limit is fitted to what is left: `summaryMaxTokens`). */
  maxTokens: number;
  /** The fixed text of every request: system prompt, instructions, the longest running summary. */
  fixedText: string;
  /** Tokens the running summary may grow to besides `fixedText` (its own output limit). */
  runningSummaryTokens: number;
  estimateText: (text: string) => number;
}

/** Below this a chunk is too small to be worth a request; the budget never goes lower. */
const MIN_CHUNK_TOKENS = 1000;

/**
 * Tokens available for the conversation text of one request: the input that still leaves the
 * answer its room with the window's safety margin (`summaryInputLimit`), less the fixed text and
 * the running summary.
 */
export function conversationBudget(budget: InputBudget): number {
  const fixed = budget.estimateText(budget.fixedText) + budget.runningSummaryTokens;
  return Math.max(MIN_CHUNK_TOKENS, summaryInputLimit(budget.contextWindow, budget.maxTokens) - fixed);
}

/**
 * Groups parts (in order) into chunk texts joined like `serializeConversation`, each within
 * `budgetTokens`. A part larger than the budget is split into pieces of its own.
 */
export function chunkConversation(parts: readonly string[], budgetTokens: number, estimateText: (text: string) => number): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let currentTokens = 0;
  const flush = (): void => {
    if (current.length > 0) chunks.push(current.join('\n\n'));
    current = [];
    currentTokens = 0;
  };
  for (const part of parts) {
    const tokens = estimateText(part) + 1;
    if (tokens > budgetTokens) {
      flush();
      for (const piece of splitText(part, tokens, budgetTokens)) chunks.push(piece);
      continue;
    }
    if (currentTokens + tokens > budgetTokens) flush();
    current.push(part);
    currentTokens += tokens;
  }
  flush();
  return chunks;
}

/**
 * Conservative text estimate for budgets: never below chars/3, since chars/4 under-counts code
 * and JSON, and an overflowing summary request fails outright.
 */
export function conservativeTextTokens(estimateText: (text: string) => number): (text: string) => number {
  return (text) => Math.max(estimateText(text), Math.ceil(text.length / 3));
}

function splitText(text: string, tokens: number, budgetTokens: number): string[] {
  const pieceChars = Math.max(1, Math.floor((text.length * budgetTokens) / tokens));
  const pieces: string[] = [];
  for (let offset = 0; offset < text.length; offset += pieceChars) pieces.push(text.slice(offset, offset + pieceChars));
  return pieces;
}
