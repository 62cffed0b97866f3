// Arbor's API for other extensions, in the real extension host with the example extension
// (examples/custom-compaction) installed beside Arbor: it cancels a compaction (the user is told its
// name), supplies one (written with fromHook, sent to the model next), supplies a branch summary,
// throws and hangs (Arbor's own summary is written; the hanging handler's CancellationToken is
// cancelled when its time is up). It hears how each compaction ended, as pi's session_compact and
// session_compact_failed say it: failed, stopped, cancelled, or an overflow recovery that retries.
// Standing instructions reach the summary request of an automatic compaction.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CompactionError } from '../../src/core/compaction';
import type { SessionEntry } from '../../src/core/session/types';
import { error, overflow, reply, text, usage } from '../support/fakeAnthropic';
import { branchMessages, colourThenFruit, configure, entriesOnDisk, heldReply, requestMessages, send, useAgent, wireText } from './agentSupport';

const EXAMPLE = 'arbor-dev.custom-compaction';
const DEFAULT_SUMMARY = '## Goal\nArbor\'s own summary.';
const turnText = (n: number): string => `Turn ${n}: ${'x'.repeat(5992 - String(n).length)}`;

type Compaction = SessionEntry & { summary: string; fromHook: boolean; firstKeptEntryId: string };

function compactions(file: string): Compaction[] {
  return entriesOnDisk(file).filter((entry) => entry.type === 'compaction') as Compaction[];
}

async function setMode(settings: { compaction?: string; tree?: string; timeoutMs?: number }): Promise<void> {
  await vscode.commands.executeCommand('customCompaction.setMode', { compaction: 'off', tree: 'off', ...settings });
}

interface Seen {
  kind: string;
  reason?: string;
  willRetry?: boolean;
  customInstructions?: string;
  fromExtension?: boolean;
  errorMessage?: string;
  aborted?: boolean;
}

async function seen(): Promise<Seen[]> {
  return (await vscode.commands.executeCommand('customCompaction.seen')) as never;
}

/** What the example heard after each compaction (onDidCompact, onDidFailCompaction), without what it was asked. */
async function outcomes(): Promise<Seen[]> {
  return (await seen()).filter((event) => event.kind === 'didCompact' || event.kind === 'didFailCompaction');
}

