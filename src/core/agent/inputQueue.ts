/**
 * Inputs sent while a run is going (pi's follow-up queue): each is sent as a new user prompt
 * once the running one has no more tool calls. Stopping the run hands them back unsent.
 */
export class InputQueue {
  private items: string[] = [];

  constructor(private readonly changed: (queued: readonly string[]) => void) {}

  get size(): number {
    return this.items.length;
  }

  push(text: string): void {
    this.items.push(text);
    this.changed(this.items.slice());
  }

  shift(): string | undefined {
    const item = this.items.shift();
    if (item !== undefined) this.changed(this.items.slice());
    return item;
  }

  /** Empties the queue and returns what it held. */
  drain(): string[] {
    const items = this.items;
    this.items = [];
    if (items.length > 0) this.changed([]);
    return items;
  }
}

/**
 * One piece of work at a time (a run, a manual compaction, a navigation). Input submitted while
 * busy is queued; when the work settles the next queued input starts a new run (as pi sends the
 * first message queued during a compaction).
 */
export class BusyState {
  private busy: Promise<unknown> | undefined;

  constructor(
    readonly queue: InputQueue,
    private readonly startRun: (text: string) => Promise<void>,
  ) {}

  get isBusy(): boolean {
    return this.busy !== undefined;
  }

  /** Starts a run now, or queues the text and resolves when everything queued has been done. */
  submit(text: string): Promise<void> {
    if (!this.busy) return this.startRun(text);
    this.queue.push(text);
    return this.whenIdle();
  }

  /** Marks the agent busy until `work` settles. */
  hold<T>(work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => {
      if (this.busy !== tracked) return;
      this.busy = undefined;
      const next = this.queue.shift();
      if (next !== undefined) void this.startRun(next);
    });
    this.busy = tracked;
    return tracked;
  }

  async whenIdle(): Promise<void> {
    while (this.busy) await this.busy.catch(() => undefined);
  }
}
