// pi's extension-hook cases (session_before_compact and session_before_tree), on Arbor's core.
import { strict as assert } from 'node:assert';
import { compactSession, DEFAULT_COMPACTION_SETTINGS } from '../../../src/core/compaction';
import { ArborHooks, type DidCompactEvent, type DidNavigateTreeEvent, type HookOwner } from '../../../src/core/hooks';
import { navigateTree } from '../../../src/core/navigation';
import type { BranchSummaryEntry, CompactionEntry } from '../../../src/core/session';
import { appendTurns, memorySession } from '../../support/builders';
import { sessionWithHistory } from '../compaction/support/history';
import { ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };
const ext = (n: number): HookOwner => ({ id: `test.ext${n}`, name: `Extension ${n}` });

function recordingHooks() {
  const failures: string[] = [];
  const hooks = new ArborHooks((failure) => failures.push(`${failure.owner.id} ${failure.kind}: ${failure.detail}`));
  const compacted: DidCompactEvent[] = [];
  const moved: DidNavigateTreeEvent[] = [];
  hooks.onDidCompact((event) => compacted.push(event));
  hooks.onDidNavigateTree((event) => moved.push(event));
  return { hooks, failures, compacted, moved };
}

describe('compaction hooks: pi parity', () => {
  it('a cancel rejects the compaction, names the extension, writes nothing and fires no after-event', async () => {
    const session = await sessionWithHistory();
    const count = session.entries.length;
    const { hooks, compacted } = recordingHooks();
    hooks.onWillCompact(() => ({ cancel: true }), { owner: ext(1) });
    const summarizer = new ScriptedSummarizer();
    await assert.rejects(compactSession(session, { settings, summarizer, hooks }), { reason: 'cancelled-by-extension', message: 'Compaction cancelled by Extension 1', by: ext(1) });
    assert.equal(session.entries.length, count);
    assert.equal(summarizer.requests.length, 0);
    assert.deepEqual(compacted, []);
  });

  it('a supplied compaction is stored exactly, with fromHook true, no model request, and the after-event says fromExtension', async () => {
    const session = await sessionWithHistory();
    const kept = session.getBranch()[4]!.id;
    const { hooks, compacted } = recordingHooks();
    hooks.onWillCompact(() => ({ compaction: { summary: 'From the extension', firstKeptEntryId: kept, tokensBefore: 999, details: { mine: [1, 2] } } }), { owner: ext(1) });
    const summarizer = new ScriptedSummarizer();
    const outcome = await compactSession(session, { settings, summarizer, hooks });
    assert.equal(outcome.kind, 'compacted');
    const entry = session.getEntry(session.leafId!) as CompactionEntry;
    assert.deepEqual(
      { type: entry.type, summary: entry.summary, firstKeptEntryId: entry.firstKeptEntryId, tokensBefore: entry.tokensBefore, details: entry.details, fromHook: entry.fromHook, usage: entry.usage },
      { type: 'compaction', summary: 'From the extension', firstKeptEntryId: kept, tokensBefore: 999, details: { mine: [1, 2] }, fromHook: true, usage: undefined },
    );
    assert.equal((entry['arbor'] as { byExtension: string }).byExtension, 'test.ext1');
    assert.equal(summarizer.requests.length, 0);
    assert.deepEqual(compacted.map((event) => [event.compactionEntry.id, event.fromExtension, event.reason, event.willRetry]), [[entry.id, true, 'manual', false]]);
    assert.equal(session.buildContext().messages[0]!.role, 'compactionSummary');
  });

  it('a throwing handler is reported and the default summary runs (fromExtension false)', async () => {
    const session = await sessionWithHistory();
    const { hooks, failures, compacted } = recordingHooks();
    hooks.onWillCompact(
      () => {
        throw new Error('handler broke');
      },
      { owner: ext(1) },
    );
    await compactSession(session, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'Default' })), hooks });
    const entry = session.getEntry(session.leafId!) as CompactionEntry;
    assert.deepEqual([entry.summary, entry.fromHook], ['Default', false]);
    assert.deepEqual(failures, ['test.ext1 threw: handler broke']);
    assert.deepEqual(compacted.map((event) => event.fromExtension), [false]);
  });

  it('two extensions: called in order before, both after-listeners in order; the event carries preparation, branch entries and instructions', async () => {
    const session = await sessionWithHistory();
    const { hooks, compacted } = recordingHooks();
    const order: string[] = [];
    const seen: unknown[] = [];
    for (const n of [1, 2]) {
      hooks.onWillCompact(
        (event) => {
          order.push(`ext${n}-before`);
          seen.push({
            keys: Object.keys(event.preparation).sort(),
            branch: event.branchEntries.map((e) => e.id),
            customInstructions: event.customInstructions,
            reason: event.reason,
            willRetry: event.willRetry,
            signal: event.signal instanceof AbortSignal,
          });
          return undefined;
        },
        { owner: ext(n) },
      );
    }
    hooks.onDidCompact(() => order.push('ext1-after'));
    hooks.onDidCompact(() => order.push('ext2-after'));
    await compactSession(session, { settings, summarizer: new ScriptedSummarizer(), hooks, customInstructions: 'Keep the numbers', reason: 'overflow', willRetry: true });
    assert.deepEqual(order, ['ext1-before', 'ext2-before', 'ext1-after', 'ext2-after']);
    // pi's session_compact carries the reason and the retry flag of session_before_compact.
    assert.deepEqual(compacted.map((event) => [event.reason, event.willRetry, event.fromExtension]), [['overflow', true, false]]);
    const expected = {
      keys: ['fileOps', 'firstKeptEntryId', 'isSplitTurn', 'messagesToSummarize', 'previousSummary', 'settings', 'tokensBefore', 'turnPrefixMessages'],
      branch: session.getBranch().slice(0, -1).map((e) => e.id),
      customInstructions: 'Keep the numbers',
      reason: 'overflow',
      willRetry: true,
      signal: true,
    };
    assert.deepEqual(seen, [expected, expected]);
  });

  it('refuses a supplied compaction whose first kept entry is not on the branch (pi writes it), reports it, and runs the default', async () => {
    const session = await sessionWithHistory();
    const { hooks, failures } = recordingHooks();
    hooks.onWillCompact(() => ({ compaction: { summary: 'Bad cut', firstKeptEntryId: 'no-such-entry', tokensBefore: 1 } }), { owner: ext(1) });
    await compactSession(session, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'Default' })), hooks });
    const entry = session.getEntry(session.leafId!) as CompactionEntry;
    assert.deepEqual([entry.summary, entry.fromHook], ['Default', false]);
    assert.deepEqual(failures, ["test.ext1 refused: its compaction was not used (its first kept entry no-such-entry is not on the current branch); Arbor's own summary is written instead"]);
  });
});

