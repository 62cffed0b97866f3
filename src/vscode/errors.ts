// The one place that turns failures into words for the user. Everything else passes typed errors
// (each with its reason) or typed reasons along; the log gets the technical details.
import * as path from 'node:path';
import { UnansweredPromptError, type AgentErrorReason } from '../core/agent';
import { CompactionError, NOTHING_TO_COMPACT_TEXT, type NothingToCompactReason } from '../core/compaction';
import { LlmError, type LlmErrorReason } from '../core/llm/provider';
import { SearchQueryError } from '../core/search';
import { MAX_SESSION_MEGABYTES, notAFileWords, SessionError, SessionFileError } from '../core/session';
import { errorDetail, errorMessage } from '../core/util/errors';
import { COMMAND } from '../shared/commands';
import type { Logger } from '../core/util/logger';

export type PromptErrorReason = 'no-key' | 'auth' | 'network' | 'server' | 'no-session' | 'failed';

/** A command that fixes a failure, for a button beside its words. */
export interface FixCommand {
  id: string;
  title: string;
}

/**
 * A prompt that was not answered: nothing came back from the model. The chat keeps the text in
 * its input and shows `message`; `command` (when set) is what fixes it, for a button.
 */
export class PromptError extends Error {
  constructor(
    readonly reason: PromptErrorReason,
    message: string,
    readonly command?: FixCommand,
  ) {
    super(message);
    this.name = 'PromptError';
  }
}

export const SET_KEY_COMMAND: FixCommand = { id: COMMAND.setApiKey, title: 'Set Anthropic API Key' };

export function noKeyError(): PromptError {
  return new PromptError(
    'no-key',
    'Set an Anthropic API key first: run "Arbor: Set Anthropic API Key" (or start VS Code with ANTHROPIC_API_KEY set).',
    SET_KEY_COMMAND,
  );
}

export function noSessionError(): PromptError {
  return new PromptError('no-session', 'No session is open.');
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
      return `${detail}. What was not saved stays in this window; the notification offers Retry and Save a Copy…`;
    case 'internal':
      return `Something went wrong in Arbor: ${detail}`;
    default:
      return `The request failed: ${detail}`;
  }
}

/** The fix for a run's failure, when there is one (a refused key: set another). */
export function runFailureFix(reason: AgentErrorReason): FixCommand | undefined {
  return reason === 'auth' ? SET_KEY_COMMAND : undefined;
}

/** The note shown while the provider retries a request that failed for `reason`. */
export function retryText(attempt: number, reason: LlmErrorReason, detail: string): string {
  const why = reason === 'overloaded' ? 'the API is overloaded' : reason === 'rate-limit' ? 'the API asks to slow down' : reason === 'network' ? 'the connection failed' : detail;
  return `Retrying (attempt ${attempt}): ${why}`;
}

/**
 * What a compaction that did not compact comes to: an info when there was nothing to do or it was
 * stopped (nothing was written either way), else an error with its reason.
 */
export function compactionOutcome(error: unknown): { level: 'info' | 'error'; text: string } {
  if (error instanceof CompactionError && error.reason === 'nothing-to-compact') return { level: 'info', text: compactionText(error) };
  if (error instanceof CompactionError && error.reason === 'cancelled') return { level: 'info', text: 'Compaction stopped: nothing was written.' };
  if (error instanceof CompactionError && error.reason === 'cancelled-by-extension') return { level: 'info', text: compactionText(error) };
  return { level: 'error', text: `Compaction failed: ${userMessage(error)}` };
}

/** An automatic compaction (past the threshold, or to recover from an overflow) that failed, as the chat tells it. */
export function automaticCompactionText(reason: 'threshold' | 'overflow', error: CompactionError): string {
  const what = reason === 'threshold' ? 'The automatic compaction failed' : 'Compacting the conversation to fit the model failed';
  return `${what}: ${userMessage(error)}`;
}

/** Why there is nothing to compact, as a sentence. */
export function nothingToCompactText(reason: NothingToCompactReason): string {
  return `${NOTHING_TO_COMPACT_TEXT[reason]}.`;
}

/** A move in the tree whose summary of the branch left behind failed (the position stays). */
export function branchSummaryFailureText(error: CompactionError): string {
  return `The branch could not be summarized, so the position did not move. ${compactionText(error)}`;
}

/** Any failure, in plain words. */
export function userMessage(error: unknown): string {
  if (error instanceof PromptError) return error.message;
  if (error instanceof SessionFileError) return sessionFileText(error);
  if (error instanceof SessionError) return sessionText(error);
  if (error instanceof CompactionError) return compactionText(error);
  if (error instanceof LlmError) return runFailureText(error.reason, error.message);
  if (error instanceof UnansweredPromptError) return runFailureText(error.reason, error.detail);
  if (error instanceof SearchQueryError) return error.reason === 'empty' ? 'Type something to search for.' : error.message;
  return `Something went wrong: ${errorMessage(error)}`;
}

/** Logs the error with its stack and returns the plain-words message. */
export function reportError(log: Logger, what: string, error: unknown): string {
  log.error(`${what}: ${errorDetail(error)}`);
  return userMessage(error);
}

function sessionFileText(error: SessionFileError): string {
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
    case 'changed-on-disk':
      return `The session file ${name} was changed by another program while Arbor wrote to it.`;
    case 'replaced':
      return `The session file ${name} was replaced or shortened by another program; Arbor wrote nothing into it.`;
  }
}

function sessionText(error: SessionError): string {
  switch (error.reason) {
    case 'entry-not-found':
      return 'That entry is not in the session.';
    case 'write-failed':
      return `${error.message}.`;
    case 'closed':
      return 'The session was closed.';
  }
}

function compactionText(error: CompactionError): string {
  switch (error.reason) {
    case 'nothing-to-compact':
      return nothingToCompactText(error.nothing ?? 'empty-session');
    case 'cancelled':
      return 'It was stopped; nothing was written.';
    case 'cancelled-by-extension':
      return `The extension “${error.by?.name ?? 'unknown'}” cancelled the compaction; nothing was written.`;
    case 'no-summarizer':
      return 'No model is available to write the summary.';
    case 'summarization-failed':
      return `The model could not write the summary: ${errorMessage(rootCause(error))}`;
    case 'overflow-recovery-failed':
      return error.message;
    case 'failed': {
      const cause = rootCause(error);
      return cause === error ? `Something went wrong: ${error.message}` : userMessage(cause);
    }
  }
}

/** What a compaction failure came from (a summary request wraps the provider's error, a branch summary wraps that). */
function rootCause(error: CompactionError): unknown {
  let current: unknown = error;
  while (current instanceof CompactionError && current.cause !== undefined) current = current.cause;
  return current;
}
