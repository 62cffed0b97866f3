// The chat input's drafts, one per session, kept by the host: the webview reports what the input
// holds, the host answers a session switch with that session's own draft, and every change Arbor
// makes to the input goes through core's rules (src/core/chat/drafts.ts). Kept in the workspace's
// state (so a window reload brings them back), never in the session file, and never logged.
import type * as vscode from 'vscode';
import { DraftBook, isEmptyDraft, type Draft } from '../core/chat';
import type { Session } from '../core/session';

const DRAFTS_KEY = 'arbor.chatDrafts';
/** The draft typed while no session is open. */
const NO_SESSION = '';

export class ChatDrafts {
  private readonly book: DraftBook;
  private key = NO_SESSION;
  private turn = 0;

  constructor(private readonly state: vscode.Memento) {
    this.book = new DraftBook(state.get<unknown>(DRAFTS_KEY));
  }

  /** Names the session shown (and so whose draft the input holds): a new turn starts. */
  show(session: Session | undefined): void {
    const key = keyOf(session);
    // A draft typed with no session open goes with the session the next prompt creates (empty yet).
    if (this.key === NO_SESSION && session && session.entries.length === 0 && isEmptyDraft(this.book.get(key))) {
      this.book.set(key, this.book.get(NO_SESSION));
      this.book.set(NO_SESSION, { input: '' });
      this.save();
    }
    this.key = key;
    this.turn++;
  }

  /** Which turn the input's reports must name to count (one from an earlier session's turn is late and dropped). */
  get generation(): number {
    return this.turn;
  }

  get draft(): Draft {
    return this.book.get(this.key);
  }

  /** The webview reports a change of the input; false when the report is late (another session is shown now). */
  report(generation: number, change: (draft: Draft) => Draft): boolean {
    if (generation !== this.turn) return false;
    this.change(change);
    return true;
  }

  /** Applies one of core's rules to the shown session's draft; returns the result. */
  change(change: (draft: Draft) => Draft): Draft {
    return this.changeOf(this.key, change);
  }

  /** Applies one of core's rules to `session`'s draft; true when that session is the one shown. */
  changeFor(session: Session, change: (draft: Draft) => Draft): boolean {
    const key = keyOf(session);
    this.changeOf(key, change);
    return key === this.key;
  }

  private changeOf(key: string, change: (draft: Draft) => Draft): Draft {
    const after = change(this.book.get(key));
    if (this.book.set(key, after)) this.save();
    return after;
  }

  private save(): void {
    void this.state.update(DRAFTS_KEY, this.book.toJSON());
  }
}

function keyOf(session: Session | undefined): string {
  return session ? (session.file ?? session.id) : NO_SESSION;
}
