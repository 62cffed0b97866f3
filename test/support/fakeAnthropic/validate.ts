/**
 * The request checks the real Messages API makes that a client most easily gets wrong, so a test
 * fails here as it would against Anthropic: required fields, empty or whitespace-only text, thinking
 * without a signature, tool_use / tool_result pairing between neighbouring messages, tool blocks in
 * a request that declares no tools, more than four `cache_control` breakpoints, and a thinking
 * budget that does not fit under `max_tokens`. (Tool names in the history need not be declared.)
 * Deliberately not stricter than the API: consecutive messages of one role are allowed (it merges
 * them). The wording follows the API's where it is known; clients should match only on
 * "prompt is too long", never on these.
 */
import type { Json } from '../../../src/core/session';
import { contentBlocks, isObject, type JsonObject } from './json';
import type { MessagesRequestBody } from './wire';

const MAX_CACHE_BREAKPOINTS = 4;

/** The first problem found, or undefined for a valid request. */
export function requestProblem(body: MessagesRequestBody, path: '/v1/messages' | '/v1/messages/count_tokens'): string | undefined {
  if (typeof body.model !== 'string' || body.model === '') return 'model: field required';
  if (path === '/v1/messages' && !(Number.isInteger(body.max_tokens) && (body.max_tokens ?? 0) > 0)) {
    return 'max_tokens: field required (a positive integer)';
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  const messages = body.messages;
  for (let i = 0; i < messages.length; i++) {
    const problem = messageProblem(messages, i);
    if (problem) return problem;
  }
  if (!(Array.isArray(body.tools) && body.tools.length > 0) && messages.some((message) => isObject(message) && (contentBlocks(message) ?? []).some((block) => block['type'] === 'tool_use' || block['type'] === 'tool_result'))) {
    return 'Requests which include `tool_use` or `tool_result` blocks must define tools.';
  }
  const breakpoints = countCacheControl(body.system) + countCacheControl(body.tools) + countCacheControl(messages);
  if (breakpoints > MAX_CACHE_BREAKPOINTS) {
    return `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints}.`;
  }
  return thinkingProblem(body);
}

function messageProblem(messages: Json[], i: number): string | undefined {
  const message = messages[i];
  if (!isObject(message) || (message['role'] !== 'user' && message['role'] !== 'assistant')) {
    return `messages.${i}.role: Input should be 'user' or 'assistant'`;
  }
  const blocks = contentBlocks(message);
  if (!blocks) return `messages.${i}.content: Input should be a valid string or list`;
  const isFinalAssistant = i === messages.length - 1 && message['role'] === 'assistant';
  if (blocks.length === 0 && !isFinalAssistant) {
    return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
  }
  for (const [j, block] of blocks.entries()) {
    if (block['type'] === 'text' && (typeof block['text'] !== 'string' || block['text'].trim() === '')) {
      return `messages.${i}.content.${j}.text: text content blocks must contain non-whitespace text`;
    }
    if (block['type'] === 'thinking' && (typeof block['signature'] !== 'string' || block['signature'] === '')) {
      return `messages.${i}.content.${j}.thinking.signature: Field required`;
    }
  }
  return message['role'] === 'assistant' ? toolUsesAnswered(messages, i, blocks) : toolResultsExpected(messages, i, blocks);
}

function toolUsesAnswered(messages: Json[], i: number, blocks: JsonObject[]): string | undefined {
  const ids = idsOf(blocks, 'tool_use', 'id');
  if (ids.length === 0) return undefined;
  const next = messages[i + 1];
  const answered = new Set(isObject(next) && next['role'] === 'user' ? idsOf(contentBlocks(next) ?? [], 'tool_result', 'tool_use_id') : []);
  const missing = ids.filter((id) => !answered.has(id));
  if (missing.length === 0) return undefined;
  return (
    `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. ` +
    'Each `tool_use` block must have a corresponding `tool_result` block in the next message.'
  );
}

function toolResultsExpected(messages: Json[], i: number, blocks: JsonObject[]): string | undefined {
  const ids = idsOf(blocks, 'tool_result', 'tool_use_id');
  if (ids.length === 0) return undefined;
  const previous = messages[i - 1];
  const called = new Set(isObject(previous) && previous['role'] === 'assistant' ? idsOf(contentBlocks(previous) ?? [], 'tool_use', 'id') : []);
  const unexpected = ids.filter((id) => !called.has(id));
  if (unexpected.length === 0) return undefined;
  return (
    `messages.${i}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected.join(', ')}. ` +
    'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.'
  );
}

function thinkingProblem(body: MessagesRequestBody): string | undefined {
  const thinking = body.thinking;
  if (!isObject(thinking) || thinking['type'] !== 'enabled') return undefined;
  const budget = thinking['budget_tokens'];
  if (typeof budget !== 'number' || budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
  if (typeof body.max_tokens === 'number' && body.max_tokens <= budget) {
    return '`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size';
  }
  return undefined;
}

function idsOf(blocks: JsonObject[], type: string, field: string): string[] {
  return blocks.filter((b) => b['type'] === type).map((b) => String(b[field]));
}

/** Keys whose values are the client's own data (a schema, tool arguments), where `cache_control` means nothing. */
const OPAQUE_KEYS = new Set(['cache_control', 'input_schema', 'input']);

/** `cache_control` markers anywhere below `value` (blocks, tools, tool_result contents). */
function countCacheControl(value: Json | undefined): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + countCacheControl(item), 0);
  if (!isObject(value)) return 0;
  let count = isObject(value['cache_control']) ? 1 : 0;
  for (const [key, child] of Object.entries(value)) if (!OPAQUE_KEYS.has(key)) count += countCacheControl(child);
  return count;
}
