import { strict as assert } from 'node:assert';
import { contextOverflowEvidence, isContextOverflow, isOverflowText, type OverflowCheckable, type OverflowEvidence } from '../../../src/core/compaction';
import type { StopReason } from '../../../src/core/session';
import { usage } from '../../support/builders';
import { loadPiAi } from '../../support/pi';

type PiIsContextOverflow = (message: unknown, contextWindow?: number) => boolean;
let piIsContextOverflow: PiIsContextOverflow;

const WINDOW = 200000;

interface Row {
  name: string;
  message: OverflowCheckable;
  window?: number;
  expected: OverflowEvidence | undefined;
}

const error = (errorMessage: string | undefined): OverflowCheckable => ({ stopReason: 'error', errorMessage, usage: usage(0, 0) });
const reply = (stopReason: StopReason, input: number, output: number, cacheRead = 0): OverflowCheckable => ({ stopReason, usage: usage(input, output, { cacheRead }) });

const overflowTexts: [string, string][] = [
  ['Anthropic tokens', 'prompt is too long: 213462 tokens > 200000 maximum'],
  ['Anthropic 413', '413 {"error":{"type":"request_too_large","message":"Request exceeds the maximum size"}}'],
  ['Bedrock', 'ValidationException: Input is too long for requested model.'],
  ['OpenAI', 'Your input exceeds the context window of this model. Please adjust your input and try again.'],
  ['Gemini', 'The input token count (1196265) exceeds the maximum number of tokens allowed (1048575).'],
  ['xAI', "This model's maximum prompt length is 131072 but the request contains 537812 tokens."],
  ['Groq', 'Please reduce the length of the messages or completion.'],
  ['OpenRouter', "This endpoint's maximum context length is 200000 tokens. However, you requested about 250000 tokens."],
  ['Copilot', 'prompt token count of 140000 exceeds the limit of 128000'],
  ['llama.cpp', 'the request exceeds the available context size, try increasing it'],
  ['LM Studio', 'tokens to keep from the initial prompt is greater than the context length'],
  ['MiniMax', 'invalid params, context window exceeds limit'],
  ['Kimi', 'Your request exceeded model token limit: 262144 (requested: 300000)'],
  ['Mistral', 'Prompt contains 140000 tokens and 0 draft tokens, too large for model with 131072 maximum context length'],
  ['z.ai', 'finish_reason: model_context_window_exceeded'],
  ['Ollama', 'prompt too long; exceeded max context length by 1200 tokens'],
  ['Ollama without "max"', 'prompt too long; exceeded context length by 5 tokens'],
  ['OpenAI code', 'Error code: 400 - {"error":{"code":"context_length_exceeded"}}'],
  ['generic wording', 'Context length exceeded'],
  ['generic too many tokens', 'Request has too many tokens'],
  ['generic token limit', 'Token limit exceeded for this model'],
  ['upper case', 'PROMPT IS TOO LONG'],
  ['Cerebras 400', '400 status code (no body)'],
  ['Cerebras 413', '413 (no body)'],
  ['Bedrock raw throttling exception (no pi-ai prefix)', 'ThrottlingException: Too many tokens, please wait before trying again.'],
];

const otherErrors: [string, string][] = [
  ['Bedrock throttling as pi-ai formats it', 'Throttling error: Too many tokens, please wait before trying again.'],
  ['Bedrock availability as pi-ai formats it', 'Service unavailable: too many tokens in flight'],
  ['rate limit naming tokens', '429 Rate limit reached: too many tokens per minute'],
  ['429 naming a token limit', 'Too many requests: token limit exceeded, retry later'],
  ['overloaded', '529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'],
  ['server error', '500 Internal server error'],
  ['"no body" not at the start', 'Error: 400 status code (no body)'],
  ['other no-body status', '500 status code (no body)'],
  ['a window named without "tokens"', 'maximum context length is 8k'],
  ['empty text', ''],
];

const table: Row[] = [
  ...overflowTexts.map(([name, text]): Row => ({ name: `error: ${name}`, message: error(text), expected: 'error-message' })),
  ...otherErrors.map(([name, text]): Row => ({ name: `error: ${name}`, message: error(text), expected: undefined })),
  { name: 'error without a message', message: error(undefined), expected: undefined },
  { name: 'error text on an aborted reply', message: { ...error('prompt is too long'), stopReason: 'aborted' }, expected: undefined },
  { name: 'error text on a successful reply', message: { ...reply('stop', 100, 10), errorMessage: 'prompt is too long' }, expected: undefined },
  { name: 'silent: input + cacheRead over the window', message: reply('stop', 150000, 500, 50001), expected: 'silent' },
  { name: 'silent: exactly the window', message: reply('stop', 150000, 500, 50000), expected: undefined },
  { name: 'silent: output does not count', message: reply('stop', 199000, 5000), expected: undefined },
  { name: 'silent: unknown window (0)', message: reply('stop', 900000, 10), window: 0, expected: undefined },
  { name: 'silent: no window given', message: reply('stop', 900000, 10), window: undefined, expected: undefined },
  { name: 'toolUse over the window', message: reply('toolUse', 250000, 10), expected: undefined },
  { name: 'length: no output, 99% of the window', message: reply('length', 148000, 0, 50000), expected: 'length-truncated' },
  { name: 'length: no output, just under 99%', message: reply('length', 197999, 0), expected: undefined },
  { name: 'length: some output', message: reply('length', 200000, 1), expected: undefined },
  { name: 'length: unknown window', message: reply('length', 200000, 0), window: 0, expected: undefined },
  { name: 'error with a usage over the window but no overflow text', message: { ...error('529 overloaded'), usage: usage(300000, 0) }, expected: undefined },
];

describe('isContextOverflow', () => {
  before(async () => {
    const ai = (await loadPiAi()) as unknown as { isContextOverflow: PiIsContextOverflow };
    piIsContextOverflow = ai.isContextOverflow;
  });

  for (const row of table) {
    const window = 'window' in row ? row.window : WINDOW;
    it(`${row.name} → ${row.expected ?? 'no overflow'}, as pi-ai 1.6.0 says`, () => {
      assert.equal(contextOverflowEvidence(row.message, window), row.expected);
      assert.equal(isContextOverflow(row.message, window), row.expected !== undefined);
      assert.equal(piIsContextOverflow(row.message, window), row.expected !== undefined);
    });
  }

  it('judges an error text alone: an overflow phrase counts unless it is a rate-limit text', () => {
    assert.equal(isOverflowText('prompt is too long: 201000 tokens > 200000 maximum'), true);
    assert.equal(isOverflowText('Rate limit: prompt is too long for this tier'), false);
    assert.equal(isOverflowText('529 overloaded'), false);
  });
});
