import { strict as assert } from 'node:assert';
import {
  chunkConversation,
  compact,
  DEFAULT_COMPACTION_SETTINGS,
  prepareCompaction,
  SUMMARIZATION_SYSTEM_PROMPT,
  UPDATE_SUMMARIZATION_PROMPT,
} from '../../../src/core/compaction';
import type { StoredMessage } from '../../../src/core/session';
import { assistant, user } from '../../support/builders';
import { chars, pathOf } from './support/path';
import { loadPi } from './support/piOracle';
import { ScriptedSummarizer } from './support/scriptedSummarizer';

const length = (text: string): number => text.length;

describe('summarizer input budget', () => {
  it('groups parts in order without exceeding the budget', () => {
    assert.deepEqual(chunkConversation(['aaaa', 'bbbb', 'cccc'], 10, length), ['aaaa\n\nbbbb', 'cccc']);
    assert.deepEqual(chunkConversation(['a', 'b'], 100, length), ['a\n\nb']);
    assert.deepEqual(chunkConversation([], 100, length), []);
  });

  it('splits a single part larger than the budget into pieces of its own', () => {
    assert.deepEqual(chunkConversation(['a', 'x'.repeat(25), 'b'], 10, length), ['a', 'x'.repeat(9), 'x'.repeat(9), 'x'.repeat(7), 'b']);
  });

  it('summarizes a span too large for one request in chunks, oldest first, updating the running summary (deliberately differs from pi)', async () => {
    // Ten turns of ~1000 tokens each, a summarizer window of 8000 tokens and an output limit of 1000.
    const turns: StoredMessage[] = [];
    for (let i = 0; i < 10; i++) turns.push(user(`turn ${i} ${chars(2000)}`), assistant(`answer ${i} ${chars(2000)}`));
    const path = pathOf(...turns, user('latest'), assistant('ok'));
    const settings = { ...DEFAULT_COMPACTION_SETTINGS, reserveTokens: 2000, keepRecentTokens: 3 };
    const preparation = prepareCompaction(path, settings)!;
    assert.equal(preparation.messagesToSummarize.length, 20);

    const pi = await loadPi();
    const fake = pi.fakeModel(() => 'one summary');
    try {
      await pi.compact(pi.prepareCompaction(path, settings), fake.model, 'key');
      assert.equal(fake.prompts.length, 1, 'pi sends the whole span in one request');
      assert.ok(fake.prompts[0]!.length > 40000);
    } finally {
      fake.dispose();
    }

    const summarizer = new ScriptedSummarizer((_request, n) => ({ text: `running summary ${n}` }));
    const outcome = await compact(preparation, { summarizer, summarizerContextWindow: 8000, maxOutputTokens: 1000 });
    assert.equal(outcome.kind, 'compacted');
    const requests = summarizer.requests.length;
    assert.ok(requests >= 3, `${requests} requests`);
    for (let i = 0; i < requests; i++) {
      const prompt = summarizer.prompt(i);
      // Each request keeps its whole output limit, with the window's margin of 4096 tokens.
      const input = Math.ceil((SUMMARIZATION_SYSTEM_PROMPT.length + prompt.length) / 3);
      assert.equal(summarizer.requests[i]!.maxTokens, 1000);
      assert.ok(input + 1000 + 4096 <= 8000, `request ${i} needs ${input} tokens of input`);
      if (i === 0) assert.ok(!prompt.includes('<previous-summary>') && prompt.includes('[User]: turn 0 '));
      else assert.ok(prompt.includes(`<previous-summary>\nrunning summary ${i}\n</previous-summary>`) && prompt.includes(UPDATE_SUMMARIZATION_PROMPT));
    }
    assert.ok(summarizer.prompt(requests - 1).includes('[Assistant]: answer 9 '));
    if (outcome.kind === 'compacted') {
      assert.equal(outcome.result.summary, `running summary ${requests}`);
      assert.equal(outcome.result.arbor.chunks, requests);
    }
  });

  it('sends one request, as pi does, when the span fits a small window whose model could write more than the window holds', async () => {
    // 1500 tokens to summarize, a window of 40 000 and an output limit of 64 000: a quarter of the window is kept for the answer.
    const path = pathOf(user(`Turn 1: ${chars(5992)}`), assistant('One.'), user(`Turn 2: ${chars(5992)}`), assistant('Two.'));
    const summarizer = new ScriptedSummarizer();
    await compact(prepareCompaction(path, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 1000 })!, { summarizer, summarizerContextWindow: 40_000, maxOutputTokens: 64_000 });
    assert.equal(summarizer.requests.length, 1);
    const input = Math.ceil((SUMMARIZATION_SYSTEM_PROMPT.length + summarizer.prompt(0).length) / 3);
    assert.ok(summarizer.requests[0]!.maxTokens! + input + 4096 <= 40_000);
  });

  it('sends one request, as pi does, when the span fits', async () => {
    const path = pathOf(user('q1'), assistant('a1'), user(chars(4000)), assistant('ok'));
    const summarizer = new ScriptedSummarizer();
    await compact(prepareCompaction(path, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 })!, { summarizer, summarizerContextWindow: 8000 });
    assert.equal(summarizer.requests.length, 1);
  });
});
