// The Chat webview's page: a strict CSP (nothing but our own files from media/, images also as
// `data:`, one script by nonce, no inline styles or eval), and the composer's skeleton in the HTML so
// the input is there before the script has run.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export const PROMPT_PLACEHOLDER = 'Ask Arbor… (Enter to send, Shift+Enter for a new line)';

export function chatHtml(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
  const nonce = randomBytes(16).toString('base64');
  const uri = (...parts: string[]): string => webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, ...parts)).toString();
  const source = webview.cspSource;
  const csp = [`default-src 'none'`, `img-src ${source} data:`, `style-src ${source}`, `font-src ${source}`, `script-src 'nonce-${nonce}'`].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${csp}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link href="${uri('codicon.css')}" rel="stylesheet">
  <link href="${uri('chat.css')}" rel="stylesheet">
  <title>Arbor Chat</title>
</head>
<body>
  <div id="app">
    <div id="conversation" class="conversation" role="log" aria-label="Conversation" tabindex="0"></div>
    <div id="live" class="visually-hidden" aria-live="polite"></div>
    <div id="approvals" class="approvals"></div>
    <div id="notices" class="notices" role="status"></div>
    <div id="queue" class="queue" hidden></div>
    <div id="stash" class="stash" role="status" hidden></div>
    <form id="composer" class="composer">
      <textarea id="prompt" rows="3" placeholder="${PROMPT_PLACEHOLDER}" aria-label="Message to Arbor (Enter to send, Shift+Enter for a new line)"></textarea>
      <div class="composer-actions">
        <span id="status-line" class="status-line"></span>
        <button id="stop" type="button" class="button secondary" hidden><span class="codicon codicon-debug-stop" aria-hidden="true"></span> Stop</button>
        <button id="send" type="submit" class="button"><span class="codicon codicon-send" aria-hidden="true"></span> Send</button>
      </div>
    </form>
    <div id="project-line" class="project-line" hidden></div>
  </div>
  <script nonce="${nonce}" src="${uri('chat.js')}"></script>
</body>
</html>`;
}
