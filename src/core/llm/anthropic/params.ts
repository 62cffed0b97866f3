/**
 * One `LlmRequest` → the body of `POST /v1/messages` (streaming) and the beta header it needs.
 *
 * Thinking, as pi asks for it:
 * - models with a token budget get `budget_tokens` by level (minimal 1024, low 2048, medium
 *   8192, high, xhigh and max 16384) and `max_tokens` raised by the budget (capped at the model's
 *   output limit); when the cap leaves no room, the budget shrinks to leave 1024 tokens for the
 *   answer, and below the API's 1024-token minimum thinking is switched off;
 * - adaptive models (Opus 4.6+, Sonnet 4.6) get `adaptive` thinking with an effort level;
 * - 'off' on a thinking model sends `disabled` explicitly.
 * Budget thinking on Claude 4 asks for interleaved thinking (between tool calls) by beta header.
 */
import type { MessageCreateParamsStreaming, Tool } from '@anthropic-ai/sdk/resources/messages/messages';
import type { LlmRequest, ModelInfo, ThinkingLevel, ToolSpec } from '../provider';
import { convertMessages, wellFormed } from './convert';
import { markRecentUserMessages, markTools, systemBlocks, type PromptCacheOptions } from './cache';
import type { ModelFamily } from './models';

export const THINKING_BUDGETS: Readonly<Record<Exclude<ThinkingLevel, 'off'>, number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16384,
  xhigh: 16384,
  max: 16384,
};

/** The API's smallest budget, and what is kept for the answer when the budget is cut. */
const MIN_BUDGET = 1024;

export const INTERLEAVED_THINKING_BETA = 'interleaved-thinking-2025-05-14';

export interface BuiltRequest {
  params: MessageCreateParamsStreaming;
  /** Values for the `anthropic-beta` header (empty: no header). */
  betas: string[];
}

export function buildRequest(request: LlmRequest, model: ModelInfo, family: ModelFamily | undefined, providerCache: PromptCacheOptions): BuiltRequest {
  const cache = request.promptCache === false ? { ...providerCache, enabled: false } : providerCache;
  const messages = convertMessages(request.messages, request.model);
  markRecentUserMessages(messages, cache);
  const maxTokens = clampTokens(request.maxTokens, model.maxOutputTokens);
  const params: MessageCreateParamsStreaming = { model: request.model, messages, max_tokens: maxTokens, stream: true };
  const system = systemBlocks(wellFormed(request.systemPrompt), cache);
  if (system) params.system = system;
  if (request.tools && request.tools.length > 0) {
    const tools = request.tools.map(toolParam);
    markTools(tools, cache);
    params.tools = tools;
  } else {
    declareHistoryTools(params);
  }
  const betas: string[] = [];
  applyThinking(params, request.thinking ?? 'off', model, family, betas);
  return { params, betas };
}

function applyThinking(params: MessageCreateParamsStreaming, level: ThinkingLevel, model: ModelInfo, family: ModelFamily | undefined, betas: string[]): void {
  if (!family || family.thinking === 'none') return;
  if (level === 'off') {
    params.thinking = { type: 'disabled' };
    return;
  }
  if (family.thinking === 'adaptive') {
    params.thinking = { type: 'adaptive', display: 'summarized' };
    params.output_config = { effort: effortFor(level, family) };
    return;
  }
  const { maxTokens, budget } = budgetFor(level, params.max_tokens, model.maxOutputTokens);
  if (budget < MIN_BUDGET) {
    params.thinking = { type: 'disabled' };
    return;
  }
  params.max_tokens = maxTokens;
  params.thinking = { type: 'enabled', budget_tokens: budget };
  if (family.prefix.includes('-4')) betas.push(INTERLEAVED_THINKING_BETA);
}

/** pi's rule: the answer keeps the requested tokens, the budget comes on top, within the model's limit. */
export function budgetFor(level: Exclude<ThinkingLevel, 'off'>, maxTokens: number, modelMaxOutput: number): { maxTokens: number; budget: number } {
  let budget = THINKING_BUDGETS[level];
  const total = Math.min(maxTokens + budget, modelMaxOutput);
  if (total <= budget) budget = Math.max(0, total - MIN_BUDGET);
  return { maxTokens: total, budget };
}

/** pi 1.6's efforts: `max` on every adaptive model; `xhigh` only where the model has it natively, else `high`. */
function effortFor(level: Exclude<ThinkingLevel, 'off'>, family: ModelFamily): 'low' | 'medium' | 'high' | 'xhigh' | 'max' {
  switch (level) {
    case 'minimal':
    case 'low':
      return 'low';
    case 'medium':
      return 'medium';
    case 'high':
      return 'high';
    case 'xhigh':
      return family.nativeXhigh ? 'xhigh' : 'high';
    case 'max':
      return 'max';
  }
}

/** What a tool the history called, but no longer offered, is declared as. */
export const UNAVAILABLE_TOOL_DESCRIPTION = 'Not available now.';

/**
 * The API refuses a request whose messages hold tool calls or results but that declares no tool
 * (tools off: an untrusted workspace, no folder). The tools the history called are then declared
 * with an empty schema and `tool_choice: none`, so the request is valid and the model calls none.
 */
function declareHistoryTools(params: MessageCreateParamsStreaming): void {
  const names = new Set<string>();
  let results = false;
  for (const message of params.messages) {
    if (typeof message.content === 'string') continue;
    for (const block of message.content) {
      if (block.type === 'tool_use') names.add(block.name);
      else if (block.type === 'tool_result') results = true;
    }
  }
  if (names.size === 0 && !results) return;
  params.tools = [...names].map((name) => ({ name, description: UNAVAILABLE_TOOL_DESCRIPTION, input_schema: { type: 'object' } }));
  params.tool_choice = { type: 'none' };
}

function toolParam(tool: ToolSpec): Tool {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.inputSchema, type: 'object' },
  };
}

function clampTokens(requested: number, limit: number): number {
  const wanted = Number.isInteger(requested) && requested > 0 ? requested : limit;
  return Math.min(wanted, limit);
}
