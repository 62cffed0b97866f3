// Watches the browser console while the tests drive the workbench. Without a network, VS Code
// logs failed look-ups (marketplace, telemetry, GitHub sign-in): that noise is filtered. A CSP
// violation anywhere, a failed load of one of Arbor's own files (its webview's script and
// stylesheet, anything from its media/ or dist/ folder), or an error that comes from Arbor's own
// code, is a problem the test fails on.
import type { ConsoleMessage, Page } from 'playwright-core';

export interface ConsoleProblem {
  kind: 'csp-violation' | 'arbor-resource' | 'arbor-error';
  text: string;
  location: string;
}

/** What an offline workbench prints that says nothing about Arbor. */
const NOISE = [
  /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_BLOCKED_BY_CLIENT|ERR_CONNECTION_REFUSED|net::ERR_FAILED/,
  /open-vsx|marketplace|gallery|extensionquery|vscode-unpkg|vscode-cdn|update\.code\.visualstudio/i,
  /telemetry|applicationinsights|dc\.services/i,
  /github|authentication|microsoft-authentication|copilot/i,
  /Failed to load resource/,
];

/** Marks of Arbor's code: its extension folder, its webview (by extension id) or its log lines. */
const ARBOR = /arbor-dev\.arbor(?!-test-runner)|extensionId=arbor-dev\.arbor\b|\bArbor\b/;

/**
 * Words for a request that did not complete: the browser's (a status ≥ 400, or a network error)
 * and the workbench's own log line when a webview asks for a local file that cannot be read.
 */
const FAILED_LOAD = /Failed to load resource|net::ERR_\w+|loadLocalResource - Error/;

/**
 * A URL of one of Arbor's own files: a path inside its installed folder
 * (`…/arbor-dev.arbor-0.1.0/media/chat.js`, possibly inside a `vscode-resource`/`vscode-cdn` URL or
 * a `vscode-remote-resource?path=…` query), or the document of its webview (`extensionId=…`).
 */
const ARBOR_RESOURCE = /\/arbor-dev\.arbor-\d[^/\s]*\/(?:media|dist)\/|[?&]extensionId=arbor-dev\.arbor(?![\w.-])/;

/** Query strings carry paths percent-encoded (`%2F`): match them decoded too. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * What a console message means for the test: a problem of some kind, or undefined when it says
 * nothing about Arbor. Pure, so the filter is unit-tested with real messages both ways.
 */
export function classifyConsoleMessage(type: string, text: string, location: string): ConsoleProblem['kind'] | undefined {
  const where = `${text} ${location}`;
  if (/Content[- ]Security[- ]Policy/i.test(text)) return 'csp-violation';
  // Checked before the noise: "Failed to load resource" and vscode-cdn are noise only when the
  // file is someone else's.
  if (FAILED_LOAD.test(text) && ARBOR_RESOURCE.test(decoded(where))) return 'arbor-resource';
  if (type === 'error' && ARBOR.test(where) && !NOISE.some((noise) => noise.test(where))) return 'arbor-error';
  return undefined;
}

export class ConsoleWatch {
  private readonly found: ConsoleProblem[] = [];
  private readonly ignored: string[] = [];

  constructor(page: Page) {
    page.on('console', (message) => this.onConsole(message));
    page.on('pageerror', (error) => this.classify('error', `${error.name}: ${error.message}\n${error.stack ?? ''}`, ''));
  }

  /** Problems seen since the last call (and forgets them). */
  takeProblems(): ConsoleProblem[] {
    return this.found.splice(0);
  }

  /** Messages filtered as noise or as not Arbor's, for debugging (ARBOR_E2E_VERBOSE=1 prints them). */
  get ignoredMessages(): readonly string[] {
    return this.ignored;
  }

  private onConsole(message: ConsoleMessage): void {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const { url, lineNumber } = message.location();
    this.classify(message.type(), message.text(), url ? `${url}:${lineNumber}` : '');
  }

  private classify(type: string, text: string, location: string): void {
    const kind = classifyConsoleMessage(type, text, location);
    if (kind) {
      this.found.push({ kind, text, location });
      return;
    }
    const line = `[${type}] ${text} ${location}`.trim();
    this.ignored.push(line);
    if (process.env.ARBOR_E2E_VERBOSE === '1') console.log(`    (console, ignored) ${line}`);
  }
}
