// One place that turns errors into words for the user; the log gets the technical details.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { UnansweredPromptError, type AgentErrorReason } from '../core/agent';
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

export function noSessionError(): PromptError {
  return new PromptError('no-session', 'No session is open.');
}

export function noKeyError(): PromptError {
  return new PromptError(
    'no-key',
    'Set an Anthropic API key first: run "Arbor: Set Anthropic API Key" (or start VS Code with ANTHROPIC_API_KEY set).',
    SET_KEY_COMMAND,
  );
}

/** A prompt that got no reply (core's `UnansweredPromptError`, or anything else thrown), as the chat shows it. */
export function promptFailure(error: unknown, baseUrl: string | undefined): PromptError {
  if (error instanceof PromptError) return error;
  if (!(error instanceof UnansweredPromptError)) return new PromptError('failed', `The prompt could not be sent: ${errorMessage(error)}`);
  const { reason, detail } = error;
  switch (reason) {
    case 'auth':
      return new PromptError('auth', runFailureText(reason, detail, baseUrl), SET_KEY_COMMAND);
    case 'network':
      return new PromptError('network', runFailureText(reason, detail, baseUrl));
    case 'server':
    case 'overloaded':
    case 'rate-limit':
      return new PromptError('server', runFailureText(reason, detail, baseUrl));
    default:
      return new PromptError('failed', runFailureText(reason, detail, baseUrl));
  }
}

/** Why a run failed, in words (`detail` is what the failing part said). */
export function runFailureText(reason: AgentErrorReason, detail: string, baseUrl?: string): string {
  switch (reason) {
    case 'auth':
      return `The Anthropic API refused the key. Set a valid one, then send again. (${detail})`;
    case 'network':
      return `Arbor could not reach the Anthropic API${baseUrl ? ` at ${baseUrl}` : ''}. Check the connection and the arbor.baseUrl setting, then send again.`;
    case 'server':
    case 'overloaded':
    case 'rate-limit':
      return `The Anthropic API did not answer: ${detail}. Send again in a moment.`;
    case 'context-overflow':
      return `The conversation is too long for the model, even after compacting it. ${detail}`;
    case 'write-failed':
      return `The session file could not be written: ${detail}`;
    case 'internal':
      return `Something went wrong in Arbor: ${detail}`;
    default:
      return `The request failed: ${detail}`;
  }
}
