// The input: Enter sends (and clears), Shift+Enter is a new line; Send, and Stop while running.
// The draft survives the view being hidden or the window reloading (the webview's saved state).

export interface ComposerHooks {
  send(text: string): void;
  stop(): void;
  draftChanged(text: string): void;
}

export class Composer {
  readonly input = document.getElementById('prompt') as HTMLTextAreaElement;
  private readonly form = document.getElementById('composer') as HTMLFormElement;
  private readonly stopButton = document.getElementById('stop') as HTMLButtonElement;

  constructor(private readonly hooks: ComposerHooks) {
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      }
    });
    this.input.addEventListener('input', () => {
      this.fit();
      hooks.draftChanged(this.input.value);
    });
    this.stopButton.addEventListener('click', () => hooks.stop());
  }

  setText(text: string): void {
    this.input.value = text;
    this.fit();
    this.hooks.draftChanged(text);
  }

  focus(): void {
    this.input.focus();
    this.input.setSelectionRange(this.input.value.length, this.input.value.length);
  }

  setRunning(running: boolean): void {
    this.stopButton.hidden = !running;
  }

  private submit(): void {
    const text = this.input.value;
    if (text.trim() === '') return;
    this.hooks.send(text);
    this.setText('');
  }

  /** Grows with its text up to a third of the view. */
  private fit(): void {
    this.input.style.height = 'auto';
    this.input.style.height = `${Math.min(this.input.scrollHeight + 2, Math.max(80, window.innerHeight / 3))}px`;
  }
}
