// The chat input's drafts, one per session (core's SessionDrafts), kept in the workspace's state so
// that a window reload brings them back: never in the session file, and never logged.
import type * as vscode from 'vscode';
import { NO_SESSION, SessionDrafts } from '../../core/chat';
import type { Session } from '../../core/session';

const DRAFTS_KEY = 'arbor.chatDrafts';

export function chatDrafts(state: vscode.Memento): SessionDrafts {
  return new SessionDrafts(state.get<unknown>(DRAFTS_KEY), (drafts) => void state.update(DRAFTS_KEY, drafts));
}

/** A session's drafts are keyed by its file (by its id when it has none). */
export function draftKey(session: Session | undefined): string {
  return session ? (session.file ?? session.id) : NO_SESSION;
}
