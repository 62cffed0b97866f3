// What Arbor does when the current session's file cannot take its entries (a full disk, a file
// gone, replaced or shortened by another program): tells the user once per failure in plain
// words with Retry (when it can help) and Save a Copy…, logs the cause (never contents), and says
// when everything is saved at last. The entries stay in memory and in the chat meanwhile.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { retryCanHelp, saveSessionCopy, unsavedText, type OtherWriterNotice, type SaveState, type Session } from '../../core/session';
import { BurstGate } from '../../core/util/burst';
import { errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import type { Logger } from '../../core/util/logger';
import type { Scope } from '../../core/util/scope';
import type { CurrentSession } from './currentSession';
import { userMessage } from '../errors';

const RETRY = 'Retry';
const SAVE_COPY = 'Save a Copy…';
/** A file replaced again within this time is not announced again. */
const REPLACED_QUIET_MS = 10 * 60_000;

export class UnsavedEntries implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  /** The current failure was told; told again only after a retry or a dismissal. */
  private told = false;
  private replacedGate = new BurstGate(REPLACED_QUIET_MS, Date.now);

  constructor(
    private readonly current: CurrentSession,
    private readonly sessionsDir: () => string,
    private readonly log: Logger,
  ) {
    this.disposables.push(current.follow((event) => event.kind === 'replaced' && this.watch(event.session, event.scope)));
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
  }

  private watch(session: Session | undefined, scope: Scope): void {
    this.told = false;
    this.replacedGate = new BurstGate(REPLACED_QUIET_MS, Date.now);
    if (!session) return;
    scope.add(session.onDidChangeSaveState((state) => this.changed(session, state)));
    scope.add(session.onDidDetectOtherWriter((notice) => this.otherWriter(session, notice)));
  }

  private changed(session: Session, state: SaveState): void {
    if (state.saved) {
      this.log.info(`Session ${session.id}: the entries that waited are written`);
      if (this.told) void vscode.window.showInformationMessage('The session is saved again: every entry is in its file.');
      this.told = false;
      return;
    }
    this.log.warn(`Session ${session.id}: ${state.waiting.length} entr${state.waiting.length === 1 ? 'y waits' : 'ies wait'} to be written (${state.problem}): ${state.detail}`);
    if (this.told) return;
    this.told = true;
    const actions = retryCanHelp(state.problem) ? [RETRY, SAVE_COPY] : [SAVE_COPY];
    void vscode.window.showErrorMessage(plainText(unsavedText(state, 'buttons')), ...actions).then((choice) => this.chosen(session, choice));
  }

  /** A file replaced under the session: said at once, before any write finds it out. */
  private otherWriter(session: Session, notice: OtherWriterNotice): void {
    if (notice.kind !== 'replaced') return;
    this.log.warn(`Session ${session.id}: ${path.basename(notice.file)} was replaced, shortened or rewritten by another program; Arbor writes nothing into it`);
    if (!this.replacedGate.shouldTell()) return;
    void vscode.window
      .showWarningMessage(
        `The session file ${plainText(path.basename(notice.file))} was replaced, shortened or rewritten by another program. Arbor writes nothing into it; this session stays as it is here. Save a Copy… keeps it as a new file.`,
        SAVE_COPY,
      )
      .then((choice) => {
        if (choice === SAVE_COPY) void this.saveCopy(session);
      });
  }

  private async chosen(session: Session, choice: string | undefined): Promise<void> {
    // Dismissed or acted on: the next failure is told again.
    this.told = false;
    if (choice === RETRY) await session.retrySave().catch(() => undefined); // a failure fires the state again
    if (choice === SAVE_COPY) await this.saveCopy(session);
  }

  /** Writes everything in memory to a new file the user names, and continues the session in it. */
  private async saveCopy(session: Session): Promise<void> {
    const name = path.basename(session.file ?? 'session.jsonl', '.jsonl');
    const uri = await vscode.window.showSaveDialog({
      title: 'Save a copy of the session',
      saveLabel: 'Save a Copy',
      defaultUri: vscode.Uri.file(path.join(this.sessionsDir(), `${name}-copy.jsonl`)),
      filters: { 'Session files': ['jsonl'] },
    });
    if (!uri) return;
    try {
      await saveSessionCopy(session, uri.fsPath, new Date());
      await this.current.open(uri.fsPath);
      this.log.info(`Session ${session.id}: saved as a copy in ${uri.fsPath}, which is the current session now`);
      void vscode.window.showInformationMessage(`Saved the session as ${plainText(path.basename(uri.fsPath))}; Arbor continues in it.`);
    } catch (error) {
      const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
      this.log.error(`Session ${session.id}: could not save a copy in ${uri.fsPath}: ${errorMessage(error)}`);
      void vscode.window.showErrorMessage(
        exists ? `${plainText(path.basename(uri.fsPath))} exists already: Arbor never writes over a file. Choose another name.` : plainText(`The copy could not be saved: ${userMessage(error)}`),
        SAVE_COPY,
      ).then((choice) => {
        if (choice === SAVE_COPY) void this.saveCopy(session);
      });
    }
  }
}
