/**
 * The usage in this session is simulated from o200k counts (bench/simulatedUsage.ts), the same
 * tokenizer the calibrated estimator counts with. So this is a self-consistency check of the
 * calibration — it learns a per-model factor and then predicts close to the simulation — and NOT
 * a measure of accuracy against a real provider (there is no real usage data in the repository).
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { writeSimulatedUsageSession } from '../../../bench/simulatedUsage';
import { measurePrediction, pathMessages } from '../../../bench/tokenPrediction';
import { useTempDir } from '../../support/tempDir';

describe('self-consistency of the calibrated tokenizer, on usage simulated from the same tokenizer', () => {
  const tmp = useTempDir();

  it('learns a factor inside the simulated per-kind range and then predicts the simulated usage closer than chars/4 does', async () => {
    const file = await writeSimulatedUsageSession(path.join(tmp(), 'simulated.jsonl'), { turns: 40, seed: 5 });
    const report = await measurePrediction(await pathMessages(file));
    assert.ok(report.requests > 50, `${report.requests} requests`);
    // The simulation multiplies o200k counts by 1.10 to 1.45 by kind of text: the learned factor must land in that range.
    assert.ok(report.finalRatio > 1.1 && report.finalRatio < 1.45, `learned factor ${report.finalRatio}`);
    assert.ok(report.calibrated.estimatedPartPct * 2 < report.pi.estimatedPartPct, JSON.stringify(report));
    assert.ok(report.calibrated.requestPct < report.pi.requestPct);
  });
});
