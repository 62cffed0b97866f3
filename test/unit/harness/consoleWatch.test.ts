// The e2e console filter, on messages recorded from a real run (code-server 4.139, Chromium):
// what it must report, and the offline noise it must let pass.
import { strict as assert } from 'node:assert';
import { classifyConsoleMessage } from '../../e2e/support/consoleWatch';

const WORKBENCH = 'http://127.0.0.1:37141/stable-53c2f3253bcf32886706fc023e794bbeb253c90f/static/out/vs/code/browser/workbench/workbench.js:38';
const EXTENSION = '/tmp/arbor-vscode-zdowSx/extensions/arbor-dev.arbor-0.1.0';

describe('the e2e console filter', () => {
  it("reports a failed load of Arbor's own files, even behind vscode-cdn and percent-encoded URLs", () => {
    const cases: [string, string, string][] = [
      // The browser's 404 of a webview resource (vscode-cdn URL naming Arbor's folder).
      [
        'Failed to load resource: the server responded with a status of 404 ()',
        `https://vscode-remote+127-002e0-002e0-002e1-003a37141.vscode-resource.vscode-cdn.net${EXTENSION}/media/missing-for-test.css:0`,
        'error',
      ],
      // The workbench's own line for the same failure.
      [
        `%c  ERR color: #f33 Webview.loadLocalResource - Error using fileReader. requestUri=vscode-remote://127.0.0.1:37141${EXTENSION}/media/missing-for-test.css, resourceToLoad=vscode-remote://127.0.0.1:37141/vscode-resource?%7B%22requestResourcePath%22%3A%22${encodeURIComponent(EXTENSION)}%2Fmedia%2Fmissing-for-test.css%22%7D`,
        WORKBENCH,
        'error',
      ],
      // A bundle in dist/ asked for through the remote-resource route, its path only percent-encoded.
      [
        'Failed to load resource: net::ERR_FAILED',
        `http://127.0.0.1:37141/vscode-remote-resource?path=${encodeURIComponent(`${EXTENSION}/dist/webview.js`)}&tkn=x:0`,
        'error',
      ],
      // Reported as a warning by some Chromium versions: still Arbor's file.
      ['Failed to load resource: the server responded with a status of 404 ()', `https://x.vscode-resource.vscode-cdn.net${EXTENSION}/media/chat.js:0`, 'warning'],
    ];
    for (const [text, location, type] of cases) assert.equal(classifyConsoleMessage(type, text, location), 'arbor-resource', `${text} ${location}`);
  });

  it('reports CSP violations anywhere and errors from Arbor\'s code', () => {
    assert.equal(
      classifyConsoleMessage('error', `Refused to load the script 'https://cdn.example/x.js' because it violates the following Content Security Policy directive: "script-src 'nonce-abc'".`, ''),
      'csp-violation',
    );
    assert.equal(classifyConsoleMessage('error', `TypeError: Cannot read properties of undefined (reading 'role')\n    at render (${EXTENSION}/media/chat.js:120:7)`, ''), 'arbor-error');
  });

  it('lets the offline workbench noise and other extensions\' files pass', () => {
    const cases: [string, string][] = [
      ['Failed to load resource: the server responded with a status of 404 (Not Found)', 'http://127.0.0.1:37141/stable-53c2f3253bcf32886706fc023e794bbeb253c90f/static/node_modules/vsda/rust/web/vsda_bg.wasm:0'],
      ['Failed to load resource: net::ERR_BLOCKED_BY_CLIENT.Inspector', 'https://open-vsx.org/vscode/gallery/extensionquery:0'],
      ["%c  ERR color: #f33 Error: Timed out waiting for authentication provider 'github' to register.", WORKBENCH],
      ['%c  ERR color: #f33 Failed: getaddrinfo ENOTFOUND open-vsx.org', WORKBENCH],
      // The test-runner extension's files are not Arbor's.
      ['Failed to load resource: the server responded with a status of 404 ()', 'https://x.vscode-resource.vscode-cdn.net/tmp/e/extensions/arbor-dev.arbor-test-runner-0.0.1/dist/runner.js:0'],
      // Another extension's webview resource.
      ['Failed to load resource: the server responded with a status of 404 ()', 'https://x.vscode-resource.vscode-cdn.net/tmp/e/extensions/vscode.markdown-language-features-1.0.0/media/index.js:0'],
    ];
    for (const [text, location] of cases) assert.equal(classifyConsoleMessage('error', text, location), undefined, `${text} ${location}`);
  });
});
