import { strict as assert } from 'node:assert';
import { ArborHooks, HookChain, hookTimeout, type HookOwner, type WillCompactResult } from '../../../src/core/hooks';
import { hookPreparation, prepareCompaction, DEFAULT_COMPACTION_SETTINGS } from '../../../src/core/compaction';
import { sessionWithHistory } from '../compaction/support/history';

const ext = (n: number): HookOwner => ({ id: `test.ext${n}`, name: `Extension ${n}` });

interface Failure {
  owner: string;
  kind: string;
  detail: string;
}

function chainOf(...handlers: ((event: { n: number }) => unknown)[]) {
  const chain = new HookChain<{ n: number }, { value?: string; cancel?: boolean }>();
  handlers.forEach((handler, i) => chain.register({ owner: ext(i + 1), handler: handler as never, timeoutMs: 200 }));
  const failures: Failure[] = [];
  const run = () =>
    chain.run(() => ({ n: 1 }), {
      isCancel: (answer) => answer.cancel === true,
      isResult: (answer) => answer.value !== undefined,
      report: ({ owner, kind, detail }) => failures.push({ owner: owner.id, kind, detail }),
    });
  return { chain, failures, run };
}

describe('the hook chain (pi\'s rule for extension handlers)', () => {
  it('asks handlers in the order they were registered, each once', async () => {
    const calls: number[] = [];
    const { run } = chainOf(() => void calls.push(1), () => void calls.push(2), () => void calls.push(3));
    assert.deepEqual(await run(), { kind: 'none' });
    assert.deepEqual(calls, [1, 2, 3]);
  });

  it('takes the last non-empty answer: later handlers win, an empty answer does not undo an earlier one', async () => {
    const { run } = chainOf(() => ({ value: 'first' }), () => ({ value: 'second' }), () => undefined, () => ({}));
    assert.deepEqual(await run(), { kind: 'result', result: { value: 'second' }, by: ext(2) });
  });

  it('stops at a cancel: the handlers after it are not asked, and the cancel names its extension', async () => {
    const calls: number[] = [];
    const { run } = chainOf(() => ({ value: 'a' }), () => ({ cancel: true }), () => void calls.push(3));
    assert.deepEqual(await run(), { kind: 'cancel', by: ext(2) });
    assert.deepEqual(calls, []);
  });

  it('passes over a handler that throws (reported with its extension) and goes on with the next', async () => {
    const { run, failures } = chainOf(
      () => ({ value: 'a' }),
      () => {
        throw new Error('boom');
      },
      async () => Promise.reject(new Error('late boom')),
    );
    assert.deepEqual(await run(), { kind: 'result', result: { value: 'a' }, by: ext(1) });
    assert.deepEqual(failures, [
      { owner: 'test.ext2', kind: 'threw', detail: 'boom' },
      { owner: 'test.ext3', kind: 'threw', detail: 'late boom' },
    ]);
  });

  it('passes over a handler that does not answer in time, tells it through its signal, and ignores its late answer', async () => {
    const chain = new HookChain<{ signal: AbortSignal }, { value?: string }>();
    let toldToStop = false;
    chain.register({
      owner: ext(1),
      timeoutMs: 20,
      handler: (event) =>
        new Promise((resolve) => {
          event.signal.addEventListener('abort', () => {
            toldToStop = true;
            setTimeout(() => resolve({ value: 'too late' }), 5);
          });
        }),
    });
    chain.register({ owner: ext(2), timeoutMs: 1000, handler: () => undefined });
    const failures: string[] = [];
    const outcome = await chain.run((signal) => ({ signal }), { isCancel: () => false, isResult: (a) => a.value !== undefined, report: (f) => failures.push(`${f.owner.id} ${f.kind} ${f.detail}`) });
    assert.deepEqual(outcome, { kind: 'none' });
    assert.equal(toldToStop, true);
    assert.deepEqual(failures, ['test.ext1 timed-out no answer within 20 ms']);
  });

  it('no longer asks a handler whose registration was disposed', async () => {
    const calls: number[] = [];
    const { chain, run } = chainOf(() => void calls.push(1));
    const second = chain.register({ owner: ext(2), timeoutMs: 100, handler: () => void calls.push(2) });
    second.dispose();
    await run();
    assert.deepEqual(calls, [1]);
  });

  it('bounds the time a handler may ask for: default 30 s, at most 120 s', () => {
    assert.deepEqual([hookTimeout(undefined), hookTimeout(-1), hookTimeout(Number.NaN), hookTimeout(50), hookTimeout(10 ** 9)], [30_000, 30_000, 30_000, 50, 120_000]);
  });
});

describe('ArborHooks: what handlers receive', () => {
  it('gives each handler a frozen copy: a handler cannot change the session\'s entries nor what the next handler sees', async () => {
    const session = await sessionWithHistory();
    const branch = session.getBranch();
    const preparation = prepareCompaction(branch, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 })!;
    const hooks = new ArborHooks(() => undefined);
    const seen: string[] = [];
    hooks.onWillCompact(
      (event) => {
        assert.equal(Object.isFrozen(event.branchEntries[0]), true);
        assert.throws(() => ((event.branchEntries[0] as { id: string }).id = 'changed'), TypeError);
        assert.throws(() => (event.preparation.messagesToSummarize as unknown[]).push('x'), TypeError);
        return undefined;
      },
      { owner: ext(1) },
    );
    hooks.onWillCompact(
      (event) => {
        seen.push(event.branchEntries[0]!.id, String(event.preparation.messagesToSummarize.length));
        return undefined;
      },
      { owner: ext(2) },
    );
    const outcome = await hooks.beforeCompact({ preparation: hookPreparation(preparation), branch, customInstructions: undefined, reason: 'threshold', willRetry: false });
    assert.deepEqual(outcome, { kind: 'none' });
    assert.deepEqual(seen, [branch[0]!.id, String(preparation.messagesToSummarize.length)]);
    assert.equal(session.getBranch()[0]!.id, branch[0]!.id);
  });

  it('treats an answer without a compaction nor a cancel as empty', async () => {
    const session = await sessionWithHistory();
    const branch = session.getBranch();
    const preparation = prepareCompaction(branch, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 })!;
    const hooks = new ArborHooks(() => undefined);
    const answer: WillCompactResult = { cancel: false };
    hooks.onWillCompact(() => answer, { owner: ext(1) });
    assert.deepEqual(await hooks.beforeCompact({ preparation: hookPreparation(preparation), branch, customInstructions: undefined, reason: 'manual', willRetry: false }), { kind: 'none' });
  });
});
