import { strict as assert } from 'node:assert';
import { CompactionControl, ContextTracker, type CompactionEvent } from '../../../src/core/agent';
import { DEFAULT_COMPACTION_SETTINGS, OVERFLOW_RECOVERY_FAILED_MESSAGE, type CompactionSettings, type Summarizer } from '../../../src/core/compaction';
import { ArborHooks, type DidFailCompactionEvent } from '../../../src/core/hooks';
import type { Session } from '../../../src/core/session';
import { piEstimator } from '../../../src/core/tokens';
import { appendTurns, assistant, memorySession, usage, user } from '../../support/builders';
import { chars } from '../compaction/support/path';
import { sessionWithHistory } from '../compaction/support/history';
import { hangingSummarizer, ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';
import { compactionRun as run } from '../compaction/support/compactionRun';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };

/** Events without the (large) result object, and with the error's reason instead of the error. */
const brief = (events: CompactionEvent[]): unknown[] =>
  events.map((event) => {
    if (event.type !== 'compaction_end') return event;
    const { error, ...rest } = event;
    return { ...rest, result: event.result ? 'result' : undefined, ...(error ? { error: error.reason } : {}) };
  });

/** The agent's compaction control on `session`, its events collected in `events`. */
function control(session: Session, summarizer: Summarizer, events: CompactionEvent[], compaction: CompactionSettings = settings, hooks?: ArborHooks): CompactionControl {
  return new CompactionControl({
    session,
    tracker: new ContextTracker(session),
    summarizer,
    config: { compaction, estimator: piEstimator, measure: () => ({ estimator: piEstimator }) },
    now: () => Date.now(),
    emit: (event) => events.push(event),
    hooks,
  });
}

/** Hooks whose failure and success events are collected, as another extension would hear them. */
function listeningHooks(): { hooks: ArborHooks; failed: DidFailCompactionEvent[]; compacted: { reason: string; willRetry: boolean; fromExtension: boolean }[] } {
  const hooks = new ArborHooks(() => undefined);
  const failed: DidFailCompactionEvent[] = [];
  const compacted: { reason: string; willRetry: boolean; fromExtension: boolean }[] = [];
  hooks.onDidFailCompaction((event) => failed.push(event));
  hooks.onDidCompact(({ reason, willRetry, fromExtension }) => compacted.push({ reason, willRetry, fromExtension }));
  return { hooks, failed, compacted };
}

