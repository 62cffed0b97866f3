/**
 * Waits a user notices (issue 29, "Must hold"), in the real browser (code-server + Chromium, the
 * e2e harness) against the fake Anthropic server:
 * - an edit waiting for approval: its diff's proposed text on screen / its card on screen (≤ 1.5),
 *   both timed from the Enter that sent the prompt, with another file of the project open in the
 *   editor as almost always (VS Code's diff editor shows neither side until its worker has
 *   computed the diff, and it stops that worker whenever no editor model is left; the window's
 *   first review, which starts it, is printed on its own line);
 * - the first prompt of a new session (the window's first, and others): the user's own message on
 *   screen / a later prompt's (≤ 2);
 * - after Reload Window: the chat's content on screen / the Session Tree's rows (≤ 1.5), both
 *   timed from the command.
 * Each is the median of a few rounds; the absolute times are printed beside the ratios.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Frame, Page } from 'playwright-core';
import { reply, startFakeAnthropic, text, toolUse } from '../test/support/fakeAnthropic';
import { openFile } from '../test/e2e/support/editors';
import { ArborWorkbench, poll } from '../test/e2e/support/workbench';
import { msLine, ratioLine } from './measure';

const ROUNDS = 3;
const KEY = 'sk-ant-bench-key';
const FILE = 'slugify.ts';
/** The file open in the editor while the agent works. */
const OTHER = 'index.ts';
const FILE_TEXT = Array.from({ length: 60 }, (_, index) => `export const line${index} = ${index}; // an ordinary line of source\n`).join('');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Resolves with the ms from `start` once `shown()` holds in `frame` (polled every animation frame). */
async function shownAfter(start: number, frame: Frame | Page, shown: (arg: string) => boolean, arg: string): Promise<number> {
  await frame.waitForFunction(shown, arg, { polling: 'raf', timeout: 120_000 });
  return performance.now() - start;
}

const conversationHolds = (words: string): boolean => document.getElementById('conversation')?.innerText.includes(words) === true;

/** Types `words` into the chat's input; the clock starts as Enter is pressed. */
async function typeAndSend(frame: Frame, words: string): Promise<number> {
  await frame.waitForFunction(() => (document.getElementById('conversation')?.childElementCount ?? 0) > 0 || document.querySelector('.empty-state') !== null);
  const input = frame.locator('textarea:visible').first();
  await input.fill(words);
  const start = performance.now();
  await input.press('Enter');
  return start;
}

async function newSession(wb: ArborWorkbench, frame: Frame): Promise<void> {
  await wb.runCommand('Arbor: New Session');
  await poll('the chat to empty after New Session', async () => ((await frame.locator('#conversation [data-id]').count()) === 0 ? true : undefined));
}

/** When Arbor's log last said `said` (its lines start with the local date and time). */
function loggedAt(wb: ArborWorkbench, said: RegExp): number {
  const line = wb
    .arborLog()
    .split('\n')
    .filter((one) => said.test(one))
    .at(-1);
  const stamp = line && /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3})/.exec(line);
  if (!stamp) throw new Error(`Arbor's log never matched ${String(said)}`);
  return new Date(`${stamp[1]}T${stamp[2]}`).getTime();
}

