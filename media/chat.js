// @ts-check
// The Chat view's script: renders what the host sends and posts the user's intents back.
// It holds no conversation logic. Message types: src/shared/protocol.ts.

/** @typedef {import('../src/shared/protocol').HostToWebviewMessage} HostToWebviewMessage */
/** @typedef {import('../src/shared/protocol').WebviewToHostMessage} WebviewToHostMessage */
/** @typedef {import('../src/shared/protocol').ChatState} ChatState */
/** @typedef {import('../src/shared/protocol').ChatItem} ChatItem */

(function () {
  const vscode = acquireVsCodeApi();

  /** @param {WebviewToHostMessage} message */
  function post(message) {
    vscode.postMessage(message);
  }

  // Report our own failures to the host's log (and so to the tests) instead of losing them.
  window.addEventListener('error', (event) => post({ type: 'webviewError', message: `${event.message} (${event.filename}:${event.lineno})` }));
  window.addEventListener('unhandledrejection', (event) => post({ type: 'webviewError', message: `Unhandled rejection: ${String(event.reason)}` }));
  document.addEventListener('securitypolicyviolation', (event) =>
    post({ type: 'webviewError', message: `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline content'}` }),
  );

  const conversation = /** @type {HTMLElement} */ (document.getElementById('conversation'));
  const composer = /** @type {HTMLFormElement} */ (document.getElementById('composer'));
  const prompt = /** @type {HTMLTextAreaElement} */ (document.getElementById('prompt'));

  const kindLabels = /** @type {Record<ChatItem['kind'], string>} */ ({
    user: 'You',
    assistant: 'Assistant',
    toolResult: 'Tool result',
    bash: 'Shell',
    custom: 'Note',
    compaction: 'Compaction summary',
    branchSummary: 'Branch summary',
  });

  /** @param {ChatState} state */
  function render(state) {
    conversation.replaceChildren();
    if (!state.session) {
      const empty = element('p', 'empty-state', 'No session open — use Arbor: Open Session… to open a session file.');
      conversation.append(empty);
      return;
    }
    conversation.append(element('h2', 'session-title', state.session.title));
    for (const item of state.session.items) {
      const article = element('article', `message message-${item.kind}`);
      article.dataset.entryId = item.id;
      article.append(element('header', 'message-role', kindLabels[item.kind]));
      if (item.detail) article.append(element('div', 'message-detail', item.detail));
      article.append(element('div', 'message-text', item.text));
      conversation.append(article);
    }
    conversation.lastElementChild?.scrollIntoView({ block: 'end' });
  }

  /** @param {import('../src/shared/protocol').NoticeMessage} notice */
  function showNotice(notice) {
    conversation.append(element('p', `notice notice-${notice.level}`, notice.text));
    conversation.lastElementChild?.scrollIntoView({ block: 'end' });
  }

  /**
   * Text only: nothing the host sends is ever parsed as HTML.
   * @param {string} tag @param {string} className @param {string} [text]
   */
  function element(tag, className, text) {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  window.addEventListener('message', (event) => {
    const message = /** @type {HostToWebviewMessage} */ (event.data);
    switch (message.type) {
      case 'state':
        vscode.setState({ draft: prompt.value });
        render(message.state);
        break;
      case 'notice':
        showNotice(message);
        break;
    }
  });

  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = prompt.value.trim();
    if (!text) return;
    post({ type: 'prompt', text });
    prompt.value = '';
    vscode.setState({ draft: '' });
  });
  prompt.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      composer.requestSubmit();
    }
  });
  prompt.addEventListener('input', () => vscode.setState({ draft: prompt.value }));

  const saved = /** @type {{ draft?: string } | undefined} */ (vscode.getState());
  prompt.value = saved?.draft ?? '';
  post({ type: 'ready' });
})();
