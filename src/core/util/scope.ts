/**
 * A lifetime: disposables added to a scope are disposed together when it ends, newest first (what
 * was set up last may lean on what came before). Something added once the scope has ended is
 * disposed at once, so a listener registered late for a session that is already gone never runs.
 */
import type { Disposable } from './event';

export class Scope implements Disposable {
  private items: Disposable[] = [];
  private ended = false;

  /** `onError`: where a disposable's error goes (the others are still disposed); default: thrown once all are done. */
  constructor(private readonly onError?: (error: unknown) => void) {}

  get isDisposed(): boolean {
    return this.ended;
  }

  /** Adds `item` to the scope and returns it; disposes it now when the scope has ended. */
  add<T extends Disposable>(item: T): T {
    if (this.ended) this.disposeAll([item]);
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    if (this.ended) return;
    this.ended = true;
    const items = this.items;
    this.items = [];
    this.disposeAll(items.reverse());
  }

  private disposeAll(items: readonly Disposable[]): void {
    const errors: unknown[] = [];
    for (const item of items) {
      try {
        item.dispose();
      } catch (error) {
        if (this.onError) this.onError(error);
        else errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} disposables failed`);
  }
}
