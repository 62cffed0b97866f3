// One place that turns errors into words for the user; the log gets the technical details.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { MAX_SESSION_MEGABYTES, notAFileWords, SessionFileError } from '../core/session';
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
      case 'not-a-file':
        return `${name} is ${notAFileWords(error)}, not a regular file: Arbor opens only regular files as sessions.`;
      case 'too-large':
        return `${name} is larger than ${MAX_SESSION_MEGABYTES} MB, the most Arbor opens as a session.`;
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

export type PromptErrorReason = 'no-key' | 'auth' | 'network' | 'server' | 'no-session' | 'failed';

/**
 * A prompt that was not answered: nothing came back from the model. The chat keeps the text in
 * its input and shows `message`; `command` (when set) is what fixes it, for a button.
 */
export class PromptError extends Error {
  constructor(
    readonly reason: PromptErrorReason,
    message: string,
    readonly command?: { id: string; title: string },
  ) {
    super(message);
    this.name = 'PromptError';
  }
}

export const SET_KEY_COMMAND = { id: 'arbor.setApiKey', title: 'Set Anthropic API Key' };

export function noKeyError(): PromptError {
  return new PromptError(
    'no-key',
    'Set an Anthropic API key first: run "Arbor: Set Anthropic API Key" (or start VS Code with ANTHROPIC_API_KEY set).',
    SET_KEY_COMMAND,
  );
}

/** The words for a failed first request, by the provider's reason (see core/llm/anthropic/errors.ts). */
export function promptFailure(reason: string, detail: string, baseUrl: string | undefined): PromptError {
  switch (reason) {
    case 'auth':
      return new PromptError('auth', `The Anthropic API refused the key. Set a valid one, then send again. (${detail})`, SET_KEY_COMMAND);
    case 'network':
      return new PromptError('network', `Arbor could not reach the Anthropic API${baseUrl ? ` at ${baseUrl}` : ''}. Check the connection and the arbor.baseUrl setting, then send again.`);
    case 'server':
    case 'overloaded':
    case 'rate-limit':
      return new PromptError('server', `The Anthropic API did not answer: ${detail}. Send again in a moment.`);
    default:
      return new PromptError('failed', `The request failed: ${detail}`);
  }
}
