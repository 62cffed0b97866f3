// Follows the current session's file on disk: when another program (pi, another window) appends to
// it, `Session.refresh()` reads only the bytes added since the last look. The watcher is node's
// (core's watchFile), not VS Code's: sessions usually live outside the workspace (globalStorage,
// pi's ~/.pi), and a VS Code RelativePattern watcher there, which fired at first in code-server,
// stopped firing in the integration suite once the Sessions view watched the same folder too.
// Our own appends fire it too; their refresh finds nothing new (the sink already
// knows those bytes) and announces nothing, so nothing loops.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { watchFile, type Session } from '../../core/session';
import type { Disposable } from '../../core/util/event';
import { Coalescer } from '../../core/util/coalesce';
import { errorMessage } from '../../core/util/errors';
import type { CurrentSession } from './currentSession';
import type { Logger } from '../../core/util/logger';

export class SessionWatcher implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(current: CurrentSession, log: Logger) {
    // One file watch per session file, for as long as that session is current.
    this.subscription = current.follow((event) => {
      if (event.kind === 'replaced' && event.session?.file) event.scope.add(new FileWatch(event.session, event.session.file, log));
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** One session file's watcher; events come in bursts, so refreshes are coalesced (one running, one queued). */
class FileWatch implements vscode.Disposable {
  private readonly refresher: Coalescer<number>;
  private readonly name: string;
  private readonly watcher: Disposable;
  private lastError: string | undefined;
  private disposed = false;

  constructor(
    session: Session,
    file: string,
    private readonly log: Logger,
  ) {
    this.name = path.basename(file);
    this.refresher = new Coalescer(() => session.refresh());
    this.watcher = watchFile(file, {
      onChange: () => this.refresh(),
      onFallback: (error) => log.warn(`Cannot watch the folder of ${this.name} (${errorMessage(error)}); checking the file every second instead`),
    });
    log.debug(`Watching ${this.name} for other writers`);
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
        if (count > 0) this.log.debug(`${this.name}: read ${count} entries another program appended`);
      },
      (error: unknown) => {
        // Once per distinct failure: a deleted file must not fill the log at every event.
        const message = errorMessage(error);
        if (message !== this.lastError) this.log.warn(`Could not read what another program wrote to ${this.name}: ${message}`);
        this.lastError = message;
      },
    );
  }
}
