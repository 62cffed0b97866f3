/**
 * Stopping what the agent does: each piece of work (a run, a compaction, a navigation's summary)
 * gets a signal that `stop()` fires. Work done inside a run also stops when the run's signal fires.
 */
export class Stopper {
  private readonly controllers = new Set<AbortController>();

  /** Runs `work` with a signal that `stop()` fires, and so does `parent` (the run it belongs to). */
  async run<T>(parent: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    parent?.addEventListener('abort', stop, { once: true });
    this.controllers.add(controller);
    try {
      return await work(controller.signal);
    } finally {
      parent?.removeEventListener('abort', stop);
      this.controllers.delete(controller);
    }
  }

  /** Stops every piece of work going on. */
  stop(): void {
    for (const controller of this.controllers) controller.abort();
  }
}