describe('the agent running a compaction: events, outcome, messages', () => {
  it('emits start and end with the result for a manual run, and writes the compaction', async () => {
    const session = await sessionWithHistory();
    const events: CompactionEvent[] = [];
    const next = await control(session, new ScriptedSummarizer(() => ({ text: 'S' })), events).run(run('manual'));
    assert.deepEqual(brief(events), [
      { type: 'compaction_start', reason: 'manual' },
      { type: 'compaction_end', reason: 'manual', result: 'result', aborted: false, willRetry: false },
    ]);
    assert.deepEqual(next, { continueAfterMs: undefined });
    assert.equal(session.getEntry(session.leafId!)!.type, 'compaction');
  });

  it('passes willRetry through for overflow recovery and says to continue afterwards', async () => {
    const session = await sessionWithHistory();
    const events: CompactionEvent[] = [];
    const next = await control(session, new ScriptedSummarizer(() => ({ text: 'S' })), events).run(run('overflow', { willRetry: true }));
    assert.deepEqual(brief(events).at(-1), { type: 'compaction_end', reason: 'overflow', result: 'result', aborted: false, willRetry: true });
    assert.deepEqual(next, { continueAfterMs: 100 });
  });

  it('reports a cancelled manual run as aborted, rejects with "Compaction cancelled" and writes nothing', async () => {
    const session = await sessionWithHistory();
    const entries = session.entries.length;
    const controller = new AbortController();
    const events: CompactionEvent[] = [];
    const running = control(session, hangingSummarizer(), events).run(run('manual', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 5);
    await assert.rejects(running, { message: 'Compaction cancelled' });
    assert.deepEqual(events.at(-1), { type: 'compaction_end', reason: 'manual', aborted: true, willRetry: false });
    assert.equal(session.entries.length, entries);
  });

  it('ends a cancelled automatic run with aborted: true and does not reject', async () => {
    const session = await sessionWithHistory();
    const controller = new AbortController();
    const events: CompactionEvent[] = [];
    const running = control(session, hangingSummarizer(), events).run(run('threshold', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 5);
    assert.equal(await running, undefined);
    assert.deepEqual(events.at(-1), { type: 'compaction_end', reason: 'threshold', aborted: true, willRetry: false });
  });

  it('words failures as pi does for each reason, and gives the error with its reason', async () => {
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
      const running = control(session, failing, events).run(run(reason));
      if (reason === 'manual') await assert.rejects(running, { name: 'CompactionError', reason: 'summarization-failed', message: 'Summarization failed: boom' });
      else assert.equal(await running, undefined);
      assert.deepEqual(brief(events).at(-1), { type: 'compaction_end', reason, result: undefined, aborted: false, willRetry: false, errorMessage: expected[reason], error: 'summarization-failed' });
      assert.equal(session.getEntry(session.leafId!)!.type, 'message');
    }
  });

  it('tells a manual run why there is nothing to compact, as a reason; an automatic run just ends', async () => {
    const small = memorySession();
    await appendTurns(small, 1);
    const events: CompactionEvent[] = [];
    await assert.rejects(control(small, new ScriptedSummarizer(), events).run(run('manual')), {
      name: 'CompactionError',
      reason: 'nothing-to-compact',
      nothing: 'empty-span',
      message: 'Nothing to compact (all of it fits in the recent messages kept verbatim)',
    });
    assert.deepEqual(brief(events).at(-1), {
      type: 'compaction_end',
      reason: 'manual',
      result: undefined,
      aborted: false,
      willRetry: false,
      errorMessage: 'Compaction failed: Nothing to compact (all of it fits in the recent messages kept verbatim)',
      error: 'nothing-to-compact',
    });
    const empty = memorySession();
    const autoEvents: CompactionEvent[] = [];
    assert.equal(await control(empty, new ScriptedSummarizer(), autoEvents).run(run('threshold')), undefined);
    assert.deepEqual(autoEvents, [
      { type: 'compaction_start', reason: 'threshold' },
      { type: 'compaction_end', reason: 'threshold', aborted: false, willRetry: false },
    ]);
    assert.equal(empty.entries.length, 0);
  });

  it('keeps its guard when the settings change: a compaction that left the context over the threshold is not repeated before new messages', async () => {
    // A 3000-token window, 2000 reserved: over 1000 tokens compacts; the reply kept verbatim reported 2510.
    const session = memorySession();
    await appendTurns(session, 3);
    await session.appendMessage(user(chars(4000)));
    await session.appendMessage(assistant('latest answer', { usage: usage(2500, 10) }));
    const small = { ...settings, reserveTokens: 2000 };
    const model = { provider: 'anthropic', id: 'claude-sonnet-4-5', contextWindow: 3000 };
    const config = { compaction: small, estimator: piEstimator, measure: () => ({ estimator: piEstimator }) };
    const compaction = new CompactionControl({ session, tracker: new ContextTracker(session), summarizer: new ScriptedSummarizer(() => ({ text: 'S' })), config, now: () => Date.now(), emit: () => undefined });
    await compaction.run(run('threshold', { model }));
    assert.equal(session.getEntry(session.leafId!)!.type, 'compaction');
    // A reply newer than the compaction, over the threshold, and no message added since.
    const fresh = assistant('still long', { usage: usage(1500, 10), timestamp: Date.parse('2030-01-01T00:00:00.000Z') });
    const decide = () => compaction.decide({ point: 'agent-end', assistant: fresh }, model);
    assert.deepEqual(decide(), { kind: 'none', why: 'waiting-for-new-messages' });
    // New settings between runs (the agent's configuration changes in place).
    config.compaction = { ...small, keepRecentTokens: 400 };
    assert.deepEqual(decide(), { kind: 'none', why: 'waiting-for-new-messages' });
  });
});

describe("other extensions hear how a compaction ended (pi's session_compact and session_compact_failed)", () => {
  const owner = { id: 'test.ext', name: 'Test extension' };
  const failing = (): ScriptedSummarizer =>
    new ScriptedSummarizer(() => {
      throw new Error('boom');
    });

  it('a written compaction: its reason and whether the request that overflowed is sent again', async () => {
    const { hooks, compacted, failed } = listeningHooks();
    await control(await sessionWithHistory(), new ScriptedSummarizer(() => ({ text: 'S' })), [], settings, hooks).run(run('overflow', { willRetry: true }));
    await control(await sessionWithHistory(), new ScriptedSummarizer(() => ({ text: 'S' })), [], settings, hooks).run(run('threshold'));
    assert.deepEqual(compacted, [
      { reason: 'overflow', willRetry: true, fromExtension: false },
      { reason: 'threshold', willRetry: false, fromExtension: false },
    ]);
    assert.deepEqual(failed, []);
  });

  it("a failed one, for each reason, with the end event's words; an overflow recovery would have retried", async () => {
    const { hooks, failed } = listeningHooks();
    for (const [reason, willRetry] of [['manual', false], ['threshold', false], ['overflow', true]] as const) {
      const events: CompactionEvent[] = [];
      await control(await sessionWithHistory(), failing(), events, settings, hooks).run(run(reason, { willRetry })).catch(() => undefined);
      const end = events.at(-1);
      assert.equal(end?.type === 'compaction_end' ? end.errorMessage : undefined, failed.at(-1)?.errorMessage);
    }
    assert.deepEqual(failed, [
      { reason: 'manual', errorMessage: 'Compaction failed: Summarization failed: boom', aborted: false, willRetry: false, fromExtension: false },
      { reason: 'threshold', errorMessage: 'Auto-compaction failed: Summarization failed: boom', aborted: false, willRetry: false, fromExtension: false },
      { reason: 'overflow', errorMessage: 'Context overflow recovery failed: Summarization failed: boom', aborted: false, willRetry: true, fromExtension: false },
    ]);
  });

  it('a summary cut at the output limit: nothing written, the user told, the failure heard', async () => {
    const { hooks, failed } = listeningHooks();
    const events: CompactionEvent[] = [];
    const session = await sessionWithHistory();
    const entries = session.entries.length;
    const cut = new ScriptedSummarizer(() => ({ text: '## Goal\nhalf of it', stopReason: 'length' }));
    await assert.rejects(control(session, cut, events, settings, hooks).run(run('manual')), { reason: 'summarization-failed' });
    const message = 'Compaction failed: Summarization failed: generation hit the token cap and the summary is incomplete';
    assert.deepEqual(brief(events).at(-1), { type: 'compaction_end', reason: 'manual', aborted: false, willRetry: false, errorMessage: message, result: undefined, error: 'summarization-failed' });
    assert.deepEqual(failed, [{ reason: 'manual', errorMessage: message, aborted: false, willRetry: false, fromExtension: false }]);
    assert.equal(session.entries.length, entries);
  });

  it('a stopped one and one a handler cancelled: aborted, without an error message', async () => {
    const { hooks, failed } = listeningHooks();
    const controller = new AbortController();
    const running = control(await sessionWithHistory(), hangingSummarizer(), [], settings, hooks).run(run('threshold', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 5);
    await running;
    const cancelling = hooks.onWillCompact(() => ({ cancel: true }), { owner });
    await assert.rejects(control(await sessionWithHistory(), new ScriptedSummarizer(), [], settings, hooks).run(run('manual')), { reason: 'cancelled-by-extension' });
    cancelling.dispose();
    assert.deepEqual(failed, [
      { reason: 'threshold', aborted: true, willRetry: false, fromExtension: false },
      { reason: 'manual', aborted: true, willRetry: false, fromExtension: false },
    ]);
  });

  it("says fromExtension when a handler's compaction was chosen and the user stopped before it was written", async () => {
    const { hooks, failed, compacted } = listeningHooks();
    const session = await sessionWithHistory();
    const controller = new AbortController();
    const entries = session.entries.length;
    hooks.onWillCompact((event) => ({ compaction: { summary: 'From the extension', firstKeptEntryId: event.preparation.firstKeptEntryId, tokensBefore: event.preparation.tokensBefore } }), { owner });
    // The user stops while the next handler is asked: the first one's compaction stays chosen.
    hooks.onWillCompact(() => void controller.abort(), { owner: { id: 'test.other', name: 'Other' } });
    await assert.rejects(control(session, new ScriptedSummarizer(), [], settings, hooks).run(run('manual', { signal: controller.signal })), { reason: 'cancelled', fromExtension: true });
    assert.deepEqual(failed, [{ reason: 'manual', aborted: true, willRetry: false, fromExtension: true }]);
    assert.deepEqual(compacted, []);
    assert.equal(session.entries.length, entries);
  });

  it('a manual compaction with nothing to compact fails as in pi; an automatic one with nothing to do is no failure', async () => {
    const { hooks, failed } = listeningHooks();
    const small = memorySession();
    await appendTurns(small, 1);
    await control(small, new ScriptedSummarizer(), [], settings, hooks).run(run('manual')).catch(() => undefined);
    await control(memorySession(), new ScriptedSummarizer(), [], settings, hooks).run(run('threshold'));
    assert.deepEqual(failed, [{ reason: 'manual', errorMessage: 'Compaction failed: Nothing to compact (all of it fits in the recent messages kept verbatim)', aborted: false, willRetry: false, fromExtension: false }]);
  });

  it('an overflow again after the one recovery: the end event and the failure, with nothing compacted', async () => {
    const { hooks, failed } = listeningHooks();
    const events: CompactionEvent[] = [];
    control(await sessionWithHistory(), new ScriptedSummarizer(), events, settings, hooks).overflowGaveUp(OVERFLOW_RECOVERY_FAILED_MESSAGE);
    assert.deepEqual(brief(events), [{ type: 'compaction_end', reason: 'overflow', result: undefined, aborted: false, willRetry: false, errorMessage: OVERFLOW_RECOVERY_FAILED_MESSAGE, error: 'overflow-recovery-failed' }]);
    assert.deepEqual(failed, [{ reason: 'overflow', errorMessage: OVERFLOW_RECOVERY_FAILED_MESSAGE, aborted: false, willRetry: true, fromExtension: false }]);
  });
});
