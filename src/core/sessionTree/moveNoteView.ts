// The note after a move as the chat draws it: plain data, no imports (the webview's build reads it too).

export interface MoveNote {
  /** What happened, when a move did more than move (or undid something); plain text. */
  happened?: string;
  /** Where the position is and what Send does next; plain text. */
  position: string;
  /** "Back" is offered: it returns to the position before the move. */
  back: boolean;
  /** "Undo Restore" is offered: the move restored files, and this brings back the files as they were before it. */
  undoRestore?: boolean;
}
