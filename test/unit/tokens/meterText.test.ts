import { strict as assert } from 'node:assert';
import { formatTokens, meterLevel, meterText, percentOf } from '../../../src/core/tokens';

describe('the token meter text', () => {
  it('writes token counts the short way', () => {
    assert.deepEqual([950, 4560, 84_200, 200_000, 1_250_000, 1_000_000].map(formatTokens), ['950', '4.6k', '84.2k', '200k', '1.3M', '1M']);
  });

  it('writes used / window and the rounded percentage', () => {
    assert.equal(meterText({ tokens: 84_200, contextWindow: 200_000 }), '84.2k / 200k · 42%');
    assert.equal(percentOf({ tokens: 10, contextWindow: 0 }), 0);
  });

  it('turns to "near" at 85 % of the compaction threshold and to "over" past it', () => {
    const at = (tokens: number): string => meterLevel({ tokens, contextWindow: 200_000, threshold: 183_616 });
    assert.deepEqual([at(156_073), at(156_074), at(183_616), at(183_617)], ['normal', 'near', 'near', 'over']);
    assert.equal(meterLevel({ tokens: 190_000, contextWindow: 200_000 }), 'near');
    assert.equal(meterLevel({ tokens: 5, contextWindow: 0 }), 'normal');
  });
});
