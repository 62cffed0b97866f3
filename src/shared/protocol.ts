/**
 * The messages between the extension host and the chat webview: one discriminated union per
 * direction, on `type`. Both sides import these types (the webview script through JSDoc), so a
 * message that one side sends and the other does not expect is a type error, not a silent no-op.
 *
 * Handshake: the webview posts `ready` once its script runs; the host queues everything it would
 * send before that and answers `ready` with `state`.
 */

import type { EntryDisplayKind } from '../core/session/describe';

// ---- the render model (host → webview) -------------------------------------------------------

/** How one entry on the current branch is shown in the chat. */
export type ChatItemKind = EntryDisplayKind;

export interface ChatItem {
  /** The session entry's id. */
  id: string;
  kind: ChatItemKind;
  /** Plain text; the webview renders it as text, never as HTML. */
  text: string;
  /** Short secondary line: tool names, tokens before a compaction, a label. */
  detail?: string;
}

export interface ChatSession {
  /** The session's name, or its file name. */
  title: string;
  file: string;
  items: ChatItem[];
}

export interface ChatState {
  /** Undefined: no session is open (the webview shows its empty state). */
  session: ChatSession | undefined;
}

export type NoticeLevel = 'info' | 'warning' | 'error';

// ---- host → webview ---------------------------------------------------------------------------

/** The whole chat, sent in reply to `ready` and whenever the current session changes. */
export interface StateMessage {
  type: 'state';
  state: ChatState;
}

/** A line shown under the conversation (e.g. why a prompt could not be sent). */
export interface NoticeMessage {
  type: 'notice';
  level: NoticeLevel;
  text: string;
}

export type HostToWebviewMessage = StateMessage | NoticeMessage;

// ---- webview → host ---------------------------------------------------------------------------

/** The webview's script has run and listens: the host may send. */
export interface ReadyMessage {
  type: 'ready';
}

/** The user sent a prompt from the input box. */
export interface PromptMessage {
  type: 'prompt';
  text: string;
}

/** Something went wrong inside the webview (an uncaught error, a CSP violation): the host logs it. */
export interface WebviewErrorMessage {
  type: 'webviewError';
  message: string;
}

export type WebviewToHostMessage = ReadyMessage | PromptMessage | WebviewErrorMessage;

/** Checks a value received from the webview before the host trusts its shape. */
export function isWebviewToHostMessage(value: unknown): value is WebviewToHostMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; text?: unknown; message?: unknown };
  switch (message.type) {
    case 'ready':
      return true;
    case 'prompt':
      return typeof message.text === 'string';
    case 'webviewError':
      return typeof message.message === 'string';
    default:
      return false;
  }
}
