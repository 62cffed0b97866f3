// The Session Tree and quick picks as the tree's tests drive them: a row by the start of its
// label, a click on it, the quick pick's item labels, picking an item by its exact label, and a
// new session with a few scripted turns to move around in.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { text } from '../../support/fakeAnthropic';
import { newSession, send, sessionFiles, waitForSessionFileWith, waitForText } from './chat';
import { fake, workbench } from './hooks';
import { exactly, poll, untilStable } from './workbench';

export function quickInput() {
  return workbench().page.locator('.quick-input-widget');
}

/**
 * Opens Arbor with the Sessions list folded, so that the Session Tree has the room: its list puts
 * only the rows in view into the DOM, and a picture taken earlier may have left it small.
 */
export async function openArborForTree(): Promise<void> {
  const wb = workbench();
  await wb.openArbor();
  await wb.setPaneExpanded('Sessions', false);
}

/** The row of a view (the Session Tree unless named) whose accessible label starts with `labelStart` (e.g. "user: <first line>"). */
export function treeRow(labelStart: string, view = 'Session Tree') {
  return viewPane(view).locator(`.monaco-list-row[aria-label^="${labelStart}"]`).first();
}

function viewPane(view: string) {
  const wb = workbench();
  return wb.page.locator('.pane', { has: wb.paneHeader(view) });
}

/**
 * The row, once the view's rows have stopped changing. A refresh (a reply landing, the position
 * revealed) hands row elements to other entries, so a click aimed at a row while it runs can land
 * on another entry.
 */
async function settledRow(labelStart: string, view: string) {
  const row = treeRow(labelStart, view);
  await scrolledInto(row, labelStart, view);
  const rows = viewPane(view).locator('.monaco-list-row');
  await untilStable(`the ${view} rows to settle`, async () =>
    JSON.stringify(await rows.evaluateAll((nodes) => nodes.map((node) => [node.getAttribute('aria-label'), node.getBoundingClientRect().top]))),
  );
  return row;
}

/**
 * Waits for the row, scrolling the view's list when it is not there: the list puts only the rows in
 * view into the DOM, and a reveal of the current position (at the other end of a long branch) can
 * leave the row out of view in a short pane. The list is scrolled to its top, then down a page at
 * a time, and again from the top while the row has not come.
 */
async function scrolledInto(row: Locator, labelStart: string, view: string): Promise<void> {
  if (await row.waitFor({ timeout: 5_000 }).then(() => true, () => false)) return;
  const page = workbench().page;
  const list = viewPane(view).locator('.monaco-list').first();
  let fromTop = true;
  await poll(`the row "${labelStart}" in the ${view}`, async () => {
    if ((await row.count()) > 0 && (await row.isVisible())) return true;
    const box = await list.boundingBox();
    if (!box) return undefined;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await list.locator('.monaco-list-rows').first().evaluate((rows) => (rows as HTMLElement).style.top).catch(() => '');
    await page.mouse.wheel(0, fromTop ? -100_000 : Math.max(40, box.height - 40));
    await page.waitForTimeout(150);
    const after = await list.locator('.monaco-list-rows').first().evaluate((rows) => (rows as HTMLElement).style.top).catch(() => '');
    // At the bottom (nothing moved after a page down): start from the top again.
    fromTop = !fromTop && before === after;
    return undefined;
  });
}

/** The accessible label of the view's focused row (a click or right-click focuses the row it hit). */
async function focusedRowLabel(view: string): Promise<string> {
  return (await viewPane(view).locator('.monaco-list-row.focused').first().getAttribute('aria-label').catch(() => null)) ?? '';
}

/** Clicks a row's label (what activates it; the twistie only expands), and checks that it hit that row. */
export async function clickTreeRow(labelStart: string): Promise<void> {
  const row = await settledRow(labelStart, 'Session Tree');
  await row.locator('.label-name, .monaco-icon-label').first().click();
  const hit = await focusedRowLabel('Session Tree');
  assert.ok(hit.startsWith(labelStart), `the click meant for "${labelStart}" landed on "${hit}"`);
}

/**
 * Right-clicks the row whose label starts with `labelStart` (in the Session Tree unless `view` is
 * named) and clicks its context menu item `title`. A right-click that landed on another row (the
 * view refreshed under it) is taken back with Escape and tried again.
 */
