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
