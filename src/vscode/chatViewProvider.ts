// The Chat webview view: renders what the host sends, posts the user's intents back.
// Strict CSP (nothing but our own stylesheet and one nonce'd script from media/), and a ready
// handshake: messages wait in a queue until the webview says it listens.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { describeEntry, type Session } from '../core/session';
import { isWebviewToHostMessage, type ChatItem, type ChatState, type HostToWebviewMessage, type WebviewToHostMessage } from '../shared/protocol';
import type { CurrentSession } from './currentSession';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewType = 'arbor.chat';

  private view: vscode.WebviewView | undefined;
  private ready = false;
  private queue: HostToWebviewMessage[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private viewDisposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly current: CurrentSession,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(current.onDidChange(() => this.post({ type: 'state', state: this.state() })));
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.disposeView();
    this.view = view;
    this.ready = false;
    const mediaRoot = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [mediaRoot] };
    view.webview.html = this.html(view.webview, mediaRoot);
    this.viewDisposables.push(
      view.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      view.onDidDispose(() => this.disposeView()),
    );
  }

  dispose(): void {
    this.disposeView();
    this.disposables.forEach((disposable) => disposable.dispose());
  }

  private post(message: HostToWebviewMessage): void {
    if (this.view && this.ready) {
      void this.view.webview.postMessage(message);
    } else if (message.type !== 'state') {
      // A state sent before `ready` is stale by then: the reply to `ready` carries the current one.
      this.queue.push(message);
    }
  }

  private receive(message: unknown): void {
    if (!isWebviewToHostMessage(message)) {
      this.log.warn(`Chat view sent an unexpected message: ${JSON.stringify(message)}`);
      return;
    }
    this.handle(message);
  }

  private handle(message: WebviewToHostMessage): void {
    switch (message.type) {
      case 'ready': {
        this.ready = true;
        const pending = this.queue;
        this.queue = [];
        this.post({ type: 'state', state: this.state() });
        pending.forEach((queued) => this.post(queued));
        return;
      }
      case 'prompt':
        this.log.info(`Prompt received from the chat view (${message.text.length} characters)`);
        this.post({
          type: 'notice',
          level: 'warning',
          text: 'This version of Arbor cannot send prompts yet: the agent is not connected. Your text was not sent anywhere.',
        });
        return;
      case 'webviewError':
        this.log.error(`Chat view: ${message.message}`);
        return;
    }
  }

  private state(): ChatState {
    const session = this.current.session;
    return { session: session ? { title: titleOf(session), file: session.file ?? '', items: chatItems(session) } : undefined };
  }

  private html(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'chat.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'chat.css'));
    const csp = [`default-src 'none'`, `style-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${csp}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link href="${style.toString()}" rel="stylesheet">
  <title>Arbor Chat</title>
</head>
<body>
  <main id="conversation" aria-live="polite"></main>
  <form id="composer">
    <textarea id="prompt" rows="3" placeholder="Ask Arbor…" aria-label="Prompt"></textarea>
    <button id="send" type="submit">Send</button>
  </form>
  <script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
  }

  private disposeView(): void {
    this.viewDisposables.forEach((disposable) => disposable.dispose());
    this.viewDisposables = [];
    this.view = undefined;
    this.ready = false;
  }
}

function titleOf(session: Session): string {
  return session.sessionName ?? session.file?.split(/[\\/]/).pop() ?? session.id;
}

/** The entries on the current branch that the chat shows, in order. */
function chatItems(session: Session): ChatItem[] {
  const items: ChatItem[] = [];
  for (const entry of session.getBranch()) {
    const { kind, text, detail } = describeEntry(entry);
    if (kind) items.push({ id: entry.id, kind, text, ...(detail ? { detail } : {}) });
  }
  return items;
}
