// The session the views show: opened or created through the engine, announced to the views when
// it changes, and remembered for the window so that a reload reopens it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { createSessionFile, openSessionFile, SessionFileError, type LoadReport, type Session } from '../core/session';
import { errorMessage } from '../core/util/errors';
import type { SessionMemory } from './workspaceState';

export class CurrentSession implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Session | undefined>();
  /** Fires after the current session was replaced (or closed: undefined), or changed: an entry added, the position moved. */
  readonly onDidChange = this.changed.event;
  private readonly replaced = new vscode.EventEmitter<Session | undefined>();
  /** Fires only when another session (or none) became current. */
  readonly onDidReplace = this.replaced.event;
  private current: Session | undefined;
  /** The subscription to the current session's own changes; replaced with the session. */
  private sessionSubscription: vscode.Disposable | undefined;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly memory?: SessionMemory,
  ) {}

  get session(): Session | undefined {
    return this.current;
  }

  /** Opens an existing session file and makes it current. Throws SessionFileError (see errors.ts). */
  async open(file: string): Promise<Session> {
    // "Open" must not create a session where there is none.
    const { session, report } = await openSessionFile(file, { createIfMissing: false });
    this.logReport(file, report);
    this.log.info(`Opened session ${session.id} (${session.entries.length} entries) from ${file}`);
    this.replace(session);
    return session;
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
    if (!file || this.current) return;
    try {
      await this.open(file);
    } catch (error) {
      this.log.warn(`Could not reopen the last session ${path.basename(file)}: ${errorMessage(error)}`);
      if (error instanceof SessionFileError) await this.memory?.remember(undefined);
    }
  }

  dispose(): void {
    this.sessionSubscription?.dispose();
    this.changed.dispose();
    this.replaced.dispose();
  }

  private replace(session: Session | undefined): void {
    this.sessionSubscription?.dispose();
    this.sessionSubscription = undefined;
    this.current = session;
    if (session) this.sessionSubscription = session.onDidChange(() => this.changed.fire(session));
    void this.memory?.remember(session?.file);
    this.replaced.fire(session);
    this.changed.fire(session);
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
