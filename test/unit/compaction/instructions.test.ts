import { strict as assert } from 'node:assert';
import { CompactionControl, ContextTracker } from '../../../src/core/agent';
import { compactionInstructions, DEFAULT_COMPACTION_SETTINGS } from '../../../src/core/compaction';
import type { CompactionEntry } from '../../../src/core/session';
import { piEstimator } from '../../../src/core/tokens';
import { sessionWithHistory } from './support/history';
import { ScriptedSummarizer } from './support/scriptedSummarizer';
import { compactionRun } from './support/compactionRun';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };

describe('standing compaction instructions', () => {
  it('adds a manual focus after the standing instructions, not instead of them', () => {
    assert.equal(compactionInstructions('Keep paths', 'Focus on tests'), 'Keep paths\n\nFocus on tests');
    assert.equal(compactionInstructions('  Keep paths ', undefined), 'Keep paths');
    assert.equal(compactionInstructions('', ' Focus '), 'Focus');
    assert.equal(compactionInstructions(undefined, '  '), undefined);
  });

  it('sends them once when the focus typed repeats them', () => {
    assert.equal(compactionInstructions('Keep paths', ' Keep paths '), 'Keep paths');
  });

  for (const reason of ['threshold', 'manual'] as const) {
    it(`sends them with a ${reason} compaction and records them on the entry`, async () => {
      const session = await sessionWithHistory();
      const summarizer = new ScriptedSummarizer(() => ({ text: 'S' }));
      const control = new CompactionControl({
        session,
        tracker: new ContextTracker(session),
        summarizer,
        config: { compaction: settings, estimator: piEstimator, measure: () => ({ estimator: piEstimator }), compactionInstructions: 'Keep every path' },
        now: () => Date.now(),
        emit: () => undefined,
      });
      const focus = reason === 'manual' ? 'Focus on the tests' : undefined;
      await control.run(compactionRun(reason, { customInstructions: focus }));
      const expected = focus ? 'Keep every path\n\nFocus on the tests' : 'Keep every path';
      assert.ok(summarizer.prompt(0).includes(expected));
      const entry = session.getEntry(session.leafId!) as CompactionEntry;
      assert.equal((entry['arbor'] as { instructions: string }).instructions, expected);
    });
  }
});
