// What Arbor does when another program (pi, another window) writes to the current session's file:
// tells the user once per burst (not per line), logs it (counts, never contents), and, when Arbor
// is idle and the newcomer continued our conversation from our position, moves the position to the
// continuation so the chat shows it (the decision is core's `followTarget`). The tree shows the
// new entries through the session's `external` changes.
import * as vscode from 'vscode';
import { followTarget, type OtherWriterNotice, type Session, type SessionEntry } from '../../core/session';
import { BurstGate } from '../../core/util/burst';
import { errorMessage } from '../../core/util/errors';
import type { Scope } from '../../core/util/scope';
import type { AgentHost } from '../agent/host';
import type { CurrentSession } from './currentSession';
import { VIEW_FOCUS } from '../../shared/commands';
import type { Logger } from '../../core/util/logger';

/** A writer quiet this long, then writing again, is announced again. */
const BURST_QUIET_MS = 10 * 60_000;
const SHOW_TREE = 'Show Session Tree';
const OTHER_WRITER_MESSAGE = 'Another program (pi or another VS Code window) is also writing to this session. Arbor shows its entries in the Session Tree.';

export class OtherWriters implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private appendedGate = new BurstGate(BURST_QUIET_MS, Date.now);

  constructor(
    current: CurrentSession,
    private readonly host: AgentHost,
    private readonly log: Logger,
  ) {
    this.disposables.push(
      current.follow((event) => {
        if (event.kind === 'replaced') this.watch(event.session, event.scope);
      }),
    );
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
  }

  /** A new session: told afresh about its other writers, for as long as it is current. */
  private watch(session: Session | undefined, scope: Scope): void {
    this.appendedGate = new BurstGate(BURST_QUIET_MS, Date.now);
    if (session) scope.add(session.onDidDetectOtherWriter((notice) => this.noticed(session, notice)));
  }

  private noticed(session: Session, notice: OtherWriterNotice): void {
    // A file replaced under the session is a problem of its file: unsavedEntries.ts tells it.
    if (notice.kind === 'replaced') return;
    this.log.info(`Session ${session.id}: another program appended ${notice.entries.length} entr${notice.entries.length === 1 ? 'y' : 'ies'}`);
    // Decided now, synchronously, while the position is the one their entries were read against.
    this.follow(session, notice.entries);
    if (this.appendedGate.shouldTell()) {
      this.log.info(`Session ${session.id}: told the user another program writes to it`);
      void vscode.window.showInformationMessage(OTHER_WRITER_MESSAGE, SHOW_TREE).then((choice) => {
        if (choice === SHOW_TREE) void vscode.commands.executeCommand(VIEW_FOCUS.sessionTree);
      });
    }
  }

  private follow(session: Session, fresh: readonly SessionEntry[]): void {
    // Busy: a run, a compaction (it appends at the position when done) or a move of our own.
    const busy = this.host.state.agent.phase.kind !== 'idle';
    const target = followTarget({ tree: session.tree, leafId: session.leafId, fresh, busy });
    if (target === undefined) return;
    this.log.info(`Session ${session.id}: following the other program's continuation to entry ${target}`);
    session.branch(target).catch((error: unknown) => this.log.error(`Could not follow the other program's continuation: ${errorMessage(error)}`));
  }
}
