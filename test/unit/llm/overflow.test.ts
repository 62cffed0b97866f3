import { strict as assert } from 'node:assert';
import { contextOverflowEvidence, isContextOverflow, isOverflowText, isRecoverableLength, type OverflowCheckable, type OverflowEvidence } from '../../../src/core/llm/overflow';
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

const error = (errorMessage: string | undefined, provider = 'anthropic'): OverflowCheckable => ({ stopReason: 'error', errorMessage, usage: usage(0, 0), provider });
const reply = (stopReason: StopReason, input: number, output: number, cacheRead = 0): OverflowCheckable => ({ stopReason, usage: usage(input, output, { cacheRead }) });

const overflowTexts: [string, string][] = [
  ['Anthropic tokens', 'prompt is too long: 213462 tokens > 200000 maximum'],
  ['Anthropic 413', '413 {"error":{"type":"request_too_large","message":"Request exceeds the maximum size"}}'],
  ['z.ai', 'Prompt too long'],
  ['z.ai CN endpoint', '{"code":"1261","message":"Prompt exceeds max length"}'],
  ['LiteLLM', "Requested token count exceeds the model's maximum context length of 131072 tokens"],
  ['LiteLLM before the call', 'litellm.ContextWindowExceededError: prompt of 300000 tokens: Context Window exceeded for given call.'],
  ['OpenAI-compatible', "Input length (265330) exceeds model's maximum context length (262144)."],
  ['OpenRouter with Poolside', 'Input length 300000 exceeds the maximum allowed input length of 262,144 tokens.'],
  ['Together AI', "The input (300000 tokens) is longer than the model's context length (262144 tokens)."],
  ['DS4', 'Prompt has 300,000 tokens, but the configured context size is 262,144 tokens'],
  ['DashScope', '400 Range of input length should be [1, 258048]'],
  ['Copilot 413 as pi-ai formats it', 'github-copilot API error (413): {"message":"failed to parse request","code":""}'],
  ['any 413 from the SDK', '413 status code (no body)'],
  ['a 413 with an HTML body', '413 <html><body>Request Entity Too Large</body></html>'],
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
  ['a bodyless 400 from Anthropic (only Cerebras means an overflow by it)', '400 status code (no body)'],
  ['a 413 named later in the text', 'Error: 413 status code (no body)'],
  ['other no-body status', '500 status code (no body)'],
  ['a window named without "tokens"', 'maximum context length is 8k'],
  ['empty text', ''],
];

const table: Row[] = [
  ...overflowTexts.map(([name, text]): Row => ({ name: `error: ${name}`, message: error(text), expected: 'error-message' })),
  ...otherErrors.map(([name, text]): Row => ({ name: `error: ${name}`, message: error(text), expected: undefined })),
  { name: 'error: Cerebras, a bodyless 400', message: error('400 status code (no body)', 'cerebras'), expected: 'error-message' },
  { name: 'error: Cerebras, a bodyless 413 without "status code"', message: error('413 (no body)', 'cerebras'), expected: 'error-message' },
  { name: 'error: Cerebras, "no body" not at the start', message: error('Error: 400 status code (no body)', 'cerebras'), expected: undefined },
  { name: 'error: Cerebras, another no-body status', message: error('500 status code (no body)', 'cerebras'), expected: undefined },
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

  it('judges an error text alone: an overflow phrase counts unless it is a rate-limit text; a bodyless 400 is no overflow without Cerebras', () => {
    assert.equal(isOverflowText('prompt is too long: 201000 tokens > 200000 maximum'), true);
    assert.equal(isOverflowText('Rate limit: prompt is too long for this tier'), false);
    assert.equal(isOverflowText('529 overloaded'), false);
    assert.equal(isOverflowText('400 status code (no body)'), false);
  });

  it("also knows Arbor's own words for an overflow the API refused, which pi-ai does not read (pi records the provider's text)", () => {
    const recorded = error('The conversation is too long for the model (413): 413 status code (no body)');
    assert.equal(contextOverflowEvidence(recorded, WINDOW), 'error-message');
    assert.equal(piIsContextOverflow(recorded, WINDOW), false);
    assert.equal(contextOverflowEvidence(error('The API rejected the request (400): 400 status code (no body)'), WINDOW), undefined);
  });
});

describe('isRecoverableLength', () => {
  type PiIsRecoverableLength = (message: unknown, desiredMaxOutput: number) => boolean;
  let piIsRecoverableLength: PiIsRecoverableLength;
  before(async () => {
    piIsRecoverableLength = ((await loadPiAi()) as unknown as { isRecoverableLength: PiIsRecoverableLength }).isRecoverableLength;
  });

  const rows: { name: string; message: OverflowCheckable; limit: number; expected: boolean }[] = [
    { name: 'length below the limit asked for', message: reply('length', 1000, 700), limit: 4096, expected: true },
    { name: 'length with no output at all', message: reply('length', 1000, 0), limit: 4096, expected: true },
    { name: 'length at the limit asked for', message: reply('length', 1000, 4096), limit: 4096, expected: false },
    { name: 'length over the limit (thinking counted in the output)', message: reply('length', 1000, 5000), limit: 4096, expected: false },
    { name: 'stop below the limit', message: reply('stop', 1000, 700), limit: 4096, expected: false },
    { name: 'toolUse below the limit', message: reply('toolUse', 1000, 700), limit: 4096, expected: false },
    { name: 'length with no limit known (0)', message: reply('length', 1000, 700), limit: 0, expected: false },
  ];
  for (const row of rows) {
    it(`${row.name} → ${row.expected ? 'recoverable' : 'not recoverable'}, as pi-ai 1.6.0 says`, () => {
      assert.equal(isRecoverableLength(row.message, row.limit), row.expected);
      assert.equal(piIsRecoverableLength(row.message, row.limit), row.expected);
    });
  }

  it('is never recoverable without a limit (undefined: the reply would not end the run)', () => {
    assert.equal(isRecoverableLength(reply('length', 1000, 700), undefined), false);
  });
});
