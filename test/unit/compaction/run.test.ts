import { strict as assert } from 'node:assert';
import { DEFAULT_COMPACTION_SETTINGS, runCompaction, type CompactionEvent } from '../../../src/core/compaction';
import { appendTurns, memorySession } from '../../support/builders';
import { sessionWithHistory } from './support/history';
import { hangingSummarizer, ScriptedSummarizer } from './support/scriptedSummarizer';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };


/** Events without the (large) result object, which is checked separately. */
const brief = (events: CompactionEvent[]): unknown[] => events.map((event) => (event.type === 'compaction_end' ? { ...event, result: event.result ? 'result' : undefined } : event));

describe('a compaction run: events, stopping the turn, messages', () => {
  it('stops the running turn first, then emits start and end with the result for a manual run', async () => {
    const session = await sessionWithHistory();
    const order: string[] = [];
    const events: CompactionEvent[] = [];
    const outcome = await runCompaction(session, {
      settings,
      reason: 'manual',
      summarizer: new ScriptedSummarizer(() => ({ text: 'S' })),
      stopRunningTurn: () => void order.push('stop turn'),
      emit: (event) => {
        order.push(event.type);
        events.push(event);
      },
    });
    assert.deepEqual(order, ['stop turn', 'compaction_start', 'compaction_end']);
    assert.deepEqual(brief(events), [
      { type: 'compaction_start', reason: 'manual' },
      { type: 'compaction_end', reason: 'manual', result: 'result', aborted: false, willRetry: false },
    ]);
    assert.equal(outcome?.kind, 'compacted');
    assert.equal(session.getEntry(session.leafId!)!.type, 'compaction');
  });

  it('does not stop the turn for an automatic run, and passes willRetry through for overflow recovery', async () => {
    const session = await sessionWithHistory();
    let stopped = false;
    const events: CompactionEvent[] = [];
    await runCompaction(session, {
      settings,
      reason: 'overflow',
      willRetry: true,
      summarizer: new ScriptedSummarizer(() => ({ text: 'S' })),
      stopRunningTurn: () => void (stopped = true),
      emit: (event) => events.push(event),
    });
    assert.equal(stopped, false);
    assert.deepEqual(brief(events).at(-1), { type: 'compaction_end', reason: 'overflow', result: 'result', aborted: false, willRetry: true });
  });

  it('reports a cancelled manual run as aborted, rejects with "Compaction cancelled" and writes nothing', async () => {
    const session = await sessionWithHistory();
    const entries = session.entries.length;
    const controller = new AbortController();
    const events: CompactionEvent[] = [];
    const running = runCompaction(session, { settings, reason: 'manual', summarizer: hangingSummarizer(), signal: controller.signal, emit: (e) => events.push(e) });
    setTimeout(() => controller.abort(), 5);
    await assert.rejects(running, { message: 'Compaction cancelled' });
    assert.deepEqual(events.at(-1), { type: 'compaction_end', reason: 'manual', aborted: true, willRetry: false });
    assert.equal(session.entries.length, entries);
  });

  it('ends a cancelled automatic run with aborted: true and does not reject', async () => {
    const session = await sessionWithHistory();
    const controller = new AbortController();
    const events: CompactionEvent[] = [];
    const running = runCompaction(session, { settings, reason: 'threshold', summarizer: hangingSummarizer(), signal: controller.signal, emit: (e) => events.push(e) });
    setTimeout(() => controller.abort(), 5);
    assert.equal(await running, undefined);
    assert.deepEqual(events.at(-1), { type: 'compaction_end', reason: 'threshold', aborted: true, willRetry: false });
  });

  it('words failures as pi does for each reason', async () => {
    const failing = new ScriptedSummarizer(() => {
      throw new Error('boom');
    });
    const expected = {
      manual: 'Compaction failed: Summarization failed: boom',
      threshold: 'Auto-compaction failed: Summarization failed: boom',
      overflow: 'Context overflow recovery failed: Summarization failed: boom',
    } as const;
    for (const reason of ['manual', 'threshold', 'overflow'] as const) {
      const session = await sessionWithHistory();
      const events: CompactionEvent[] = [];
      const running = runCompaction(session, { settings, reason, summarizer: failing, emit: (e) => events.push(e) });
      if (reason === 'manual') await assert.rejects(running, { message: 'Summarization failed: boom' });
      else assert.equal(await running, undefined);
      assert.deepEqual(events.at(-1), { type: 'compaction_end', reason, aborted: false, willRetry: false, errorMessage: expected[reason] });
      assert.equal(session.getEntry(session.leafId!)!.type, 'message');
    }
  });

  it('tells a manual run why there is nothing to compact; an automatic run just ends', async () => {
    const small = memorySession();
    await appendTurns(small, 1);
    const events: CompactionEvent[] = [];
    await assert.rejects(runCompaction(small, { settings, reason: 'manual', summarizer: new ScriptedSummarizer(), emit: (e) => events.push(e) }), {
      message: 'Nothing to compact (all of it fits in the recent messages kept verbatim)',
    });
    assert.deepEqual(events.at(-1), {
      type: 'compaction_end',
      reason: 'manual',
      aborted: false,
      willRetry: false,
      errorMessage: 'Compaction failed: Nothing to compact (all of it fits in the recent messages kept verbatim)',
    });
    const autoEvents: CompactionEvent[] = [];
    const outcome = await runCompaction(memorySession(), { settings, reason: 'threshold', summarizer: new ScriptedSummarizer(), emit: (e) => autoEvents.push(e) });
    assert.deepEqual(outcome, { kind: 'nothing-to-compact', reason: 'empty-session' });
    assert.deepEqual(autoEvents.at(-1), { type: 'compaction_end', reason: 'threshold', aborted: false, willRetry: false });
  });
});
