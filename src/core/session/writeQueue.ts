/**
 * The order of a session's writes to its file. Appends are made in memory at once and queued here;
 * each is written after every entry before it. A write that fails keeps its entry, and every
 * entry after it, waiting in memory: they are written at the next attempt (the next append, or a
 * retry the user asks for), never one without those before it.
 */
import { errorMessage } from '../util/errors';
import { Emitter, type Event } from '../util/event';
import { problemWords, retryCanHelp, writeProblemOf, type SaveState } from './saveState';
import { SessionError, type SessionSink } from './sessionErrors';
import type { SessionEntry } from './types';

export class WriteQueue {
  private writes: Promise<void> = Promise.resolve();
  private readonly unsaved: SessionEntry[] = [];
  /** Why the last attempt to write `unsaved` failed; undefined once everything is written. */
  private failure: SessionError | undefined;
  private readonly states: Emitter<SaveState>;

  constructor(
    private readonly sink: SessionSink,
    onListenerError: (error: unknown) => void,
  ) {
    this.states = new Emitter<SaveState>(onListenerError);
  }

  get onDidChangeState(): Event<SaveState> {
    return this.states.event;
  }

  get state(): SaveState {
    if (!this.failure) return { saved: true };
    return { saved: false, problem: this.failure.problem ?? 'other', detail: errorMessage(this.failure.cause ?? this.failure), waiting: [...this.unsaved] };
  }

  /** Queues `entry`; resolves once it is written (with every entry before it). */
  persist(entry: SessionEntry): Promise<void> {
    this.unsaved.push(entry);
    // Entries that wait after a failure are tried again first: the next write is also a retry,
    // unless the file is known to be another one now (only the user's Retry checks that again).
    if (this.failure && !retryCanHelp(this.failure.problem ?? 'other')) return Promise.reject(this.failure);
    return this.run(() => this.drain());
  }

  retry(): Promise<void> {
    return this.run(() => this.drain());
  }

  /** Runs `work` after every queued write, and before any queued later. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const done = this.writes.then(work);
    this.writes = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  /** Waits for the queued writes; rejects with the failure if entries wait. */
  async settled(): Promise<void> {
    await this.writes;
    if (this.failure) throw this.failure;
  }

  /** Makes the file durable (fsync) once the queued writes are done. */
  async sync(): Promise<void> {
    await this.settled();
    try {
      await this.sink.sync();
    } catch (error) {
      throw writeFailure(error);
    }
  }

  private async drain(): Promise<void> {
    while (this.unsaved.length > 0) {
      try {
        await this.sink.append(this.unsaved[0]!);
      } catch (error) {
        this.failure = writeFailure(error);
        this.states.fire(this.state);
        throw this.failure;
      }
      this.unsaved.shift();
    }
    if (!this.failure) return;
    this.failure = undefined;
    this.states.fire({ saved: true });
  }
}

/** A failed write of the session file as a SessionError that says why in words (the system's code in brackets; the whole error is its cause, for the log). */
function writeFailure(error: unknown): SessionError {
  if (error instanceof SessionError) return error;
  const problem = writeProblemOf(error);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new SessionError('write-failed', `${problemWords(problem)}${code && problem !== 'gone' ? ` (${code})` : ''}`, { cause: error, problem });
}
