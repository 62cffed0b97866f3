// The input: Enter sends (and clears), Shift+Enter is a new line; Send (disabled while there is
// nothing to send), and Stop while running. Up on the input's first line walks back through the
// session's earlier prompts and Down walks forward again, back to the draft (promptHistory.ts).
// The draft survives the view being hidden or the window reloading: the host keeps it, per session.
// `/` at the start opens the list of Arbor's commands (slashCommands.ts), which takes its keys first.
import { insertAtCaret } from '../core/chat/editorContext';
import { PromptHistory } from './promptHistory';
import { SlashCommandList } from './slashCommands';

export interface ComposerHooks {
  send(text: string): void;
  stop(): void;
  draftChanged(text: string): void;
  /** The session's prompts so far, oldest first (what Up recalls). */
  prompts(): readonly string[];
  /** A list open over the input (the `@` completion) takes its keys first: true when it took this one. */
  interceptKey?(event: KeyboardEvent): boolean;
}

export class Composer {
  readonly input = document.getElementById('prompt') as HTMLTextAreaElement;
  private readonly form = document.getElementById('composer') as HTMLFormElement;
  private readonly sendButton = document.getElementById('send') as HTMLButtonElement;
  private readonly stopButton = document.getElementById('stop') as HTMLButtonElement;
  private readonly history: PromptHistory;
  private readonly slash = new SlashCommandList(this.input, () => this.typed());

  constructor(private readonly hooks: ComposerHooks) {
    this.history = new PromptHistory(() => hooks.prompts());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    this.input.addEventListener('keydown', (event) => this.onKey(event));
    this.input.addEventListener('input', () => this.typed());
    this.stopButton.addEventListener('click', () => hooks.stop());
    window.addEventListener('resize', () => this.fit());
    this.refresh();
  }

  setText(text: string): void {
    this.history.stop();
    this.show(text);
    this.slash.update();
  }

  /** Puts `text` in at the caret (in place of a selection), leaving the rest of the draft as it is. */
  insert(text: string): void {
    this.history.stop();
    const { value, selectionStart, selectionEnd } = this.input;
    const inserted = insertAtCaret(value, selectionStart, selectionEnd, text);
    this.show(inserted.text);
    this.input.focus();
    this.input.setSelectionRange(inserted.caret, inserted.caret);
  }

  focus(): void {
    this.input.focus();
    this.input.setSelectionRange(this.input.value.length, this.input.value.length);
  }

  setRunning(running: boolean): void {
    this.stopButton.hidden = !running;
  }

  private onKey(event: KeyboardEvent): void {
    if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey || this.slash.handleKey(event)) return;
    if (this.hooks.interceptKey?.(event)) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      this.submit();
    } else if (event.key === 'ArrowUp' && !event.shiftKey && this.caretOnFirstLine()) {
      const older = this.history.older(this.input.value);
      // At the oldest prompt Up stays there (rather than moving the caret out of the walk).
      if (older === undefined && !this.history.walking) return;
      event.preventDefault();
      if (older !== undefined) this.recall(older, 0);
    } else if (event.key === 'ArrowDown' && !event.shiftKey && this.history.walking && this.caretOnLastLine()) {
      event.preventDefault();
      const newer = this.history.newer();
      if (newer !== undefined) this.recall(newer, newer.length);
    }
  }

  /** The text is the user's (typed, or a command completed from the list). */
  private typed(): void {
    this.history.stop();
    this.changed();
    this.slash.update();
  }

  /** Shows a recalled prompt (or the draft again), the caret where the next key continues the walk. */
  private recall(text: string, caret: number): void {
    this.show(text);
    this.input.setSelectionRange(caret, caret);
  }

  private caretOnFirstLine(): boolean {
    const { selectionStart, selectionEnd, value } = this.input;
    return selectionStart === selectionEnd && !value.slice(0, selectionStart).includes('\n');
  }

  private caretOnLastLine(): boolean {
    const { selectionStart, selectionEnd, value } = this.input;
    return selectionStart === selectionEnd && !value.slice(selectionEnd).includes('\n');
  }

  private show(text: string): void {
    this.input.value = text;
    this.changed();
  }

  /** The draft saved is what the user typed, also while a recalled prompt is shown. */
  private changed(): void {
    this.refresh();
    this.hooks.draftChanged(this.history.walking ? this.history.draft : this.input.value);
  }

  private refresh(): void {
    this.fit();
    this.sendButton.disabled = this.input.value.trim() === '';
  }

  private submit(): void {
    const text = this.input.value;
    if (text.trim() === '') return;
    // Cleared first: the host hears the empty draft before the message, so a session the message
    // creates does not take the sent text over as its draft.
    this.setText('');
    this.hooks.send(text);
  }

  /** Grows with its text up to a third of the view (two lines at least), so Send stays in a short view too. */
  private fit(): void {
    this.input.style.height = 'auto';
    this.input.style.height = `${Math.min(this.input.scrollHeight + 2, Math.max(36, window.innerHeight / 3))}px`;
  }
}
