import { strict as assert } from 'node:assert';
import { formatTokens, meterText, percentOf } from '../../../src/core/tokens';

describe('the token meter text', () => {
  it('writes token counts in k with one decimal below 100k, none above, M from a million', () => {
    assert.deepEqual(
      [0, 999, 1000, 1050, 84_200, 99_949, 99_950, 199_999, 200_000, 999_499, 999_500, 1_000_000, 1_250_000].map(formatTokens),
      ['0', '999', '1k', '1.1k', '84.2k', '99.9k', '100k', '200k', '200k', '999k', '1M', '1M', '1.3M'],
    );
  });

  it('writes used / window and the rounded percentage', () => {
    assert.equal(meterText({ tokens: 84_200, window: 200_000 }), '84.2k / 200k · 42%');
    assert.equal(meterText({ tokens: 840, window: 200_000 }), '840 / 200k · 0%');
    assert.equal(meterText({ tokens: 84_200, window: 1_000_000 }), '84.2k / 1M · 8%');
    assert.equal(meterText({ tokens: 199_999, window: 200_000 }), '200k / 200k · 100%');
  });

  it('leaves the window and percentage out when the window is unknown', () => {
    assert.equal(meterText({ tokens: 1050, window: undefined }), '1.1k tokens');
    assert.equal(percentOf({ tokens: 10, window: 0 }), undefined);
  });
});
