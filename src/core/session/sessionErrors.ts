/** Where a session's entries go, and the error its operations fail with. */
import type { WriteProblem } from './saveState';
import type { SessionEntry } from './types';

/** Where appended entries go. */
export interface SessionSink {
  readonly path: string | undefined;
  append(entry: SessionEntry): Promise<void>;
  /** Waits for pending writes and makes them durable (fsync). */
  sync(): Promise<void>;
  /**
   * Called once by the session: where the sink hands entries that other programs (pi, another
   * window) appended to the same file, as it finds them before its own writes.
   */
  connect?(receiver: (entries: SessionEntry[]) => void): void;
  /** Reads complete lines other programs appended since the last look and hands them to the receiver. */
  refresh?(): Promise<void>;
  /** Called once by the session: told when the file turns out replaced, shrunk or rewritten under it. */
  onReplaced?(listener: () => void): void;
}

export class SessionError extends Error {
  constructor(
    readonly reason: 'entry-not-found' | 'write-failed' | 'closed',
    message: string,
    options?: { cause?: unknown; problem?: WriteProblem },
  ) {
    super(message, options);
    this.name = 'SessionError';
    this.problem = options?.problem;
  }

  /** For 'write-failed': why, as far as the user can act on it. */
  readonly problem: WriteProblem | undefined;
}

