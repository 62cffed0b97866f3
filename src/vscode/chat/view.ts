// The chat's webview view: its page, the ready handshake and the messages both ways. Messages
// wait in a queue until the webview listens; every `ready` (first load, shown again after being
// hidden, window reload) is answered by the parts that re-send what they show, so what that reply
// carries is never queued (it would be stale by then). The webview's messages are checked, then
// routed; a failure becomes a notice.
import * as vscode from 'vscode';
import { errorMessage } from '../../core/util/errors';
import { isWebviewToHostMessage } from '../../shared/messageGuard';
import type { HostToWebviewMessage, NoticeAction, WebviewToHostMessage } from '../../shared/protocol';
import { userMessage } from '../errors';
import { chatHtml } from './html';
import type { Logger } from '../../core/util/logger';

/** What a message sent before `ready` becomes: re-sent by the reply to `ready`, dropped (the reply's `reset` has it), or queued. */
/** How long a barrier waits for the webview's answer (a busy or closing view does not hold anyone up longer). */
const BARRIER_TIMEOUT_MS = 1000;

const BEFORE_READY: Record<HostToWebviewMessage['type'], 'resent' | 'dropped' | 'queued'> = {
  reset: 'resent',
  status: 'resent',
  approval: 'resent',
  moveNote: 'resent',
  contextFiles: 'resent',
  totals: 'resent',
  activeEditor: 'resent',
  // The reply to `ready` carries the draft; what is left of a draft message is its focus (below).
  draft: 'resent',
  prepend: 'dropped',
  pin: 'dropped',
  contextMarks: 'dropped',
  delta: 'dropped',
  append: 'dropped',
  tool: 'dropped',
  replyStart: 'dropped',
  replyReset: 'dropped',
  // A reloaded webview shows nothing sent before it loaded.
  promptSettled: 'dropped',
  // Unanswered while the view is not listening: the asker's wait ends by its timeout.
  inputBarrier: 'dropped',
  turnFiles: 'queued',
  approvalDone: 'queued',
  notice: 'queued',
  focusInput: 'queued',
  reveal: 'queued',
  mentionResults: 'queued',
  insertText: 'queued',
};

export type Notice = (level: 'info' | 'warning' | 'error', text: string, action?: NoticeAction) => void;

export interface ChatViewOptions {
  extensionUri: vscode.Uri;
  log: Logger;
  /** One of the webview's messages, checked: the protocol switch. */
  route(message: WebviewToHostMessage): Promise<void>;
  /** The webview listens (again): every part re-sends what it shows. */
  onReady(): void;
}

export class ChatView implements vscode.Disposable {
  static readonly viewType = 'arbor.chat';

  private view: vscode.WebviewView | undefined;
  private ready = false;
  private queue: HostToWebviewMessage[] = [];
  private barrierId = 0;
  /** The barriers posted and not answered yet, by id. */
  private readonly barriers = new Map<number, () => void>();
  private viewDisposables: vscode.Disposable[] = [];

  constructor(private readonly options: ChatViewOptions) {}

  resolve(view: vscode.WebviewView): void {
    this.disposeView();
    this.view = view;
    const mediaRoot = vscode.Uri.joinPath(this.options.extensionUri, 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [mediaRoot] };
    view.webview.html = chatHtml(view.webview, mediaRoot);
    this.viewDisposables.push(
      view.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      // Hidden views lose their webview's script state: the next `ready` restores it.
      view.onDidChangeVisibility(() => {
        if (!view.visible) this.ready = false;
      }),
      view.onDidDispose(() => this.disposeView()),
    );
  }

  post(message: HostToWebviewMessage): void {
    if (this.view && this.ready) {
      void this.view.webview.postMessage(message);
      return;
    }
    const before = BEFORE_READY[message.type];
    if (message.type === 'draft' && message.focus) this.queue.push({ type: 'focusInput' });
    if (before === 'queued') this.queue.push(message);
  }

  /**
   * Resolves once the webview has answered a barrier, so everything it posted before (a click in
   * the input) has been routed; at once when it is not listening, and after a second at most.
   */
  barrier(): Promise<void> {
    if (!this.view || !this.ready) return Promise.resolve();
    const id = ++this.barrierId;
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.barriers.delete(id);
        resolve();
      };
      const timer = setTimeout(done, BARRIER_TIMEOUT_MS);
      this.barriers.set(id, done);
      this.post({ type: 'inputBarrier', id });
    });
  }

  readonly notice: Notice = (level, text, action) => {
    this.post({ type: 'notice', level, text, ...(action ? { action } : {}) });
  };

  /** The view's title bar names the session (its `session_info` name), as the Sessions view does. */
  setTitle(name: string | undefined): void {
    if (this.view) this.view.description = name;
  }

  /** Brings the chat into sight (a waiting approval), without taking the focus from where it is when it is shown. */
  show(): void {
    if (this.view) this.view.show(true);
    else void this.focus();
  }

  /** Reveals the chat, its view taking the focus. */
  async focus(): Promise<void> {
    await vscode.commands.executeCommand(`${ChatView.viewType}.focus`);
  }

  dispose(): void {
    this.disposeView();
  }

  private receive(message: unknown): void {
    const { log } = this.options;
    if (!isWebviewToHostMessage(message)) {
      log.warn(`Chat view sent an unexpected message (type ${typeof message === 'object' && message !== null ? String((message as { type?: unknown }).type) : typeof message})`);
      return;
    }
    void this.handle(message).catch((error: unknown) => {
      log.error(`Chat view ${message.type}: ${errorMessage(error)}`);
      this.notice('error', userMessage(error));
    });
  }

  private async handle(message: WebviewToHostMessage): Promise<void> {
    if (message.type === 'inputBarrier') return this.barriers.get(message.id)?.();
    if (message.type !== 'ready') return this.options.route(message);
    this.ready = true;
    this.options.onReady();
    const queued = this.queue;
    this.queue = [];
    queued.forEach((queuedMessage) => this.post(queuedMessage));
  }

  private disposeView(): void {
    this.viewDisposables.forEach((disposable) => disposable.dispose());
    this.viewDisposables = [];
    this.view = undefined;
    this.ready = false;
  }
}
