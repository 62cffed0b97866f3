import { strict as assert } from 'node:assert';
import { CompactionError, newTally, requestSummary } from '../../../src/core/compaction/summarizer';
import { SUMMARIZATION_SYSTEM_PROMPT } from '../../../src/core/compaction/prompts';
import { LlmError, providerSummarizer } from '../../../src/core/llm';
import { error, reply, text, thinking, usage, useFakeAnthropic } from '../../support/fakeAnthropic';
import { user } from '../../support/builders';
import { testProvider } from './support/run';

describe('llm: the compaction Summarizer on the Anthropic provider', () => {
  const server = useFakeAnthropic();

  it('sends the summary prompt and returns the text blocks joined, the usage with its cost, and the model', async () => {
    server().script(reply(thinking('Planning the summary', 'sig'), text('## Goal'), text('Ship it.'), usage({ input_tokens: 900, output_tokens: 40, cache_read_input_tokens: 100 })));
    const summarizer = providerSummarizer(testProvider(server()).provider, { model: 'claude-haiku-4-5' });
    const response = await summarizer.summarize({ systemPrompt: SUMMARIZATION_SYSTEM_PROMPT, messages: [user('Summarize this conversation')], maxTokens: 2000, reasoning: 'low' });
    // Haiku 4.5: $1 in, $5 out, $0.10 cache read per million tokens.
    const cost = { input: 0.0009, output: 0.0002, cacheRead: 0.00001, cacheWrite: 0, total: 0.0009 + 0.0002 + 0.00001, totalFromProvider: false };
    assert.deepEqual(response, { text: '## Goal\nShip it.', usage: { input: 900, output: 40, cacheRead: 100, cacheWrite: 0, cost }, model: 'claude-haiku-4-5' });
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
    const summary = await requestSummary({ summarizer, prompt: 'Summarize', maxTokens: 1000, failure: 'Summarization failed', tally, now: () => 1 });
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
      requestSummary({ summarizer, prompt: 'p', maxTokens: 100, failure: 'Summarization failed', tally: newTally(), now: () => 1 }),
      (e: unknown) => e instanceof CompactionError && e.reason === 'summarization-failed' && e.message === 'Summarization failed: The API key was refused (401 authentication_error): invalid x-api-key',
    );
  });

  it('sends no thinking parameter for reasoning the levels do not name', async () => {
    server().script(text('ok'));
    const summarizer = providerSummarizer(testProvider(server()).provider, { model: 'claude-sonnet-4-5' });
    await summarizer.summarize({ systemPrompt: 's', messages: [user('x')], maxTokens: 100, reasoning: 'very deep' });
    assert.deepEqual(server().lastRequest().body!.thinking, { type: 'disabled' });
  });
});
