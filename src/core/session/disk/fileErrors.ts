/** The typed error of the session file layer. */

export type SessionFileErrorReason = 'not-found' | 'not-a-session' | 'is-directory' | 'unreadable' | 'changed-on-disk';

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
