import { strict as assert } from 'node:assert';
import { CompactionError, compactSession, DEFAULT_COMPACTION_SETTINGS } from '../../../src/core/compaction';
import type { CompactionEntry } from '../../../src/core/session';
import { appendTurns, memorySession } from '../../support/builders';
import { sessionWithHistory } from './support/history';
import { hangingSummarizer, ScriptedSummarizer } from './support/scriptedSummarizer';
import { noStopPoints, type StopStep } from '../../../src/core/util/stopPoints';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };


describe('compactSession: prepare, summarize, append', () => {
  it('appends one compaction under the previous leaf, pi\'s fields plus ours', async () => {
    const session = await sessionWithHistory();
    const leafBefore = session.leafId;
    const cost = { input: 0.003, output: 0.002, cacheRead: 0, cacheWrite: 0, total: 0.005 };
    const summarizer = new ScriptedSummarizer(() => ({ text: 'S', model: 'claude-haiku', usage: { input: 3000, output: 400, cost } }));
    const outcome = await compactSession(session, { settings, summarizer });
    assert.equal(outcome.kind, 'compacted');
    const entry = session.getEntry(session.leafId!) as CompactionEntry;
    assert.equal(entry.type, 'compaction');
    assert.equal(entry.parentId, leafBefore);
    assert.equal(entry.summary, 'S');
    assert.equal(entry.firstKeptEntryId, session.getBranch()[6]!.id);
    assert.equal(entry.fromHook, false);
    assert.deepEqual(entry.details, { readFiles: [], modifiedFiles: [] });
    assert.deepEqual(Object.keys(entry).slice(0, 10), ['type', 'id', 'parentId', 'timestamp', 'summary', 'firstKeptEntryId', 'tokensBefore', 'details', 'usage', 'fromHook']);
    // pi's Usage shape, as newer pi versions write it on summaries so that session totals include them.
    assert.deepEqual(entry.usage, { input: 3000, output: 400, cacheRead: 0, cacheWrite: 0, totalTokens: 3400, cost });
    assert.equal((entry.arbor as { summarizerModel: string }).summarizerModel, 'claude-haiku');
    const context = session.buildContext().messages;
    assert.deepEqual(context.map((m) => m.role), ['compactionSummary', 'user', 'assistant']);
  });

  it('writes nothing when the compaction is cancelled during the request', async () => {
    const session = await sessionWithHistory();
    const entriesBefore = session.entries.length;
    const leafBefore = session.leafId;
    const controller = new AbortController();
    const running = compactSession(session, { settings, summarizer: hangingSummarizer(), signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await assert.rejects(running, (error: CompactionError) => error.reason === 'cancelled' && error.message === 'Compaction cancelled');
    assert.equal(session.entries.length, entriesBefore);
    assert.equal(session.leafId, leafBefore);
  });

  it('writes nothing when the signal fires after the summarizer answered', async () => {
    const session = await sessionWithHistory();
    const controller = new AbortController();
    const summarizer = new ScriptedSummarizer(() => {
      controller.abort();
      return { text: 'too late' };
    });
    await assert.rejects(compactSession(session, { settings, summarizer, signal: controller.signal }), { reason: 'cancelled' });
    assert.equal(session.getEntry(session.leafId!)!.type, 'message');
  });

  it('writes nothing when the summarizer fails, and leaves the leaf', async () => {
    const session = await sessionWithHistory();
    const leafBefore = session.leafId;
    const summarizer = new ScriptedSummarizer(() => {
      throw new Error('boom');
    });
    await assert.rejects(compactSession(session, { settings, summarizer }), { message: 'Summarization failed: boom' });
    assert.equal(session.leafId, leafBefore);
  });

  it('reaches the compaction stop point once the summary came back and before the entry is written', async () => {
    const session = await sessionWithHistory();
    const summarizer = new ScriptedSummarizer();
    const reached: { step: StopStep; requests: number; entries: number; leaf: string | null }[] = [];
    const stopPoints = { ...noStopPoints, reached: (step: StopStep) => void reached.push({ step, requests: summarizer.requests.length, entries: session.entries.length, leaf: session.leafId }) };
    const before = { entries: session.entries.length, leaf: session.leafId };
    await compactSession(session, { settings, summarizer, stopPoints });
    assert.deepEqual(reached, [{ step: 'compaction', requests: 1, ...before }]);
    assert.equal(session.entries.length, before.entries + 1);
    assert.equal(session.getEntry(session.leafId!)!.type, 'compaction');
  });

  it('reports why there is nothing to compact without calling the summarizer', async () => {
    const summarizer = new ScriptedSummarizer();
    assert.deepEqual(await compactSession(memorySession(), { settings, summarizer }), { kind: 'nothing-to-compact', reason: 'empty-session' });
    const small = memorySession();
    await appendTurns(small, 1);
    assert.deepEqual(await compactSession(small, { settings, summarizer }), { kind: 'nothing-to-compact', reason: 'empty-span' });
    const compacted = await sessionWithHistory();
    await compactSession(compacted, { settings, summarizer });
    assert.deepEqual(await compactSession(compacted, { settings, summarizer }), { kind: 'nothing-to-compact', reason: 'already-compacted' });
    assert.equal(summarizer.requests.length, 1);
  });
});
