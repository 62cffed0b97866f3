import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { measureAccuracy, pathMessages } from '../../../bench/tokenAccuracy';
import { writeGroundTruthSession } from '../../../bench/tokensGroundTruth';

describe('token accuracy on a session with simulated provider usage', () => {
  it('predicts the part after the last usage clearly better with the calibrated tokenizer than with chars/4', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'arbor-accuracy-'));
    try {
      const file = await writeGroundTruthSession(path.join(dir, 'truth.jsonl'), { turns: 40, seed: 5 });
      const report = await measureAccuracy(await pathMessages(file));
      assert.ok(report.requests > 50, `${report.requests} requests`);
      assert.ok(report.calibrated.estimatedPartPct * 2 < report.pi.estimatedPartPct, JSON.stringify(report));
      assert.ok(report.calibrated.requestPct < report.pi.requestPct);
      assert.ok(report.finalRatio > 1.1 && report.finalRatio < 1.5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
