import { strict as assert } from 'node:assert';
import type { AgentMessage } from '../../../src/core/session';
import {
  boundedCounter,
  createTokenizerEstimator,
  estimateTokensPi,
  IMAGE_TOKENS,
  loadTextTokenizer,
  loadTokenizerEstimator,
  MAX_UNBROKEN_CHARS,
  MESSAGE_OVERHEAD_TOKENS,
} from '../../../src/core/tokens';
import { assistant, bash, user } from '../../support/builders';

const image = { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' };
const charCount = (text: string): number => text.length;

describe('tokenizer estimator', () => {
  it('counts real tokens with gpt-tokenizer (o200k_base)', async () => {
    const count = await loadTextTokenizer();
    assert.equal(count('hello world'), 2);
    assert.equal(count(''), 0);
    assert.equal(count('a <|endoftext|> b') > 3, true, 'special-token text is ordinary text');
  });

  it('sees what chars/4 misses: CJK text is far more than chars/4', async () => {
    const estimator = await loadTokenizerEstimator();
    const cjk = user('日本語のテキストを要約してください。'.repeat(20));
    assert.ok(estimator.estimate(cjk) > 2 * estimateTokensPi(cjk));
  });

  it('counts a 2 MB stretch without spaces, and 100 000 brackets, in linear time (in pieces; whole, BPE takes minutes)', async () => {
    const count = await loadTextTokenizer();
    assert.equal(count('x'.repeat(2_000_000)), 250_000);
    assert.equal(count('['.repeat(100_000)), count('['.repeat(MAX_UNBROKEN_CHARS)) * (100_000 / MAX_UNBROKEN_CHARS));
    assert.equal(count(`${'word '.repeat(1000)}end`), 1001);
  });

  it('cuts only stretches without spaces, after MAX_UNBROKEN_CHARS characters', () => {
    const pieces: string[] = [];
    const counter = boundedCounter((text) => (pieces.push(text), text.length));
    assert.equal(counter(`short words ${'y'.repeat(300)} tail`), 12 + 300 + 5);
    assert.deepEqual(pieces.map((piece) => piece.length), [12 + MAX_UNBROKEN_CHARS, MAX_UNBROKEN_CHARS, 300 - 2 * MAX_UNBROKEN_CHARS + 5]);
  });

  it('loads the tokenizer once and shares it', async () => {
    assert.equal(await loadTextTokenizer(), await loadTextTokenizer());
  });

  it('counts images in user messages too (pi 1.6 counts them 1200 tokens; 0.73.1 counted 0)', () => {
    const estimator = createTokenizerEstimator(charCount);
    const message = user([{ type: 'text', text: 'abcd' }, image]);
    assert.equal(estimator.estimate(message), MESSAGE_OVERHEAD_TOKENS + 4 + IMAGE_TOKENS);
    assert.equal(estimateTokensPi(message), 1201);
  });

  it('counts a !! bash execution as 0 because it is never sent (pi counts it)', () => {
    const estimator = createTokenizerEstimator(charCount);
    assert.equal(estimator.estimate(bash('ls', 'abcdef', { excludeFromContext: true })), 0);
    assert.equal(estimator.estimate(bash('ls', 'abcdef')), MESSAGE_OVERHEAD_TOKENS + 'Ran `ls`\n```\nabcdef\n```'.length);
  });

  it('counts summaries with the wrapper text the model receives', () => {
    const estimator = createTokenizerEstimator(charCount);
    const message: AgentMessage = { role: 'compactionSummary', summary: 'S', tokensBefore: 0, timestamp: 0 };
    const wrapped = 'The conversation history before this point was compacted into the following summary:\n\n<summary>\nS\n</summary>';
    assert.equal(estimator.estimate(message), MESSAGE_OVERHEAD_TOKENS + wrapped.length);
  });

  it('caches per message object: a second estimate does not tokenize again', () => {
    let calls = 0;
    const estimator = createTokenizerEstimator((text) => {
      calls++;
      return text.length;
    });
    const message = assistant('some text');
    const first = estimator.estimate(message);
    assert.equal(estimator.estimate(message), first);
    assert.equal(calls, 1);
  });
});
