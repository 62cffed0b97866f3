/**
 * A server's stderr as lines: each complete line goes to the listener (Arbor's log) and the last
 * few are kept in a ring for the server's status (why it failed). Nothing of it reaches the model.
 */

/** Lines kept for a failed server's status. */
export const STDERR_TAIL_LINES = 20;
/** A line longer than this is cut, and so is an unfinished line that grows past it. */
const MAX_LINE_CHARS = 2_000;

export class StderrTail {
  private readonly ring: string[] = [];
  private partial = '';

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly size = STDERR_TAIL_LINES,
  ) {}

  /** Takes a chunk as it came; a line split across chunks is put together first. */
  write(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    if (this.partial.length > MAX_LINE_CHARS) {
      parts.push(this.partial);
      this.partial = '';
    }
    for (const line of parts) this.push(line);
  }

  /** Ends an unfinished last line (the process closed its stderr). */
  flush(): void {
    if (this.partial.length > 0) this.push(this.partial);
    this.partial = '';
  }

  /** The last lines, oldest first. */
  lines(): string[] {
    return [...this.ring];
  }

  clear(): void {
    this.ring.length = 0;
    this.partial = '';
  }

  private push(raw: string): void {
    const line = raw.length > MAX_LINE_CHARS ? `${raw.slice(0, MAX_LINE_CHARS)}…` : raw;
    if (line.trim().length === 0) return;
    this.ring.push(line);
    if (this.ring.length > this.size) this.ring.shift();
    this.onLine(line);
  }
}
