import { strict as assert } from 'node:assert';
import { startOrReport } from '../../../src/core/util/startup';

/** A reporter that records what it was given, in order. */
function recorder(): { calls: string[]; logError(detail: string): void; showError(message: string): void } {
  const calls: string[] = [];
  return { calls, logError: (detail) => calls.push(`log: ${detail.split('\n')[0]}`), showError: (message) => calls.push(`show: ${message}`) };
}

describe('starting with failures reported and rethrown (extension activation)', () => {
  it('logs the failure, shows it to the user, then throws the same error so the caller fails too', () => {
    const reporter = recorder();
    const failure = new Error('no session folder');
    assert.throws(
      () =>
        startOrReport(() => {
          throw failure;
        }, reporter),
      (thrown: unknown) => thrown === failure,
    );
    assert.deepEqual(reporter.calls, ['log: Error: no session folder', 'show: no session folder']);
  });

  it('reports a thrown non-Error value by its text and rethrows it unchanged', () => {
    const reporter = recorder();
    assert.throws(
      () =>
        startOrReport(() => {
          throw 'plain string';
        }, reporter),
      (thrown: unknown) => thrown === 'plain string',
    );
    assert.deepEqual(reporter.calls, ['log: plain string', 'show: plain string']);
  });

  it('returns what the start gave and reports nothing when it succeeds', () => {
    const reporter = recorder();
    assert.equal(startOrReport(() => 42, reporter), 42);
    assert.deepEqual(reporter.calls, []);
  });
});
