/** The typed error of the session file layer, and how a failed open or read becomes one. */
import { describeNotAFile, UnsafeFileError } from '../../util/safeFiles';

export type SessionFileErrorReason = 'not-found' | 'not-a-session' | 'is-directory' | 'not-a-file' | 'too-large' | 'unreadable' | 'changed-on-disk' | 'replaced';

export class SessionFileError extends Error {
  constructor(
    readonly reason: SessionFileErrorReason,
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SessionFileError';
  }
}

/** The SessionFileError for a session file that could not be opened or read; the original error is its cause. */
export function readFailure(file: string, error: unknown): SessionFileError {
  if (error instanceof SessionFileError) return error;
  if (error instanceof UnsafeFileError) {
    if (error.kind === 'folder') return isDirectory(file, error);
    // The message says what the name is instead: "…: it is a named pipe (FIFO)".
    if (error.reason === 'not-a-file') return new SessionFileError('not-a-file', file, error.message, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new SessionFileError('not-found', file, `${file} does not exist`, { cause: error });
  if (code === 'EISDIR') return isDirectory(file, error);
  return new SessionFileError('unreadable', file, `${file} could not be read: ${(error as Error).message}`, { cause: error });
}

function isDirectory(file: string, cause: unknown): SessionFileError {
  return new SessionFileError('is-directory', file, `${file} is a directory, not a session file`, { cause });
}

/** What a session file refused as 'not-a-file' is instead ("a named pipe (FIFO)", "a device" …), for messages. */
export function notAFileWords(error: SessionFileError): string {
  const { cause } = error;
  return describeNotAFile(cause instanceof UnsafeFileError && cause.kind ? cause.kind : 'other');
}

/** A write refused for lack of room: the disk is full, or the user's quota is. */
export function isNoSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
