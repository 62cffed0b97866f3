// The chat's note after a move (its words decided by core/navigation's moveNote): shown above the
// input until the next send, a dismissal or another session; shown again when the view reloads.
// Its Back moves to where the position was before the move, with no summary question: the note
// only stands while nothing was sent since the move, so going back leaves nothing of the user's.
// When the move restored files, its Undo Restore runs the command of that name (the files as they
// were before the restore; the conversation stays).
import * as vscode from 'vscode';
import { lastRestore } from '../../core/checkpoints';
import { moveNote, type MoveNote } from '../../core/sessionTree';
import type { Session } from '../../core/session';
import type { MoveNoteMessage } from '../../shared/protocol';
import type { MoveEvent } from '../../core/agent';
import { move, type MoveDeps } from '../agent/moves';
import { COMMAND } from '../../shared/commands';

interface Shown {
  session: Session;
  from: string | null;
  note: MoveNote;
}

export class ChatMoveNote {
  private shown: Shown | undefined;

  private readonly host: MoveDeps['host'];

  constructor(
    /** Back's move: its files question and restore, and where it is told (the chat's input, back here). */
    private readonly moves: MoveDeps,
    private readonly post: (message: MoveNoteMessage) => void,
  ) {
    this.host = moves.host;
  }

  /** A move was made in the current session: the note says where it left the position. */
  moved(event: MoveEvent): void {
    const session = this.host.session;
    if (!session) return this.clear();
    const note = moveNote(session.tree, event.report);
    this.shown = { session, from: event.report.from, note };
    this.repost();
  }

  /** The note again (the webview reloaded). */
  repost(): void {
    const shown = this.shown;
    if (shown) this.post({ type: 'moveNote', note: shown.note });
  }

  /** Sent, dismissed, another session, a move no note describes: the note goes. */
  clear(): void {
    if (!this.shown) return;
    this.shown = undefined;
    this.post({ type: 'moveNote' });
  }

  /** Undo Restore: once the files are back, the note says so and no longer offers it (cancelled or refused: it stays). */
  async undoRestore(): Promise<void> {
    const shown = this.shown;
    const session = this.host.session;
    if (!shown?.note.undoRestore || session !== shown.session) return;
    const before = lastRestore(session, session.leafId)?.id;
    await vscode.commands.executeCommand(COMMAND.undoRestore);
    const after = lastRestore(session, session.leafId)?.id;
    if (this.shown !== shown || after === before) return;
    const { undoRestore: _offered, ...note } = shown.note;
    shown.note = { ...note, happened: 'Restore undone: the files are back as they were before the move.' };
    this.repost();
  }

  /** Back: to the position before the move, when it is still in the session shown. */
  async back(): Promise<void> {
    const shown = this.shown;
    const session = this.host.session;
    if (!shown?.note.back || session !== shown.session) return this.clear();
    if (shown.from !== null && !session.getEntry(shown.from)) return this.clear();
    // Back is a move like any other for the files: their question comes, and Escape stays.
    await move(this.moves, session, { kind: 'back', to: shown.from }, 'Back');
  }
}
