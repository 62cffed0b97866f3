// What the current session spent (tokens and dollars, replies and summaries apart, on the branch
// and in the whole file), for the meter's tooltip and the chat: counted once from the entries the
// open already read, then kept up to date from the session's changes (core's TotalsTracker).
import * as vscode from 'vscode';
import { anthropicPrices } from '../../core/llm';
import { TotalsTracker, type SessionTotals } from '../../core/tokens';
import type { CurrentSession, CurrentSessionEvent } from './currentSession';

export class SessionTotalsWatcher implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<SessionTotals | undefined>();
  /** Undefined: no session is open. */
  readonly onDidChange = this.changed.event;
  private tracker: TotalsTracker | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(current: CurrentSession) {
    this.subscription = current.follow((event) => this.follow(event));
  }

  get totals(): SessionTotals | undefined {
    return this.tracker?.totals;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private follow(event: CurrentSessionEvent): void {
    if (event.kind === 'replaced') {
      const { session } = event;
      this.tracker = session ? new TotalsTracker(session.entries, session.getBranch(), anthropicPrices) : undefined;
    } else {
      const { change, session } = event;
      if (!this.tracker) return;
      this.tracker.apply(change, () => session.getBranch());
    }
    this.changed.fire(this.tracker?.totals);
  }
}