describe('tree hooks: pi parity', () => {
  async function branched() {
    const session = memorySession();
    const ids = await appendTurns(session, 3);
    return { session, ids };
  }

  it('a cancel leaves the position and writes nothing, naming the extension', async () => {
    const { session, ids } = await branched();
    const { hooks, moved } = recordingHooks();
    hooks.onWillNavigateTree(() => ({ cancel: true }), { owner: ext(1) });
    const [count, leaf] = [session.entries.length, session.leafId];
    const result = await navigateTree(session, ids[1]!, { summarize: true, summarizer: new ScriptedSummarizer(), hooks });
    assert.deepEqual(result, { cancelled: true, aborted: false, by: ext(1) });
    assert.deepEqual([session.entries.length, session.leafId], [count, leaf]);
    assert.deepEqual(moved, []);
  });

  it('an extension summary is written with fromHook true when a summary was asked for, without a model request', async () => {
    const { session, ids } = await branched();
    const { hooks, moved } = recordingHooks();
    const prepared: unknown[] = [];
    hooks.onWillNavigateTree(
      (event) => {
        const p = event.preparation;
        prepared.push([p.targetId, p.oldLeafId, p.commonAncestorId, p.entriesToSummarize.length, p.userWantsSummary]);
        return { summary: { summary: 'Branch by extension', details: { n: 1 } } };
      },
      { owner: ext(1) },
    );
    const oldLeaf = session.leafId;
    const summarizer = new ScriptedSummarizer();
    const result = await navigateTree(session, ids[1]!, { summarize: true, summarizer, hooks });
    assert.equal(result.cancelled, false);
    const entry = session.getEntry(session.leafId!) as BranchSummaryEntry;
    assert.deepEqual([entry.type, entry.summary, entry.fromHook, entry.details, entry.parentId], ['branch_summary', 'Branch by extension', true, { n: 1 }, ids[1]]);
    assert.equal(summarizer.requests.length, 0);
    assert.deepEqual(prepared, [[ids[1], oldLeaf, ids[1], 4, true]]);
    assert.deepEqual(moved.map((event) => [event.oldLeafId, event.newLeafId, event.summaryEntry?.id, event.fromExtension]), [[oldLeaf, entry.id, entry.id, true]]);
  });

  it('an extension summary is not used when no summary was asked for', async () => {
    const { session, ids } = await branched();
    const { hooks } = recordingHooks();
    hooks.onWillNavigateTree(() => ({ summary: { summary: 'unwanted' } }), { owner: ext(1) });
    const count = session.entries.length;
    await navigateTree(session, ids[1]!, { hooks });
    assert.deepEqual([session.entries.length, session.leafId], [count, ids[1]]);
  });

  it('an answer\'s instructions and label replace the move\'s own (even an empty instruction)', async () => {
    const { session, ids } = await branched();
    const { hooks } = recordingHooks();
    hooks.onWillNavigateTree(() => ({ customInstructions: 'Only the decisions', replaceInstructions: true, label: 'from-hook' }), { owner: ext(1) });
    const summarizer = new ScriptedSummarizer(() => ({ text: 'S' }));
    await navigateTree(session, ids[1]!, { summarize: true, summarizer, customInstructions: 'mine', hooks });
    assert.match(summarizer.prompt(0), /Only the decisions/);
    assert.doesNotMatch(summarizer.prompt(0), /mine/);
    const leaf = session.getEntry(session.leafId!)!;
    assert.deepEqual([leaf.type, leaf['label']], ['label', 'from-hook']);
  });
});
