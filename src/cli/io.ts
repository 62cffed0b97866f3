/**
 * What the CLI touches besides the session file: its two output streams and the clock. Tests run
 * the CLI in-process with a capturing `CliIo`; `main.ts` wires the real process streams.
 */
import type { StopPoints } from '../core/util/stopPoints';
import type { CreateExtraToolSource } from './extraToolSource';

export interface CliIo {
  /** Writes to standard output; resolves when the text has been handed to the stream. */
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
  now(): Date;
  /** Where a kill test freezes the process (see core/util/stopPoints); absent: nowhere. */
  stopPoints?: StopPoints;
  /** Tools for `arbor run` beside Arbor's own (the MCP servers; see extraToolSource.ts); absent: none. */
  createExtraToolSource?: CreateExtraToolSource;
}

/** Exit codes: success, a problem found in the file, bad usage or an unreadable file. */
export const EXIT_OK = 0;
export const EXIT_PROBLEM = 1;
export const EXIT_USAGE = 2;

/** Bad arguments: reported on one line, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A file the command cannot use (missing, not a session, unknown entry id): one line, exit 2. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** A write the disk refused, said in words (a full disk): one line, exit 1. */
export class DiskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiskError';
  }
}

/** An in-memory `CliIo` that keeps what was written (tests, benchmarks). */
export interface CapturedIo extends CliIo {
  readonly stdout: string;
  readonly stderr: string;
}

export function captureIo(now: () => Date = () => new Date()): CapturedIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out: async (text) => void out.push(text),
    err: async (text) => void err.push(text),
    now,
    get stdout() {
      return out.join('');
    },
    get stderr() {
      return err.join('');
    },
  };
}
