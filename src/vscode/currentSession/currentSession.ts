// The session the views show: opened or created through the engine, followed by the views, and
// remembered for the window so that a reload reopens it. There is one way to follow it: `follow`,
// whose 'replaced' events carry a scope that ends with the session (see core's Current).
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { checkReport, createSessionFile, openSessionFile, problemCount, SessionFileError, type LoadReport, type Session, type SessionChange } from '../../core/session';
import { Current } from '../../core/util/current';
import { errorDetail, errorMessage } from '../../core/util/errors';
import type { Scope } from '../../core/util/scope';
import type { SessionMemory } from './workspaceState';
import type { Logger } from '../../core/util/logger';

export type CurrentSessionEvent =
  /** Another session (or none: undefined) became current; `scope` ends with it. Also the first event a follower gets. */
  | { kind: 'replaced'; session: Session | undefined; scope: Scope }
  /** The current session changed: an entry added, the position moved. */
  | { kind: 'changed'; session: Session; change: SessionChange };

export class CurrentSession implements vscode.Disposable {
  private readonly current: Current<Session, SessionChange>;
  /** What `arbor check` counted in each opened session's file when it was read (a created one has none). */
  private readonly problems = new WeakMap<Session, number>();

  constructor(
    private readonly log: Logger,
    private readonly memory?: SessionMemory,
  ) {
    this.current = new Current<Session, SessionChange>(
      (session) => session.onDidChange,
      (error) => log.error(`A view following the current session failed: ${errorDetail(error)}`),
    );
  }

  get session(): Session | undefined {
    return this.current.get();
  }

  /**
   * Calls `listener` now with the current session (a 'replaced' event), then whenever another
   * session (or none) becomes current and at every change of the current one. What the listener
   * adds to a 'replaced' event's scope is disposed when that session is replaced or closed.
   */
  follow(listener: (event: CurrentSessionEvent) => void): vscode.Disposable {
    return this.current.follow((event) =>
      listener(event.kind === 'replaced' ? { kind: 'replaced', session: event.value, scope: event.scope } : { kind: 'changed', session: event.value, change: event.change }),
    );
  }

  /** Opens an existing session file and makes it current. Throws SessionFileError (see errors.ts). */
  async open(file: string): Promise<Session> {
    // "Open" must not create a session where there is none.
    const { session, report } = await openSessionFile(file, { createIfMissing: false });
    this.logReport(file, report);
    this.problems.set(session, problemCount(checkReport({ report })));
    this.log.info(`Opened session ${session.id} (${session.entries.length} entries) from ${file}`);
    this.replace(session);
    return session;
  }

  /** How many problems `session`'s file had when it was opened (unreadable lines, bad entries: what `arbor check` reports). */
  problemsOnOpen(session: Session): number {
    return this.problems.get(session) ?? 0;
  }

  /** Creates a new session file in `dir` for a project in `cwd` and makes it current. */
  async create(dir: string, cwd: string): Promise<Session> {
    const session = await createSessionFile({ dir, cwd });
    this.log.info(`Created session ${session.id} in ${dir}`);
    this.replace(session);
    return session;
  }

  /** No session is current any more (the next prompt creates one). */
  close(): void {
    this.replace(undefined);
  }

  /** Reopens the session this window had before a reload; forgets it when the file is gone. */
  async restore(): Promise<void> {
    const file = this.memory?.recall();
    if (!file || this.session) return;
    try {
      await this.open(file);
    } catch (error) {
      this.log.warn(`Could not reopen the last session ${path.basename(file)}: ${errorMessage(error)}`);
      if (error instanceof SessionFileError) await this.memory?.remember(undefined);
    }
  }

  dispose(): void {
    this.current.dispose();
  }

  private replace(session: Session | undefined): void {
    void this.memory?.remember(session?.file);
    this.current.replace(session);
  }

  private logReport(file: string, report: LoadReport): void {
    const name = path.basename(file);
    if (report.malformed.length > 0) {
      const lines = report.malformed.map((line) => line.line).join(', ');
      this.log.warn(`${name}: ${report.malformed.length} unreadable line(s) kept in the file but not shown (line ${lines})`);
    }
    if (report.tornTail) this.log.warn(`${name}: the last line is incomplete; it will be repaired before the next write`);
    if (report.migratedFrom !== undefined) this.log.info(`${name}: read as version ${report.migratedFrom}, migrated in memory`);
  }
}