export async function rowMenu(labelStart: string, title: string, view = 'Session Tree'): Promise<void> {
  const page = workbench().page;
  const menu = page.locator('.context-view .monaco-menu');
  const shows = (state: 'visible' | 'hidden') => menu.waitFor({ state, timeout: 10_000 }).then(() => true, () => false);
  await poll(`the context menu of "${labelStart}"`, async () => {
    const row = await settledRow(labelStart, view);
    await row.click({ button: 'right' });
    // A right-click the workbench did not take opens no menu: right-click again.
    if (!(await shows('visible'))) return undefined;
    if ((await focusedRowLabel(view)).startsWith(labelStart)) return true;
    await page.keyboard.press('Escape');
    await shows('hidden');
    return undefined;
  });
  const item = menu.locator('.action-item .action-label', { hasText: exactly(title) }).first();
  await item.waitFor();
  // A menu ignores a click that lands while it is still opening: click until it closes.
  await poll(`the context menu item "${title}" to run`, async () => {
    if (await menu.isVisible()) await item.click({ timeout: 2_000 }).catch(() => undefined);
    return (await menu.isVisible()) ? undefined : true;
  });
}

/** The labels of the quick pick's items (each row's first label; a detail line has one too), once it shows them. */
export async function quickPickLabels(): Promise<string[]> {
  const rows = quickInput().locator('.monaco-list-row');
  await rows.first().waitFor();
  return rows.evaluateAll((nodes) => nodes.map((node) => node.querySelector('.label-name')?.textContent?.trim() ?? ''));
}

/**
 * Waits until the quick pick lists exactly `expected`, then asserts it. A pick that follows
 * another (Switch Branch's leaves, then the summary question) takes a moment to replace it, so
 * the first rows seen may still be the previous pick's.
 */
export async function quickPickShows(expected: readonly string[]): Promise<void> {
  let seen: string[] = [];
  await poll(`the quick pick to list ${expected.join(' | ')}`, async () => {
    seen = await quickPickLabels();
    return seen.join('\n') === expected.join('\n') ? true : undefined;
  }).catch(() => undefined);
  assert.deepEqual(seen, expected);
}

/**
 * The input box a command opened, once it shows and asks something matching `question`. Not the
 * command palette the command was run from: that stays on screen for a moment, and a key pressed
 * into it is lost.
 */
export async function inputBoxAsking(question: RegExp) {
  const input = quickInput().locator('input');
  await poll(`an input box asking ${String(question)}`, async () =>
    (await quickInput().isVisible()) && !(await input.inputValue()).startsWith('>') && question.test(await quickInput().innerText()) ? true : undefined,
  );
  return input;
}

/** Types `answer` into the input box that asks `question`, once it shows, and presses Enter on it. */
export async function answerInputBox(question: RegExp, answer: string): Promise<void> {
  const input = await inputBoxAsking(question);
  await input.fill(answer);
  await input.press('Enter');
}

/**
 * Clicks a row of the quick pick once its rows have stopped changing: a pick whose items arrive
 * as they are found (a search) hands its row elements to other items as it goes.
 */
export async function clickQuickPickRow(row: Locator): Promise<string> {
  await row.waitFor();
  await untilStable('the quick pick to settle', quickPickRowLabels);
  const clicked = await quickPickRowLabels();
  await row.click();
  return clicked;
}

/** The accessible labels of the quick pick's rows, as one string to compare. */
async function quickPickRowLabels(): Promise<string> {
  return JSON.stringify(await quickInput().locator('.monaco-list-row').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))));
}

/**
 * Clicks the quick pick item labelled exactly `label` and waits for that pick to go. A question
 * that follows at once (the files question after the summary question) reuses the same widget,
 * which may then never be seen hidden: a pick whose rows are no longer the clicked ones has gone too.
 */
export async function pickItem(label: string): Promise<void> {
  const clicked = await clickQuickPickRow(
    quickInput()
      .locator('.monaco-list-row')
      .filter({ has: workbench().page.locator('.label-name', { hasText: exactly(label) }) })
      .first(),
  );
  await poll(`the pick holding "${label}" to close`, async () => {
    const widget = quickInput();
    if (!(await widget.isVisible())) return true;
    if ((await widget.getAttribute('class'))?.includes('quick-input-widget-closing')) return true;
    return (await quickPickRowLabels()) !== clicked ? true : undefined;
  });
}

/**
 * New Session, then each [prompt, reply] in turn, waiting for the reply's first line on screen.
 * Returns the new session's file.
 */
export async function sessionWithTurns(turns: readonly (readonly [prompt: string, reply: string])[]): Promise<string> {
  await newSession();
  const before = sessionFiles();
  let shown = '';
  for (const [prompt, reply] of turns) {
    shown = reply.split('\n', 1)[0]!;
    fake().script(text(reply));
    await send(prompt);
    await waitForText(shown);
  }
  return waitForSessionFileWith(before, shown);
}

/** The words of a suite's two-turn session: a colour asked and named, then a fruit (each suite its own, so its rows are its own). */
export interface TwoTurnWords {
  colour: string;
  teal: string;
  fruit: string;
  pear: string;
}

/** New Session, the colour turn then the fruit turn; returns the session file. */
export function twoTurns(words: TwoTurnWords): Promise<string> {
  return sessionWithTurns([
    [words.colour, words.teal],
    [words.fruit, words.pear],
  ]);
}
