import { strict as assert } from 'node:assert';
import { CompactionError, newTally, requestSummary } from '../../../src/core/compaction/summarizer';
import { SUMMARIZATION_SYSTEM_PROMPT } from '../../../src/core/compaction/prompts';
import { providerSummarizer } from '../../../src/core/compaction/providerSummarizer';
import { LlmError } from '../../../src/core/llm';
import { error, reply, stop, text, thinking, toolUse, usage, useFakeAnthropic } from '../../support/fakeAnthropic';
import { user } from '../../support/builders';
import { testProvider } from '../llm/support/run';

/** Sonnet 4.5's window and output limit. */
const limits = { contextWindow: 200_000, maxOutputTokens: 64_000, estimateText: (text: string) => Math.ceil(text.length / 4) };

describe('compaction: the Summarizer on the Anthropic provider', () => {
  const server = useFakeAnthropic();

  it('sends the summary prompt and returns the text blocks joined, the usage with its cost, and the model', async () => {
    server().script(reply(thinking('Planning the summary', 'sig'), text('## Goal'), text('Ship it.'), usage({ input_tokens: 900, output_tokens: 40, cache_read_input_tokens: 100 })));
    const summarizer = providerSummarizer(testProvider(server()).provider, { model: 'claude-haiku-4-5' });
    const response = await summarizer.summarize({ systemPrompt: SUMMARIZATION_SYSTEM_PROMPT, messages: [user('Summarize this conversation')], maxTokens: 2000, reasoning: 'low' });
    // Haiku 4.5: $1 in, $5 out, $0.10 cache read per million tokens.
    const cost = { input: 0.0009, output: 0.0002, cacheRead: 0.00001, cacheWrite: 0, total: 0.0009 + 0.0002 + 0.00001, totalFromProvider: false };
    assert.deepEqual(response, { text: '## Goal\nShip it.', usage: { input: 900, output: 40, cacheRead: 100, cacheWrite: 0, cost }, model: 'claude-haiku-4-5', stopReason: 'stop' });
    const body = server().lastRequest().body!;
    assert.equal(body.model, 'claude-haiku-4-5');
    assert.deepEqual(body.thinking, { type: 'enabled', budget_tokens: 2048 });
    assert.equal(body.max_tokens, 4048);
    assert.deepEqual(body.system, [{ type: 'text', text: SUMMARIZATION_SYSTEM_PROMPT }]);
  });

  it('marks no prompt-cache breakpoint anywhere in a summary request: nothing would ever read that cache', async () => {
    server().script(text('Summary.'));
    const summarizer = providerSummarizer(testProvider(server()).provider, { model: 'claude-sonnet-4-5' });
    await summarizer.summarize({ systemPrompt: SUMMARIZATION_SYSTEM_PROMPT, messages: [user('first'), user('Summarize this conversation')], maxTokens: 2000 });
    assert.doesNotMatch(server().lastRequest().rawBody, /cache_control/);
  });

  it('plugs into the compaction engine\'s requestSummary, which tallies its usage', async () => {
    server().script(reply(text('The summary.'), usage({ input_tokens: 300, output_tokens: 20 })));
    const summarizer = providerSummarizer(testProvider(server()).provider, { model: 'claude-sonnet-4-5' });
    const tally = newTally();
    const summary = await requestSummary({ summarizer, prompt: 'Summarize', limits, label: 'Summarization', tally, now: () => 1 });
    assert.equal(summary, 'The summary.');
    // Sonnet 4.5: $3 in, $15 out per million tokens.
    assert.deepEqual(tally, {
      requests: 1,
      usage: { input: 300, output: 20, cacheRead: 0, cacheWrite: 0, totalTokens: 320, cost: { input: 0.0009, output: 0.0003, cacheRead: 0, cacheWrite: 0, total: 0.0009 + 0.0003 } },
      model: 'claude-sonnet-4-5',
    });
  });

  it('rejects with the provider\'s error, which compaction reports as a failed summary', async () => {
    server().script(error(401, 'authentication_error', 'invalid x-api-key'));
    const summarizer = providerSummarizer(testProvider(server()).provider, { model: 'claude-sonnet-4-5' });
    await assert.rejects(summarizer.summarize({ systemPrompt: 's', messages: [user('x')], maxTokens: 100 }), (e: unknown) => e instanceof LlmError && e.reason === 'auth');
    server().script(error(401, 'authentication_error', 'invalid x-api-key'));
    await assert.rejects(
      requestSummary({ summarizer, prompt: 'p', limits, label: 'Summarization', tally: newTally(), now: () => 1 }),
      (e: unknown) => e instanceof CompactionError && e.reason === 'summarization-failed' && e.message === 'Summarization failed: The API key was refused (401 authentication_error): invalid x-api-key',
    );
  });

  it('refuses a summary cut at the output limit and one that calls a tool, in pi 1.6\'s words', async () => {
    const summarizer = providerSummarizer(testProvider(server()).provider, { model: 'claude-sonnet-4-5' });
    const call = { summarizer, prompt: 'p', limits, tally: newTally(), now: () => 1 };
    server().script(reply(text('## Goal\nHalf a summ'), stop('max_tokens')));
    await assert.rejects(
      requestSummary({ ...call, label: 'Summarization' }),
      (e: unknown) => e instanceof CompactionError && e.reason === 'summarization-failed' && e.message === 'Summarization failed: generation hit the token cap and the summary is incomplete',
    );
    server().script(reply(text('Let me look first.'), toolUse('read', { path: 'a.ts' }), stop('tool_use')));
    await assert.rejects(requestSummary({ ...call, label: 'Branch summarization' }), { message: 'Branch summarization attempted to call a tool' });
    server().script(reply(text('## Goal\nDone.'), stop('end_turn')));
    assert.equal(await requestSummary({ ...call, label: 'Turn prefix summarization' }), '## Goal\nDone.');
  });

  it('sends no thinking parameter for reasoning the levels do not name', async () => {
    server().script(text('ok'));
    const summarizer = providerSummarizer(testProvider(server()).provider, { model: 'claude-sonnet-4-5' });
    await summarizer.summarize({ systemPrompt: 's', messages: [user('x')], maxTokens: 100, reasoning: 'very deep' });
    assert.deepEqual(server().lastRequest().body!.thinking, { type: 'disabled' });
  });
});
