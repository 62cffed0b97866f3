// Page helpers for driving Arbor in a real VS Code workbench (code-server + Chromium): open the
// Arbor container, find the chat webview's frame, type and send, read what it rendered, run a
// command from the palette, read the Session Tree's rows and the status bar, save screenshots.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { launchBrowser, newLocalContext, openWorkbench } from '../../../scripts/lib/browser';
import { startCodeServer, type CodeServerOptions, type RunningCodeServer } from '../../../scripts/lib/codeServer';
import { e2eScreenshotsDir, fixturesDir } from '../../../scripts/lib/paths';
import { arborVsixForTests } from '../../../scripts/lib/vsix';
import { provision } from '../../../scripts/provision';
import { ConsoleWatch, type ConsoleProblem } from './consoleWatch';

/** Where the fixture session sits in the test workspace. */
export const FIXTURE_SESSION = 'sessions/synthetic-branched.jsonl';

export interface ChatMessageView {
  kind: string;
  role: string;
  text: string;
}

export interface TreeRow {
  /** The row's accessible label: "<tag>: <text>[, <description>]" (the Session Tree's: "<kind>: <text>[, ● current · <label>]"). */
  label: string;
  /** The label as the row shows it (without the description). */
  shown: string;
  /** 1 for top-level rows. */
  level: number;
}

export class ArborWorkbench {
  private constructor(
    readonly server: RunningCodeServer,
    private readonly browser: Browser,
    readonly page: Page,
    private readonly console: ConsoleWatch,
  ) {}

  static async start(options: Pick<CodeServerOptions, 'workspace' | 'workspaceFiles' | 'workspaceSettings' | 'userSettings' | 'env' | 'workspaceTrust'> = {}): Promise<ArborWorkbench> {
    await provision();
    // The VSIX a user would install (the one `npm test` packaged for this run, or a fresh one).
    const server = await startCodeServer({
      ...options,
      extensions: [arborVsixForTests()],
      workspaceFiles: { [FIXTURE_SESSION]: path.join(fixturesDir, 'synthetic-branched.jsonl'), ...options.workspaceFiles },
    });
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const context = await newLocalContext(browser);
      const page = await context.newPage();
      page.setDefaultTimeout(PATIENCE_MS);
      const watch = new ConsoleWatch(page);
      await openWorkbench(page, server.workbenchUrl);
      return new ArborWorkbench(server, browser, page, watch);
    } catch (error) {
      console.error(server.logTail());
      await browser?.close();
      await server.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.browser.close();
    await this.server.stop();
  }

  /** The test workspace folder. */
  get workspaceDir(): string {
    return this.server.workspace;
  }

  /** The value the file dialog's input shows once it has settled on its start folder. */
  async fileDialogStartFolder(): Promise<string> {
    const input = this.page.locator('.quick-input-widget input');
    return poll('the file dialog to show its start folder', async () => {
      const value = await input.inputValue().catch(() => '');
      return value.endsWith('/') ? value : undefined;
    });
  }