export async function run(): Promise<void> {
  const fake = await startFakeAnthropic({ apiKey: KEY });
  const sessions = mkdtempSync(path.join(os.tmpdir(), 'arbor-bench-waits-'));
  const source = path.join(sessions, FILE);
  writeFileSync(source, FILE_TEXT);
  const other = path.join(sessions, OTHER);
  writeFileSync(other, 'export const other = 1;\n');
  const wb = await ArborWorkbench.start({
    workspaceFiles: { [FILE]: source, [OTHER]: other },
    userSettings: { 'arbor.baseUrl': fake.url, 'arbor.sessionsDirectory': sessions, 'arbor.thinking': 'off', 'diffEditor.useInlineViewWhenSpaceIsLimited': false },
    env: { ANTHROPIC_API_KEY: KEY },
  });
  try {
    await wb.openArbor();
    await openFile(OTHER, wb);
    let frame = await wb.chatFrame();
    const firsts: number[] = [];
    const laters: number[] = [];
    const cards: number[] = [];
    const diffs: number[] = [];
    let windowFirst = 0;
    let windowReview = { card: 0, diff: 0 };
    for (let round = 0; round <= ROUNDS; round++) {
      // The first prompt of a new session, then a later one in it.
      await newSession(wb, frame);
      fake.script(text(`First answer ${round}.`), text(`Later answer ${round}.`));
      const first = await shownAfter(await typeAndSend(frame, `first words ${round}`), frame, conversationHolds, `first words ${round}`);
      await shownAfter(performance.now(), frame, conversationHolds, `First answer ${round}.`);
      const later = await shownAfter(await typeAndSend(frame, `later words ${round}`), frame, conversationHolds, `later words ${round}`);
      await shownAfter(performance.now(), frame, conversationHolds, `Later answer ${round}.`);

      // An edit waiting for approval: its card, and its diff's proposed text.
      const marker = `line${round + 1} = ${1000 + round}`;
      fake.script(reply(text('Editing.'), toolUse('edit', { path: FILE, edits: [{ oldText: `line${round + 1} = ${round + 1};`, newText: `${marker};` }] })), text(`Edited ${round}.`));
      const start = await typeAndSend(frame, `edit please ${round}`);
      const [card, diff] = await Promise.all([
        shownAfter(start, frame, () => document.querySelector('#approvals .approval') !== null, ''),
        shownAfter(start, wb.page, (words) => [...document.querySelectorAll('.monaco-diff-editor .editor.modified .view-lines')].some((lines) => (lines as HTMLElement).innerText.replace(/\u00a0/g, ' ').includes(words)), marker),
      ]);
      await frame.locator('#approvals').getByRole('button', { name: /^Deny$/ }).first().click();
      await shownAfter(performance.now(), frame, conversationHolds, `Edited ${round}.`);
      if (round === 0) {
        // The window's first session: what a user meets first (the estimator's tables load then).
        windowFirst = first;
        windowReview = { card, diff };
        continue; // otherwise the first round warms up
      }
      firsts.push(first);
      laters.push(later);
      cards.push(card);
      diffs.push(diff);
    }

    // Reload Window with a session open: the chat's content and the Session Tree's rows.
    const reloads: { chat: number; tree: number; activated: number; agent: number; frame: number; script: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const treeRows = wb.page.locator('.pane', { has: wb.paneHeader('Session Tree') }).locator('.pane-body .monaco-list-row');
      const loaded = wb.page.waitForEvent('load', { timeout: 120_000 });
      await wb.openCommandPalette();
      await wb.page.locator('.quick-input-widget input').fill('>Developer: Reload Window');
      await wb.page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Developer: Reload Window' }).first().waitFor();
      const start = performance.now();
      const startWall = Date.now();
      await wb.page.keyboard.press('Enter');
      await loaded;
      const tree = (async () => {
        await treeRows.first().waitFor({ timeout: 120_000 });
        return performance.now() - start;
      })();
      let frameMs = 0;
      let scriptMs = 0;
      const chat = (async () => {
        frame = await wb.chatFrame();
        frameMs = performance.now() - start;
        const shown = await shownAfter(start, frame, conversationHolds, `Edited ${ROUNDS}.`);
        // When the page had run its script (DOMContentLoaded comes after the one script at the end of its body).
        scriptMs = (await frame.evaluate(() => window.performance.timeOrigin + (window.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd)) - startWall;
        return shown;
      })();
      reloads.push({ chat: await chat, tree: await tree, activated: loggedAt(wb, / activated$/) - startWall, script: scriptMs, agent: (await poll('the agent to be built after the reload', async () => (loggedAt(wb, /Agent ready/) > startWall ? loggedAt(wb, /Agent ready/) : undefined))) - startWall, frame: frameMs });
    }

    const card = median(cards);
    const diff = median(diffs);
    console.log(msLine("the window's first edit review: its card shows (from Enter)", windowReview.card));
    console.log(msLine("the window's first edit review: its diff shows the proposed text", windowReview.diff));
    console.log(msLine('edit awaiting approval: its card shows (median, from Enter)', card));
    console.log(msLine('edit awaiting approval: its diff shows the proposed text', diff));
    console.log(ratioLine("the window's first review: diff text / card (VS Code's worker starts)", windowReview.diff / windowReview.card));
    console.log(ratioLine('diff text visible / approval card visible', diff / card, { max: 1.5 }));
    const first = median(firsts);
    const later = median(laters);
    console.log(msLine("the window's first prompt: own message shows", windowFirst));
    console.log(msLine('first prompt of a new session: own message shows (median)', first));
    console.log(msLine('a later prompt: own message shows (median)', later));
    console.log(ratioLine("the window's first prompt / a later prompt", windowFirst / later, { max: 2 }));
    console.log(ratioLine('first prompt of a session / a later prompt', first / later, { max: 2 }));
    const chat = median(reloads.map((one) => one.chat));
    const tree = median(reloads.map((one) => one.tree));
    console.log(msLine('Reload Window: Arbor activated (its log; median)', median(reloads.map((one) => one.activated))));
    console.log(msLine("Reload Window: the chat's webview has its page (median)", median(reloads.map((one) => one.frame))));
    console.log(msLine("Reload Window: the chat's page has run its script (median)", median(reloads.map((one) => one.script))));
    console.log(msLine("Reload Window: the session's agent built (its log; median)", median(reloads.map((one) => one.agent))));
    console.log(msLine('Reload Window: the Session Tree shows its rows (median)', tree));
    console.log(msLine("Reload Window: the chat shows the session's content (median)", chat));
    console.log(ratioLine('chat content / Session Tree rows after a reload', chat / tree, { max: 1.5 }));
  } finally {
    await wb.stop();
    await fake.close();
    rmSync(sessions, { recursive: true, force: true });
  }
}
