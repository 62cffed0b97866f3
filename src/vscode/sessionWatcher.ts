// Follows the current session's file on disk: when another program (pi, another window) appends to
// it, `Session.refresh()` reads only the bytes added since the last look. The watcher is VS Code's
// (a RelativePattern on the file's folder also works outside the workspace: sessions usually live
// in globalStorage or pi's ~/.pi folder). Our own appends fire it too; their refresh finds nothing
// new (the sink already knows those bytes) and announces nothing, so nothing loops.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Session } from '../core/session';
import { Coalescer } from '../core/util/coalesce';
import { errorMessage } from '../core/util/errors';
import type { CurrentSession } from './currentSession';

export class SessionWatcher implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;
  private watching: FileWatch | undefined;

  constructor(
    current: CurrentSession,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscription = current.onDidReplace((session) => this.watch(session));
    this.watch(current.session);
  }

  /** Resolves when no refresh is running or queued (for tests). */
  async idle(): Promise<void> {
    await this.watching?.refresher.idle();
  }

  dispose(): void {
    this.subscription.dispose();
    this.watching?.dispose();
    this.watching = undefined;
  }

  private watch(session: Session | undefined): void {
    this.watching?.dispose();
    this.watching = session?.file ? new FileWatch(session, session.file, this.log) : undefined;
  }
}

/** One session file's watcher; events come in bursts, so refreshes are coalesced (one running, one queued). */
class FileWatch implements vscode.Disposable {
  readonly refresher: Coalescer<number>;
  private readonly watcher: vscode.FileSystemWatcher;
  private lastError: string | undefined;
  private disposed = false;

  constructor(
    session: Session,
    private readonly file: string,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.refresher = new Coalescer(() => session.refresh());
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)));
    // Created: the file was replaced (written elsewhere, then renamed over it); the sink notices and reads it again.
    this.watcher.onDidChange(() => this.refresh());
    this.watcher.onDidCreate(() => this.refresh());
    log.debug(`Watching ${path.basename(file)} for other writers`);
  }

  dispose(): void {
    this.disposed = true;
    this.watcher.dispose();
  }

  private refresh(): void {
    if (this.disposed) return;
    this.refresher.request().then(
      (count) => {
        this.lastError = undefined;
        if (count > 0) this.log.debug(`${path.basename(this.file)}: read ${count} entries another program appended`);
      },
      (error: unknown) => {
        // Once per distinct failure: a deleted file must not fill the log at every event.
        const message = errorMessage(error);
        if (message !== this.lastError) this.log.warn(`Could not read what another program wrote to ${path.basename(this.file)}: ${message}`);
        this.lastError = message;
      },
    );
  }
}
