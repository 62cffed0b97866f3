import { strict as assert } from 'node:assert';
import { TokenCalibration } from '../../../src/core/tokens';

const KEY = 'anthropic/claude-sonnet-4-5';

describe('per-model token calibration', () => {
  it('starts at the first sample and then smooths (EMA 0.3)', () => {
    const calibration = new TokenCalibration();
    assert.equal(calibration.ratio(KEY), 1);
    assert.equal(calibration.observe({ modelKey: KEY, reported: 150, estimated: 100 }), 1.5);
    assert.equal(calibration.observe({ modelKey: KEY, reported: 100, estimated: 100 }), 1.35);
    assert.equal(calibration.samples(KEY), 2);
    assert.equal(calibration.ratio('other/model'), 1);
  });

  it('clamps odd samples and skips ones too small to mean anything', () => {
    const calibration = new TokenCalibration();
    assert.equal(calibration.observe({ modelKey: KEY, reported: 10, estimated: 30 }), undefined);
    assert.equal(calibration.observe({ modelKey: KEY, reported: 100000, estimated: 100 }), 3);
    assert.equal(calibration.observe({ modelKey: KEY, reported: -50, estimated: 100 }), undefined);
  });

  it('round-trips through JSON for storage between sessions', () => {
    const calibration = new TokenCalibration();
    calibration.observe({ modelKey: KEY, reported: 130, estimated: 100 });
    const restored = new TokenCalibration({}, JSON.parse(JSON.stringify(calibration)));
    assert.equal(restored.ratio(KEY), 1.3);
  });
});
