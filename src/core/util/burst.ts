/**
 * Tells once per burst: `shouldTell` is true for the first event, then false for every event that
 * follows the previous one within `quietMs`. Other-writer notices use it, so that a program
 * appending line after line is announced once, and again only after it has been quiet a while.
 */
export class BurstGate {
  private last: number | undefined;

  constructor(
    private readonly quietMs: number,
    /** The clock (injected: core reads no wall clock). */
    private readonly now: () => number,
  ) {}

  shouldTell(): boolean {
    const now = this.now();
    const tell = this.last === undefined || now - this.last >= this.quietMs;
    this.last = now;
    return tell;
  }
}
