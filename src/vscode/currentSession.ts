// The session the views show: opened through the engine, announced to the views when it changes.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { openSessionFile, type LoadReport, type Session } from '../core/session';

export class CurrentSession implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Session | undefined>();
  /** Fires after the current session was replaced (or closed: undefined), or changed: an entry added, the position moved. */
  readonly onDidChange = this.changed.event;
  private current: Session | undefined;
  /** The subscription to the current session's own changes; replaced with the session. */
  private sessionSubscription: vscode.Disposable | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  get session(): Session | undefined {
    return this.current;
  }

  /** Opens an existing session file and makes it current. Throws SessionFileError (see errors.ts). */
  async open(file: string): Promise<Session> {
    // "Open" must not create a session where there is none.
    const { session, report } = await openSessionFile(file, { createIfMissing: false });
    this.logReport(file, report);
    this.sessionSubscription?.dispose();
    this.current = session;
    this.sessionSubscription = session.onDidChange(() => this.changed.fire(session));
    this.log.info(`Opened session ${session.id} (${session.entries.length} entries) from ${file}`);
    this.changed.fire(session);
    return session;
  }

  dispose(): void {
    this.sessionSubscription?.dispose();
    this.changed.dispose();
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
