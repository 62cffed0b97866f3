/**
 * What is current, one at a time (the session the views show), for followers that subscribe once.
 * A follower is called now with the current value, again whenever another value (or none) becomes
 * current, and with each change of the current value. Every 'replaced' call hands it a scope that
 * ends with that value: what it registers there (listeners on the value, watchers, an agent) is
 * disposed when the value is replaced or closed, or when the follower stops following, so no
 * follower has to undo its own subscriptions at each replace.
 */
import type { Disposable, Event } from './event';
import { Scope } from './scope';

export type CurrentEvent<T, C> =
  /** `value` became current (undefined: nothing is); `scope` ends with it. */
  | { kind: 'replaced'; value: T | undefined; scope: Scope }
  /** The current value changed (`change` is the value's own event). */
  | { kind: 'changed'; value: T; change: C };

interface Follower<T, C> {
  listener: (event: CurrentEvent<T, C>) => void;
  scope: Scope;
}

export class Current<T, C> implements Disposable {
  private value: T | undefined;
  private readonly followers = new Set<Follower<T, C>>();
  /** Counts replacements: a follower that replaces the value again while being told ends the older round. */
  private round = 0;

  constructor(
    /** The value's own changes, handed to every follower while the value is current. */
    private readonly changesOf: (value: T) => Event<C>,
    /** Where a follower's error goes: one follower failing does not keep the others from being told. */
    private readonly onError: (error: unknown) => void,
  ) {}

  get(): T | undefined {
    return this.value;
  }

  /** Calls `listener` now with the current value, then at every replacement and change, until disposed. */
  follow(listener: (event: CurrentEvent<T, C>) => void): Disposable {
    const follower: Follower<T, C> = { listener, scope: new Scope(this.onError) };
    this.followers.add(follower);
    this.tell(follower, this.value);
    return {
      dispose: () => {
        if (this.followers.delete(follower)) follower.scope.dispose();
      },
    };
  }

  /** Makes `value` current: every follower's scope for the previous one ends first, then each is told. */
  replace(value: T | undefined): void {
    const round = ++this.round;
    const followers = [...this.followers];
    for (const follower of followers) follower.scope.dispose();
    this.value = value;
    for (const follower of followers) {
      if (round !== this.round) return;
      if (!this.followers.has(follower)) continue;
      follower.scope = new Scope(this.onError);
      this.tell(follower, value);
    }
  }

  dispose(): void {
    for (const follower of this.followers) follower.scope.dispose();
    this.followers.clear();
  }

  private tell(follower: Follower<T, C>, value: T | undefined): void {
    const { listener, scope } = follower;
    this.call(listener, { kind: 'replaced', value, scope });
    if (value === undefined || scope.isDisposed) return;
    scope.add(this.changesOf(value)((change) => this.call(listener, { kind: 'changed', value, change })));
  }

  private call(listener: (event: CurrentEvent<T, C>) => void, event: CurrentEvent<T, C>): void {
    try {
      listener(event);
    } catch (error) {
      this.onError(error);
    }
  }
}
