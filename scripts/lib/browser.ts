// Chromium (the system's, /usr/bin/chromium) driven by playwright-core, opening code-server's
// workbench. Requests to anything but 127.0.0.1 are aborted: the tests never leave this machine.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onInterrupt } from './processGroup';
import { CHROMIUM_PATH } from './paths';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  // Chromium's crash reporter and caches would otherwise land in ~/.config and ~/.cache.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-chromium-'));
  // Our own interrupt handling closes it (see processGroup.ts), so playwright's is off.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    env: { ...process.env, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_CACHE_HOME: path.join(home, 'cache') },
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const removeHome = () => fs.rmSync(home, { recursive: true, force: true });
  const interrupt = onInterrupt(async () => {
    await browser.close();
    removeHome();
  });
  browser.once('disconnected', () => {
    interrupt.dispose();
    removeHome();
  });
  return browser;
}

/** A laptop's browser window (1600×1000): the size the e2e suite and the browser benches run at. */
export async function newLocalContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.route('**/*', (route) => (isLocal(route.request().url()) ? route.continue() : route.abort('blockedbyclient')));
  return context;
}

/** Loads the workbench at `url` in `page` and waits until it has rendered. */
export async function openWorkbench(page: Page, url: string, timeoutMs = 90_000): Promise<void> {
  await page.goto(url, { timeout: timeoutMs });
  await page.locator('.monaco-workbench').waitFor({ timeout: timeoutMs });
}

export function isLocal(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol !== 'http:' && protocol !== 'https:' && protocol !== 'ws:' && protocol !== 'wss:') return true;
    return hostname === '127.0.0.1' || hostname === 'localhost';
  } catch {
    return false;
  }
}
