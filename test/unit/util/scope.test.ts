import { strict as assert } from 'node:assert';
import { Scope } from '../../../src/core/util/scope';

/** A disposable that records its name in `log` when disposed. */
function item(log: string[], name: string, fail?: Error): { dispose(): void } {
  return {
    dispose: () => {
      log.push(name);
      if (fail) throw fail;
    },
  };
}

describe('a scope (a lifetime for disposables)', () => {
  it('disposes what was added when it ends, newest first', () => {
    const log: string[] = [];
    const scope = new Scope();
    scope.add(item(log, 'first'));
    scope.add(item(log, 'second'));
    assert.deepEqual(log, []);
    scope.dispose();
    assert.deepEqual(log, ['second', 'first']);
    assert.equal(scope.isDisposed, true);
  });

  it('disposes something added after it ended at once, and each item only once', () => {
    const log: string[] = [];
    const scope = new Scope();
    scope.add(item(log, 'early'));
    scope.dispose();
    const late = scope.add(item(log, 'late'));
    scope.dispose();
    assert.deepEqual(log, ['early', 'late']);
    assert.equal(typeof late.dispose, 'function');
  });

  it('disposes the others when one fails, and hands its error to onError', () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const boom = new Error('boom');
    const scope = new Scope((error) => errors.push(error));
    scope.add(item(log, 'a'));
    scope.add(item(log, 'b', boom));
    scope.add(item(log, 'c'));
    scope.dispose();
    assert.deepEqual(log, ['c', 'b', 'a']);
    assert.deepEqual(errors, [boom]);
  });

  it('throws a failure after disposing everything when nobody takes its errors', () => {
    const log: string[] = [];
    const scope = new Scope();
    scope.add(item(log, 'a'));
    scope.add(item(log, 'b', new Error('boom')));
    assert.throws(() => scope.dispose(), { message: 'boom' });
    assert.deepEqual(log, ['b', 'a']);
  });
});
