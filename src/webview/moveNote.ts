// The note above the input after a move: what happened, where the position is and what Send does
// next (plain text from core's moveNote), Undo Restore (when the move restored files), Back and
// Dismiss. It goes on the next send.
import type { MoveNoteMessage } from '../shared/protocol';
import { actionButton, h, icon } from './render/dom';

export class MoveNoteView {
  constructor(private readonly host: HTMLElement) {
    host.hidden = true;
  }

  show(message: MoveNoteMessage): void {
    const note = message.note;
    if (!note) return this.hide();
    this.host.replaceChildren(
      h('div', { class: 'move-note', attrs: { role: 'status' } }, [
        icon('git-branch'),
        h('span', { class: 'move-note-text', attrs: { title: [note.happened, note.position].filter(Boolean).join(' ') } }, [note.happened ? h('span', { class: 'move-note-happened', text: `${note.happened} ` }) : undefined, h('span', { class: 'move-note-position', text: note.position })]),
        note.undoRestore ? actionButton('move-undo-restore', 'Undo Restore', 'discard') : undefined,
        note.back ? actionButton('move-back', 'Back', 'arrow-left') : undefined,
        actionButton('move-dismiss', 'Dismiss', 'close', {}, false),
      ]),
    );
    this.host.hidden = false;
  }

  hide(): void {
    this.host.replaceChildren();
    this.host.hidden = true;
  }
}

/** In place of the welcome when the session has messages but the position is before all of them. */
export function sessionStartNote(): HTMLElement {
  return h('div', { class: 'empty-state session-start', attrs: { role: 'note' } }, [
    h('p', { text: 'The position is before the first message of this session: the next Send starts a new first message (a new root branch) here. The earlier messages stay in the Session Tree.' }),
  ]);
}
