/**
 * Runs an async job on demand, never two at once, and folds a burst of requests into at most one
 * more run: a request while a run is going on queues exactly one follow-up (which sees everything
 * that changed meanwhile); further requests join that follow-up. For a file watcher, whose events
 * come in bursts, calling a refresh that must not overlap itself.
 */
export class Coalescer<T> {
  private running: Promise<T> | undefined;
  private queued: Promise<T> | undefined;

  constructor(private readonly job: () => Promise<T>) {}

  /** Resolves with the result of a run that started after this call. */
  request(): Promise<T> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const after = this.running.then(
      () => undefined,
      () => undefined,
    );
    this.queued = after.then(() => {
      this.queued = undefined;
      return this.start();
    });
    return this.queued;
  }

  /** Resolves once no run is going on or queued. */
  async idle(): Promise<void> {
    while (this.running ?? this.queued) await (this.queued ?? this.running)!.catch(() => undefined);
  }

  private start(): Promise<T> {
    // The executor catches a job that throws before returning its promise.
    const run = new Promise<T>((resolve) => resolve(this.job())).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }
}
