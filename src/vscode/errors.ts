// One place that turns errors into words for the user; the log gets the technical details.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { SessionFileError } from '../core/session';
import { errorDetail, errorMessage } from '../core/util/errors';

export function userMessage(error: unknown): string {
  if (error instanceof SessionFileError) {
    const name = path.basename(error.file);
    switch (error.reason) {
      case 'not-found':
        return `The session file ${name} does not exist.`;
      case 'not-a-session':
        return `${name} is not a session file: its first line is not a session header.`;
      case 'is-directory':
        return `${name} is a folder, not a session file.`;
      case 'unreadable':
        return `The session file ${name} could not be read.`;
    }
  }
  return `Something went wrong: ${errorMessage(error)}`;
}

/** Logs the error with its stack and returns the plain-words message. */
export function reportError(log: vscode.LogOutputChannel, what: string, error: unknown): string {
  log.error(`${what}: ${errorDetail(error)}`);
  return userMessage(error);
}
