/**
 * Starting something whose failure must be both visible and real: the error is logged (with its
 * stack) and shown to the user in plain words, then thrown again, so that the caller — VS Code
 * activating the extension — sees the failure too (`activate` rejects, `isActive` stays false)
 * instead of a half-started extension that reports success.
 */
import { errorDetail, errorMessage } from './errors';

export interface StartupReporter {
  /** For the log: the error's stack, or its text. */
  logError(detail: string): void;
  /** For the user: the error's message. */
  showError(message: string): void;
}

export function startOrReport<T>(start: () => T, reporter: StartupReporter): T {
  try {
    return start();
  } catch (error) {
    reporter.logError(errorDetail(error));
    reporter.showError(errorMessage(error));
    throw error;
  }
}
