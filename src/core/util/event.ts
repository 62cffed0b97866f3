/**
 * VS Code-shaped events without VS Code: `Event<T>` has the same call signature as
 * `vscode.Event<T>`, so an event of the core can be handed straight to the glue and views.
 */

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (value: T) => unknown, thisArgs?: unknown, disposables?: Disposable[]) => Disposable;

export class Emitter<T> implements Disposable {
  private listeners = new Set<(value: T) => unknown>();
  private disposed = false;

  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs === undefined ? listener : listener.bind(thisArgs);
    if (!this.disposed) this.listeners.add(bound);
    const subscription = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(subscription);
    return subscription;
  };

  /** Calls every listener; one that throws does not stop the others (its error goes to `onListenerError`). */
  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}
}