  /** Escape pressed on the quick input itself (a key sent to the page goes wherever the focus is), until it closes. */
  async closeQuickInput(): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await poll('the quick input to close', async () => {
      if (!(await input.isVisible())) return true;
      await input.press('Escape', { timeout: 5_000 }).catch(() => undefined);
      return undefined;
    });
  }

  /** The fixture session's absolute path in the workspace. */
  get fixturePath(): string {
    return path.join(this.server.workspace, FIXTURE_SESSION);
  }

  // ---- views ----------------------------------------------------------------------------------

  /**
   * Shows Arbor's views and waits for both, and for Arbor's log to say it activated. The icon is
   * clicked only while it is not checked: a click on a checked icon hides the side bar, and a
   * workbench that has just loaded checks it by itself when it restores the container. Looked at
   * again until the views show, so a click that crossed that restore is undone by the next one.
   */
  async openArbor(): Promise<void> {
    const icon = this.page.locator('.activitybar .action-item a.action-label[aria-label^="Arbor"]');
    const checked = this.page.locator('.activitybar .action-item.checked a.action-label[aria-label^="Arbor"]');
    await poll("Arbor's views to show", async () => {
      if ((await this.paneHeader('Chat').isVisible()) && (await this.paneHeader('Session Tree').isVisible())) return true;
      if ((await checked.count()) === 0) await icon.click();
      return undefined;
    });
    await poll("Arbor's log to say it activated", async () => (this.arborLogFiles().length > 0 && /Arbor \S+ activated/.test(this.arborLog()) ? true : undefined));
  }

  /** A view's section header; its accessible label is "<name> Section", or "<name> - <description> Section". */
  paneHeader(viewName: string, extra = '') {
    return this.page.locator(`.pane-header[aria-label="${viewName} Section"]${extra}, .pane-header[aria-label^="${viewName} - "][aria-label$=" Section"]${extra}`);
  }

  /**
   * Folds or unfolds a view's section (to give another view room: lists render only what is
   * visible). By the arrow keys on its header, which set the state where a click toggles it: a
   * click that lands on one of the header's action buttons runs that action instead, and
   * something else may unfold the view meanwhile (VS Code opens a view to reveal a row in it), so
   * the state is looked at again until it holds.
   */
  async setPaneExpanded(viewName: string, expanded: boolean): Promise<void> {
    const header = this.paneHeader(viewName);
    await poll(`the ${viewName} view to ${expanded ? 'unfold' : 'fold'}`, async () => {
      if ((await header.getAttribute('aria-expanded')) === String(expanded)) return true;
      await header.press(expanded ? 'ArrowRight' : 'ArrowLeft');
      return undefined;
    });
  }

  /** The frame holding the chat's own document (VS Code nests it inside its webview iframes). */
  async chatFrame(): Promise<Frame> {
    return poll('the chat webview frame', async () => {
      for (const frame of this.page.frames()) {
        const found = await frame.locator('#conversation').count().catch(() => 0);
        if (found > 0) return frame;
      }
      return undefined;
    });
  }

  async chatEmptyState(): Promise<string | undefined> {
    const frame = await this.chatFrame();
    return (await frame.locator('.empty-state').textContent()) ?? undefined;
  }

  /** The conversation's items (`<article class="item item-<kind>">`) as text. */
  async chatMessages(): Promise<ChatMessageView[]> {
    const frame = await this.chatFrame();
    return frame.locator('#conversation article.item').evaluateAll((nodes) =>
      nodes.map((node) => ({
        kind: [...node.classList].find((name) => name.startsWith('item-'))?.slice('item-'.length) ?? '',
        role: node.querySelector('.role')?.textContent?.trim() ?? '',
        text: node.textContent ?? '',
      })),
    );
  }

  /** The rows the tree view has rendered (it renders the visible ones). */
  async treeRows(viewName = 'Session Tree'): Promise<TreeRow[]> {
    const pane = this.page.locator('.pane', { has: this.paneHeader(viewName) });
    return pane.locator('.pane-body .monaco-list-row').evaluateAll((rows) =>
      rows.map((row) => ({
        label: row.getAttribute('aria-label') ?? '',
        shown: row.querySelector('.label-name')?.textContent ?? '',
        level: Number(row.getAttribute('aria-level') ?? '0'),
      })),
    );
  }

  /** The text of the status bar item whose accessible label starts with `ariaLabelStart`. */
  async statusBarText(ariaLabelStart: string): Promise<string> {
    const item = this.page.locator(`.statusbar .statusbar-item[aria-label^="${ariaLabelStart}"]`);
    await item.waitFor();
    return (await item.innerText()).trim();
  }

  // ---- commands -------------------------------------------------------------------------------

  /**
   * A click in the middle of the editor area, so that keys go to the workbench. Never a fixed
   * point: with a wide side bar that point is a Session Tree row, and a click there moves.
   */
  async focusEditorArea(): Promise<void> {
    await this.page.locator('.part.editor').click();
  }

  /** Opens the command palette (F1) and returns its input. F1 goes to the focused part of the workbench: pressed again while the palette does not show. */
  async openCommandPalette(): Promise<Locator> {
    const input = this.page.locator('.quick-input-widget input');
    await poll('the command palette to open', async () => {
      if ((await input.isVisible()) && (await input.inputValue()).startsWith('>')) return true;
      await this.focusEditorArea();
      await this.page.keyboard.press('F1');
      return undefined;
    });
    return input;
  }

  /**
   * Opens the command palette and types `>title` into it. The palette can close again between
   * opening and typing (focus taken by a view that asked for it a moment before): it is opened
   * again then, up to three times.
   */
  private async typeCommand(title: string): Promise<Locator> {
    for (let attempt = 1; ; attempt++) {
      const input = await this.openCommandPalette();
      try {
        await input.fill(`>${title}`, { timeout: 5_000 });
        return input;
      } catch (error) {
        if (attempt === 3) throw error;
        console.log(`    the command palette closed before "${title}" was typed; opening it again`);
      }
    }
  }

  /** Opens the command palette and runs the command with this exact title, e.g. "Arbor: Open Session…". */
  async runCommand(title: string): Promise<void> {
    const input = await this.pickCommand(title);
    // The palette stays on screen for a moment after the click; a quick pick the command opens
    // replaces it. Until then its rows are the palette's, so wait for it to hand over.
    await poll(`the command palette to run "${title}"`, async () => {
      const shown = await input.isVisible();
      return !shown || !(await input.inputValue().catch(() => '')).startsWith('>') ? true : undefined;
    });
  }

  /**
   * Types the command into the palette and clicks its row. The palette can close under the click
   * (a view or a notification took the focus; its rows then stay in the page, hidden): it is opened
   * again then, up to three times, rather than waiting on a row nobody can see.
   */
  private async pickCommand(title: string): Promise<Locator> {
    for (let attempt = 1; ; attempt++) {
      const input = await this.typeCommand(title);
      // The command's own row, by its whole label (a longer title may hold this one), once the list
      // has stopped changing: a filtered list hands its row elements to other commands as it goes.
      const rows = this.page.locator('.quick-input-widget .monaco-list-row');
      const row = rows.filter({ has: this.page.locator('.label-name', { hasText: exactly(title) }) }).first();
      try {
        await row.waitFor({ timeout: 15_000 });
        await untilStable(`the command palette to list "${title}"`, async () => JSON.stringify(await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))));
        await row.click({ timeout: 10_000 });
        return input;
      } catch (error) {
        if (attempt === 3) throw error;
        console.log(`    the command palette closed before "${title}" was picked; opening it again`);
      }
    }
  }

  /** "Arbor: Open Session…", then its "Browse…" item (after this workspace's sessions): VS Code's file dialog opens. */
  async browseForSession(): Promise<void> {
    await this.runCommand('Arbor: Open Session…');
    // Browse… comes after every session, and the list puts only the rows in view into the page: search for it.
    await this.page.locator('.quick-input-widget .monaco-list-row').first().waitFor();
    await this.page.locator('.quick-input-widget input').fill('Browse');
    const browse = this.page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Browse…' }).first();
    await browse.click();
  }

  /** Answers VS Code's own file dialog (a quick input in the browser) with a path. */
  async answerFileDialog(filePath: string): Promise<void> {
    await this.typeIntoFileDialog(filePath);
    await this.page.keyboard.press('Enter');
    await this.page.locator('.quick-input-widget input').waitFor({ state: 'hidden' });
  }

  /** Types a path into VS Code's file dialog once it has settled, and waits until it lists the file (Enter is the caller's). */
  async typeIntoFileDialog(filePath: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    const fileRow = this.page.locator('.quick-input-widget .monaco-list-row', { hasText: path.basename(filePath) }).first();
    // The dialog first fills in the folder it starts from, listing it as it reads it; a path typed
    // before that settles is overwritten. Wait for the start folder, then type; retype if needed.
    await poll('the file dialog to show its start folder', async () => ((await input.inputValue().catch(() => '')).endsWith('/') ? true : undefined));
    // The dialog lists the whole folder and does not scroll to the file typed: in a folder of many
    // sessions its row is below the rows drawn. Scroll the list down until the row shows.
    // (A file that sorts higher is found on the next pass from the top.)
    const list = this.page.locator('.quick-input-widget .monaco-list').first();
    let attempts = 0;
    await poll(`the file dialog to list ${path.basename(filePath)}`, async () => {
      if ((await input.inputValue()) !== filePath) await input.fill(filePath);
      if (await fileRow.isVisible()) return (await input.inputValue()) === filePath ? true : undefined;
      if (await list.isVisible()) {
        await list.hover();
        await this.page.mouse.wheel(0, ++attempts % 20 === 0 ? -1_000_000 : 600);
      }
      return undefined;
    });
  }

  // ---- evidence -------------------------------------------------------------------------------

  async screenshot(name: string, dir = e2eScreenshotsDir): Promise<string> {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /** "Developer: Reload Window", then waits for the workbench to render again. */
  async reloadWindow(): Promise<void> {
    const reloaded = this.page.waitForEvent('load', { timeout: 90_000 });
    await this.runCommand('Developer: Reload Window');
    await reloaded;
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
  }

  /** CSP violations and Arbor errors in the browser console, plus error lines in Arbor's log. */
  takeProblems(): ConsoleProblem[] {
    const logErrors = this.arborLog()
      .split('\n')
      .filter((line) => line.includes('[error]'));
    const fresh = logErrors.slice(this.logErrorsTaken);
    this.logErrorsTaken = logErrors.length;
    return [...this.console.takeProblems(), ...fresh.map((line): ConsoleProblem => ({ kind: 'arbor-error', text: line, location: 'Arbor log' }))];
  }

  private logErrorsTaken = 0;

  /**
   * Arbor's LogOutputChannel, as the extension host wrote it to disk. Throws when there is none
   * (Arbor not activated yet, or the workbench moved its logs): the log checks fail, never skip.
   */
  arborLog(): string {
    const files = this.arborLogFiles();
    if (files.length === 0) throw new Error(`Arbor's log was not found under ${this.server.userDataDir}/logs/*/exthost1/arbor-dev.arbor/: the log checks cannot run`);
    return files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  }

  /**
   * Every extension host's copy of Arbor's log, oldest first: a window reload starts a new
   * extension host, which logs into the next `exthost<N>` folder beside the first.
   */
  private arborLogFiles(): string[] {
    const logsDir = path.join(this.server.userDataDir, 'logs');
    if (!fs.existsSync(logsDir)) return [];
    const hostNumber = (name: string): number => Number(/^exthost(\d+)$/.exec(name)?.[1] ?? NaN);
    return fs
      .readdirSync(logsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .flatMap((stamp) =>
        fs
          .readdirSync(path.join(logsDir, stamp))
          .filter((name) => Number.isInteger(hostNumber(name)))
          .sort((a, b) => hostNumber(a) - hostNumber(b))
          .map((host) => path.join(logsDir, stamp, host, 'arbor-dev.arbor', 'Arbor.log')),
      )
      .filter((file) => fs.existsSync(file));
  }

}

/**
 * How long a wait for the workbench may take before it fails the test. A wait ends as soon as what
 * it waits for shows, so a long limit costs a passing test nothing; a short one fails a correct
 * test on a machine whose two cores are busy with other suites (an extension host then takes tens
 * of seconds to start). Also the page's default for Playwright's own waits and actions.
 */
export const PATIENCE_MS = 60_000;

/** Calls `probe` until it returns a value, or fails naming what it waited for (after PATIENCE_MS unless told). */
export async function poll<T>(what: string, probe: () => Promise<T | undefined>): Promise<T>;
export async function poll<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T>;
export async function poll<T>(what: string, ...args: [() => Promise<T | undefined>] | [number, () => Promise<T | undefined>]): Promise<T> {
  const [timeoutMs, probe] = args.length === 1 ? [PATIENCE_MS, args[0]] : args;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A pattern for exactly `words` (a label, a menu item's title), spaces around allowed. */
export function exactly(words: string): RegExp {
  return new RegExp(`^\\s*${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** Waits until `sample` returns the same value `times` more times in a row (a view that has stopped moving). */
export async function untilStable(what: string, sample: () => Promise<string>, times = 2): Promise<void> {
  let last: string | undefined;
  let same = 0;
  await poll(what, async () => {
    const now = await sample();
    same = now === last ? same + 1 : 0;
    last = now;
    return same >= times ? true : undefined;
  });
}
