// Watches the browser console while the tests drive the workbench. Without a network, VS Code
// logs failed look-ups (marketplace, telemetry, GitHub sign-in): that noise is filtered. A CSP
// violation anywhere, or an error that comes from Arbor's own code, is a problem the test fails on.
import type { ConsoleMessage, Page } from 'playwright-core';

export interface ConsoleProblem {
  kind: 'csp-violation' | 'arbor-error';
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
    const where = `${text} ${location}`;
    if (/Content[- ]Security[- ]Policy/i.test(text)) {
      this.found.push({ kind: 'csp-violation', text, location });
    } else if (type === 'error' && ARBOR.test(where) && !NOISE.some((noise) => noise.test(where))) {
      this.found.push({ kind: 'arbor-error', text, location });
    } else {
      this.ignored.push(`[${type}] ${text} ${location}`.trim());
      if (process.env.ARBOR_E2E_VERBOSE === '1') console.log(`    (console, ignored) [${type}] ${text}`);
    }
  }
}