describe("Arbor's API with the example extension installed", () => {
  const agent = useAgent();

  before(async () => {
    assert.ok(vscode.extensions.getExtension(EXAMPLE), 'the example extension is installed beside Arbor');
  });

  beforeEach(async () => {
    await configure({ tokenEstimator: 'chars4', 'compaction.keepRecentTokens': 1000, modelOverrides: { 'claude-haiku-4-5': { contextWindow: 40_000 } } });
    agent.server().setHandler(() => text(DEFAULT_SUMMARY));
    // Activates the example (its command does) and clears what it heard, for a test run alone too.
    await setMode({});
  });

  afterEach(async () => {
    await setMode({});
    await configure({ 'compaction.instructions': undefined });
  });

  async function threeTurns(): Promise<string> {
    agent.server().script(text('One.'), text('Two.'), text('Three.'));
    for (const n of [1, 2, 3]) await send(agent.host(), turnText(n));
    return agent.host().session!.file!;
  }

  it('a compaction the extension cancels writes nothing, and the user is told the extension\'s name', async () => {
    await setMode({ compaction: 'cancel' });
    const file = await threeTurns();
    const requests = agent.server().messageRequests().length;
    const error = await agent.host().compact().then(
      () => undefined,
      (thrown: unknown) => thrown as CompactionError,
    );
    // The error comes from Arbor's bundle (another CompactionError class than this suite's): its fields are checked.
    assert.deepEqual([error?.reason, error?.message, error?.by], ['cancelled-by-extension', 'Compaction cancelled by Custom Compaction (Arbor example)', { id: EXAMPLE, name: 'Custom Compaction (Arbor example)' }]);
    assert.deepEqual(compactions(file), []);
    assert.equal(agent.server().messageRequests().length, requests, 'no summary request');
    // As pi's session_compact_failed: a handler's cancel counts as aborted, with no error message.
    assert.deepEqual(await outcomes(), [{ kind: 'didFailCompaction', reason: 'manual', aborted: true, willRetry: false, fromExtension: false }]);
  });

  it("a compaction whose summary request fails: onDidFailCompaction with the reason and the user's error message", async () => {
    const file = await threeTurns();
    agent.server().setHandler(() => error(400, 'invalid_request_error', 'the summary request was refused'));
    const failed = await agent.host().compact().then(
      () => undefined,
      (thrown: unknown) => thrown as CompactionError,
    );
    assert.equal(failed?.reason, 'summarization-failed');
    assert.deepEqual(compactions(file), []);
    assert.deepEqual(await outcomes(), [{ kind: 'didFailCompaction', reason: 'manual', errorMessage: `Compaction failed: ${failed.message}`, aborted: false, willRetry: false, fromExtension: false }]);
  });

  it('a compaction the user stops: onDidFailCompaction says aborted, with no error message', async () => {
    const file = await threeTurns();
    const held = heldReply(text(DEFAULT_SUMMARY));
    agent.server().setHandler(held.handler);
    try {
      const compacting = agent.host().compact().then(
        () => undefined,
        (thrown: unknown) => thrown as CompactionError,
      );
      await held.arrived;
      agent.host().stop();
      assert.equal((await compacting)?.reason, 'cancelled');
    } finally {
      held.release();
    }
    assert.deepEqual(compactions(file), []);
    assert.deepEqual(await outcomes(), [{ kind: 'didFailCompaction', reason: 'manual', aborted: true, willRetry: false, fromExtension: false }]);
  });

  it('an automatic compaction after the model said the prompt was too long: reason overflow and willRetry, before and after', async () => {
    const file = await threeTurns();
    // The next request overflows; the summary and the retried request get the default handler's answer.
    agent.server().script(overflow(250_000, 200_000));
    await send(agent.host(), turnText(4));
    await agent.host().whenIdle();
    assert.equal(compactions(file).length, 1, 'the overflow was compacted');
    const events = await seen();
    assert.deepEqual(
      events.filter((event) => event.kind === 'compact').map((event) => [event.reason, event.willRetry]),
      [['overflow', true]],
    );
    assert.deepEqual(await outcomes(), [{ kind: 'didCompact', reason: 'overflow', willRetry: true, fromExtension: false }]);
  });

  it('a compaction the extension supplies is written with fromHook, and the next request carries its summary', async () => {
    await setMode({ compaction: 'summarize' });
    const file = await threeTurns();
    await agent.host().compact();
    const [compaction] = compactions(file);
    assert.equal(compaction?.fromHook, true);
    assert.match(compaction.summary, /^CUSTOM SUMMARY of \d+ messages/);
    assert.deepEqual(compaction['details'], { by: 'custom-compaction' });
    agent.server().script(text('Four.'));
    await send(agent.host(), 'next question');
    const sent = requestMessages(agent.server()).map(wireText).join('\n');
    assert.ok(sent.includes(compaction.summary), 'the next request carries the extension\'s summary');
    assert.deepEqual((await seen()).map((event) => [event.kind, event.reason ?? '', event.fromExtension ?? '']), [['compact', 'manual', ''], ['didCompact', 'manual', true]]);
  });

  for (const mode of ['throw', 'hang'] as const) {
    it(`an extension handler that ${mode === 'throw' ? 'throws' : 'takes too long'} is passed over: Arbor's own summary is written`, async () => {
      await setMode({ compaction: mode, timeoutMs: 300 });
      const file = await threeTurns();
      await agent.host().compact();
      const [compaction] = compactions(file);
      assert.equal(compaction?.fromHook, false);
      assert.ok(compaction.summary.startsWith(DEFAULT_SUMMARY));
      // The hanging handler was told through its CancellationToken that its time was up.
      assert.deepEqual((await seen()).map((event) => event.kind), mode === 'hang' ? ['compact', 'cancelled', 'didCompact'] : ['compact', 'didCompact']);
    });
  }

  it('a branch summary the extension supplies is written with fromHook when the user asks for a summary', async () => {
    await setMode({ tree: 'summarize' });
    const file = await colourThenFruit(agent);
    const [, teal] = branchMessages(agent.host());
    const result = await agent.host().navigate(teal!.id, { summarize: true });
    assert.equal(result.cancelled, false);
    const summary = entriesOnDisk(file).find((entry) => entry.type === 'branch_summary') as (SessionEntry & { summary: string; fromHook: boolean }) | undefined;
    assert.equal(summary?.fromHook, true);
    assert.match(summary.summary, /^CUSTOM BRANCH SUMMARY\nCUSTOM SUMMARY of 2 messages/);
    assert.equal(agent.host().session!.leafId, summary.id);
  });

  it('standing instructions reach the summary request of an automatic compaction', async () => {
    const standing = 'Keep every turn number exactly as written';
    await configure({ 'compaction.instructions': standing });
    agent.server().script(reply(text('One.'), usage({ input_tokens: 3000 })), reply(text('Two.'), usage({ input_tokens: 30_000 })));
    await send(agent.host(), turnText(1));
    await send(agent.host(), turnText(2));
    await agent.host().whenIdle();
    const file = agent.host().session!.file!;
    const [compaction] = compactions(file);
    assert.ok(compaction, 'an automatic compaction was written');
    const summaryRequest = agent.server().messageRequests().find((request) => (request.body?.messages as unknown as { content: unknown }[] | undefined)?.some((m) => JSON.stringify(m.content).includes('<conversation>')));
    assert.ok(summaryRequest, 'a summary request reached the server');
    assert.ok(JSON.stringify(summaryRequest.body).includes(standing), 'the standing instructions are in the summary request');
    assert.equal((compaction['arbor'] as { instructions?: string }).instructions, standing);
  });
});
