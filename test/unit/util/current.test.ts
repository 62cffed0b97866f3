import { strict as assert } from 'node:assert';
import { Current, type CurrentEvent } from '../../../src/core/util/current';
import { Emitter, type Event } from '../../../src/core/util/event';

/** A stand-in for a session: a name, an event of its own changes, and how many listen to it. */
class Thing {
  private readonly emitter = new Emitter<string>();
  listeners = 0;
  constructor(readonly name: string) {}

  readonly changes: Event<string> = (listener) => {
    const subscription = this.emitter.event(listener);
    this.listeners++;
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) return;
        disposed = true;
        this.listeners--;
        subscription.dispose();
      },
    };
  };

  fire(change: string): void {
    this.emitter.fire(change);
  }
}

function setup() {
  const errors: unknown[] = [];
  const current = new Current<Thing, string>((thing) => thing.changes, (error) => errors.push(error));
  return { current, errors };
}

/** What a follower saw, as short strings. */
function record(current: Current<Thing, string>): { seen: string[]; events: CurrentEvent<Thing, string>[]; dispose(): void } {
  const seen: string[] = [];
  const events: CurrentEvent<Thing, string>[] = [];
  const subscription = current.follow((event) => {
    events.push(event);
    seen.push(event.kind === 'replaced' ? `replaced:${event.value?.name ?? 'none'}` : `${event.value.name}:${event.change}`);
  });
  return { seen, events, dispose: () => subscription.dispose() };
}

describe('the current value and the followers of it', () => {
  it('tells a new follower what is current at once, then every replacement and every change of the current value', () => {
    const { current } = setup();
    const a = new Thing('a');
    current.replace(a);
    const follower = record(current);
    a.fire('grew');
    const b = new Thing('b');
    current.replace(b);
    a.fire('ignored');
    b.fire('moved');
    current.replace(undefined);
    assert.deepEqual(follower.seen, ['replaced:a', 'a:grew', 'replaced:b', 'b:moved', 'replaced:none']);
  });

  it('disposes the listeners a follower registered in the scope when the value is replaced, and when it is closed', () => {
    const { current } = setup();
    const a = new Thing('a');
    const b = new Thing('b');
    const disposed: string[] = [];
    current.follow((event) => {
      if (event.kind !== 'replaced' || !event.value) return;
      const name = event.value.name;
      event.scope.add(event.value.changes(() => undefined));
      event.scope.add({ dispose: () => disposed.push(name) });
    });
    current.replace(a);
    assert.equal(a.listeners, 2); // its own listener, and the one that delivers changes
    current.replace(b);
    assert.deepEqual(disposed, ['a']);
    assert.equal(a.listeners, 0);
    current.replace(undefined);
    assert.deepEqual(disposed, ['a', 'b']);
    assert.equal(b.listeners, 0);
  });

  it('ends a follower scope when it stops following, and tells it nothing more', () => {
    const { current } = setup();
    const a = new Thing('a');
    current.replace(a);
    const follower = record(current);
    const scope = follower.events[0]!.kind === 'replaced' ? follower.events[0]!.scope : undefined;
    follower.dispose();
    a.fire('unseen');
    current.replace(new Thing('b'));
    assert.deepEqual(follower.seen, ['replaced:a']);
    assert.equal(scope?.isDisposed, true);
    assert.equal(a.listeners, 0);
  });

  it('tells every follower only the newest value when one of them replaces it while being told', () => {
    const { current } = setup();
    const b = new Thing('b');
    current.follow((event) => {
      if (event.kind === 'replaced' && event.value?.name === 'a') current.replace(b);
    });
    const later = record(current);
    current.replace(new Thing('a'));
    assert.deepEqual(later.seen, ['replaced:none', 'replaced:b']);
    assert.equal(current.get(), b);
  });

  it('goes on telling the others when a follower throws, and reports the error', () => {
    const { current, errors } = setup();
    const boom = new Error('boom');
    current.follow(() => {
      throw boom;
    });
    const other = record(current);
    current.replace(new Thing('a'));
    assert.deepEqual(other.seen, ['replaced:none', 'replaced:a']);
    assert.deepEqual(errors, [boom, boom]);
  });

  it('ends every scope when disposed', () => {
    const { current } = setup();
    const a = new Thing('a');
    current.replace(a);
    const follower = record(current);
    current.dispose();
    a.fire('unseen');
    assert.deepEqual(follower.seen, ['replaced:a']);
    assert.equal(a.listeners, 0);
  });
});
