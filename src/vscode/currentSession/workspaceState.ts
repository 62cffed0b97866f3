// Which session this window had open, kept in the workspace's state so that a window reload
// reopens it. The position comes back from the file itself (the engine writes position markers).
import type * as vscode from 'vscode';

const CURRENT_SESSION_KEY = 'arbor.currentSessionFile';

export class SessionMemory {
  constructor(private readonly state: vscode.Memento) {}

  recall(): string | undefined {
    const file = this.state.get<unknown>(CURRENT_SESSION_KEY);
    return typeof file === 'string' && file !== '' ? file : undefined;
  }

  remember(file: string | undefined): Thenable<void> {
    return this.state.update(CURRENT_SESSION_KEY, file);
  }
}
