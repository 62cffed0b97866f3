// The chat as a user meets it, for the e2e tests: the composer (a visible <textarea>), the
// conversation (what it shows as text), buttons by their accessible names, notices, the token
// meter in the status bar and the session files Arbor writes. Selectors follow the issue's
// contract (roles, aria-labels, visible text), not the webview's internals.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Locator } from 'playwright-core';
import { sessionDirName } from '../../../src/core/session';
import { text } from '../../support/fakeAnthropic';
import { fake, sessionsDirectory, workbench } from './hooks';
import { poll, type ArborWorkbench } from './workbench';

/** The meter's text as the contract has it: `<used> / <window> · <percent>%`. */
export const METER_PATTERN = /(\d+(?:\.\d)?k?) \/ (\d+k) · (\d+)%/;

export async function chat(): Promise<Frame> {
  return workbench().chatFrame();
}

export async function composer(): Promise<Locator> {
  return (await chat()).locator('textarea:visible').first();
}

export async function conversation(): Promise<Locator> {
  return (await chat()).locator('#conversation');
}

/** What the conversation shows, as text. */
export async function conversationText(): Promise<string> {
  return (await conversation()).innerText();
}

/** What the chat's notices say ('' when there are none). */
export async function chatNotices(): Promise<string> {
  return (await chat()).locator('#notices').innerText().catch(() => '');
}

/**
 * Waits until the chat's script has drawn (the input is in the page's HTML before the script runs,
 * and an Enter pressed then would go nowhere): the conversation holds its list or the empty state shows.
 */
export async function chatReady(): Promise<void> {
  const frame = await chat();
  await frame.waitForFunction(() => (document.getElementById('conversation')?.childElementCount ?? 0) > 0 || document.querySelector('.empty-state') !== null);
}

/**
 * Types `text` into the composer and presses Enter (the contract's send). The workbench can take
 * the keyboard focus back between the typing and the key (a tree row's context menu hands it back
 * to the tree once it has closed): an Enter that never reached the input is pressed once more,
 * with where the focus was in the log. An Enter that reached it is never repeated.
 */
export async function send(text: string): Promise<void> {
  await chatReady();
  const input = await composer();
  await input.fill(text);
  await input.evaluate((element) => {
    const textarea = element as HTMLTextAreaElement;
    if (textarea.dataset['e2eEnterWatch'] === undefined) {
      textarea.dataset['e2eEnterWatch'] = '';
      textarea.addEventListener('keydown', (event) => event.key === 'Enter' && (textarea.dataset['e2eEnterSeen'] = 'yes'), { capture: true });
    }
    textarea.dataset['e2eEnterSeen'] = 'no';
  });
  for (let attempt = 1; ; attempt++) {
    await input.press('Enter');
    const reached = await poll('the Enter to reach the chat input', 3_000, async () => ((await input.getAttribute('data-e2e-enter-seen')) === 'yes' ? true : undefined)).catch(() => false);
    if (reached) return;
    const focused = await workbench().page.evaluate(() => `${document.activeElement?.tagName ?? 'nothing'}.${document.activeElement?.className ?? ''}`);
    if (attempt === 2) throw new Error(`The Enter pressed in the chat input never reached it, twice; the focus was on ${focused}`);
    console.log(`    the Enter for "${text.slice(0, 40)}" did not reach the chat input (the focus was on ${focused}); pressing it again`);
  }
}

/** Waits until the conversation shows `text` (the chat scrolls to the end by itself). */
export async function waitForText(text: string): Promise<string> {
  return poll(`the chat to show "${text.slice(0, 60)}"`, async () => {
    const shown = await conversationText().catch(() => '');
    return shown.includes(text) ? shown : undefined;
  });
}

/** The move note (above the input), once its text holds `expected` (it is replaced as moves come). */
export async function noteShows(expected: string): Promise<void> {
  const note = (await chat()).locator('.move-note');
  let seen = '';
  await poll(`the move note to read "${expected}"`, async () => {
    // One step (a note counted and then read could go in between, and the read would wait for it).
    seen = (await note.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).innerText).join(' '))).replace(/\s+/g, ' ').trim();
    return seen.includes(expected) ? true : undefined;
  }).catch(() => undefined);
  assert.ok(seen.includes(expected), `the move note reads "${seen}", not "${expected}"`);
}

/** Waits until the composer holds exactly `text`. */
export async function waitForInput(text: string): Promise<void> {
  await poll(`the input to hold "${text.slice(0, 60)}"`, async () => ((await (await composer()).inputValue()) === text ? true : undefined));
}

/** The innermost element of the conversation that shows `text` and holds a button named `button`. */
export async function itemWith(text: string, button: RegExp): Promise<Locator> {
  const frame = await chat();
  return frame
    .locator('#conversation *')
    .filter({ hasText: text })
    .filter({ has: frame.getByRole('button', { name: button, includeHidden: true }) })
    .last();
}

/** Clicks the button named `name` on the conversation item that shows `text` (hovering first: actions may show on hover). */
export async function clickItemButton(text: string, name: RegExp): Promise<void> {
  const item = await itemWith(text, name);
  await item.hover();
  await item.getByRole('button', { name }).last().click();
}

/** A button anywhere in the chat (approvals, notices), once visible. */
export async function chatButton(name: RegExp): Promise<Locator> {
  const button = (await chat()).getByRole('button', { name }).first();
  await button.waitFor({ state: 'visible' });
  return button;
}

/**
 * An answer in the "More…" menu of the newest approval card, the menu opened as a user opens it
 * (a click on "More…"), once the card shows.
 */
export async function cardMenuItem(name: RegExp): Promise<Locator> {
  const card = (await chat()).locator('#approvals .approval').last();
  const more = card.getByRole('button', { name: /^More…$/ });
  await more.waitFor({ state: 'visible' });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  const item = card.getByRole('menuitem', { name });
  await item.waitFor({ state: 'visible' });
  return item;
}

/** "Arbor: New Session": the current session closes; the next prompt starts a new one. */
export async function newSession(): Promise<void> {
  const wb = workbench();
  await wb.runCommand('Arbor: New Session');
  await poll('the chat to empty after New Session', async () => ((await (await conversation()).locator('[data-id], .message').count()) === 0 ? true : undefined));
}

/** Opens every collapsed card (`<details>` or an `aria-expanded` toggle) in the conversation that holds `text`, as a user clicks them. */
export async function expandCardsWith(text: string): Promise<void> {
  const frame = await chat();
  const closed = frame.locator('#conversation details:not([open])').filter({ hasText: text });
  for (let guard = 0; guard < 20 && (await closed.count()) > 0; guard++) await closed.first().locator(':scope > summary').click();
  const toggles = frame.locator('#conversation [aria-expanded="false"]').filter({ hasText: text });
  for (let guard = 0; guard < 20 && (await toggles.count()) > 0; guard++) await toggles.first().click();
}

/** In a new session, sends `prompt` answered by the plain text `answer`, and waits for it on screen. */
export async function newSessionWithTurn(prompt: string, answer: string): Promise<void> {
  await newSession();
  fake().server.script(text(answer));
  await send(prompt);
  await waitForText(answer);
}

// ---- the status bar meter ------------------------------------------------------------------------

export async function meterItem(wb: ArborWorkbench = workbench()): Promise<Locator> {
  const item = wb.page.locator('.statusbar .statusbar-item').filter({ hasText: METER_PATTERN }).first();
  await item.waitFor();
  return item;
}

export async function meterText(): Promise<string> {
  return (await (await meterItem()).innerText()).trim();
}

/** The meter's used tokens as a number (`84.2k` → 84200). */
export function meterTokens(text: string): number {
  const match = METER_PATTERN.exec(text);
  assert.ok(match, `meter text "${text}" does not match ${String(METER_PATTERN)}`);
  const used = match[1]!;
  return used.endsWith('k') ? Number(used.slice(0, -1)) * 1000 : Number(used);
}

// ---- session files ----------------------------------------------------------------------------

/** The folder below `arbor.sessionsDirectory` where this workspace's sessions go (pi's layout). */
export function projectSessionsDir(): string {
  return path.join(sessionsDirectory(), sessionDirName(workbench().workspaceDir));
}

/** Every session file below `arbor.sessionsDirectory`. */
export function sessionFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.jsonl')) found.push(full);
    }
  };
  walk(sessionsDirectory());
  return found.sort();
}

export interface FileEntry {
  type: string;
  id: string;
  parentId: string | null;
  message?: { role: string; content: unknown };
  [key: string]: unknown;
}

/** The entries of a session file as written on disk (the header line left out). */
export function readEntries(file: string): FileEntry[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as FileEntry)
    .filter((entry) => entry.type !== 'session');
}

/** A stored message's text (string content or its text blocks). */
export function entryText(entry: FileEntry): string {
  const content = entry.message?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block: { type?: string; text?: string }) => (block.type === 'text' ? (block.text ?? '') : '')).join('');
}

/** The message entry of `role` whose text contains `said` (the test fails when there is none). */
export function entryWith(entries: FileEntry[], role: string, said: string): FileEntry {
  const found = entries.find((entry) => entry.message?.role === role && entryText(entry).includes(said));
  assert.ok(found, `no ${role} entry "${said}" in the file`);
  return found;
}

/** Waits until the session file that is new since `before` holds a message whose text contains `text`. */
export async function waitForSessionFileWith(before: readonly string[], text: string): Promise<string> {
  return poll(`a new session file holding "${text.slice(0, 40)}"`, async () =>
    sessionFiles()
      .filter((file) => !before.includes(file))
      .find((file) => readEntries(file).some((entry) => entryText(entry).includes(text))),
  );
}

/** Waits until `file` holds a message whose text contains `text`. */
export async function waitForEntry(file: string, text: string): Promise<FileEntry> {
  return poll(`${path.basename(file)} to hold "${text.slice(0, 40)}"`, async () => readEntries(file).find((entry) => entryText(entry).includes(text)));
}

interface WireMessageView {
  role: string;
  content: string | { type: string; text?: string; name?: string; content?: unknown; is_error?: boolean }[];
}

/** The messages of a request at the fake server (the last one by default). */
export function requestMessages(index = -1): WireMessageView[] {
  const request = fake().messageRequests().at(index);
  assert.ok(request?.body, 'the fake server received no request');
  return (request.body.messages ?? []) as unknown as WireMessageView[];
}

/** A wire message's text blocks, joined. */
export function wireText(message: WireMessageView): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join('');
}

/** Console and log problems since the last check must be none. */
export function assertNoProblems(): void {
  const problems = workbench().takeProblems();
  assert.deepEqual(problems, [], `Arbor caused console or log problems:\n${problems.map((p) => `${p.kind}: ${p.text} ${p.location}`).join('\n')}`);
}

/**
 * Takes the problems seen so far: the failure the test caused may be logged as an error; anything
 * else (a CSP violation, a failed load of Arbor's files, an unrelated error) still fails the test.
 */
export function assertNoProblemsExcept(expected: RegExp): void {
  const unexpected = workbench()
    .takeProblems()
    .filter((problem) => !(problem.kind === 'arbor-error' && expected.test(problem.text)));
  assert.deepEqual(unexpected, [], unexpected.map((p) => `${p.kind}: ${p.text} ${p.location}`).join('\n'));
}

// ---- a virtualized conversation -----------------------------------------------------------------

/** Waits two animation frames in the chat, so a scroll has been rendered. */
async function settle(frame: Frame): Promise<void> {
  await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Scrolls the conversation from the top to the end a screen at a time, calling `visit` at each
 * stop (only what is on screen is in the DOM), and leaves it at the end.
 */
export async function scrollThrough(visit: () => Promise<void>): Promise<void> {
  const frame = await chat();
  const scroll = (to: 'top' | 'next') =>
    frame.evaluate((where) => {
      const conversation = document.getElementById('conversation')!;
      const scroller = conversation.scrollHeight > conversation.clientHeight ? conversation : (document.scrollingElement as HTMLElement);
      if (where === 'top') scroller.scrollTop = 0;
      else scroller.scrollTop += Math.max(50, scroller.clientHeight - 40);
      return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
    }, to);
  let atEnd = await scroll('top');
  for (let guard = 0; guard < 2000; guard++) {
    await settle(frame);
    await visit();
    if (atEnd) return;
    atEnd = await scroll('next');
  }
}

export interface ItemView {
  id: string;
  kind: string;
  /** What it shows (collapsed cards' bodies left out). */
  text: string;
  /** All its text, collapsed cards included. */
  content: string;
}

/** Every item of the conversation, top to bottom, gathered by scrolling through it. */
export async function allItems(): Promise<ItemView[]> {
  const frame = await chat();
  const seen = new Map<string, ItemView>();
  await scrollThrough(async () => {
    const items = await frame.locator('#conversation [data-id]').evaluateAll((nodes) =>
      nodes.map((node) => ({
        id: node.getAttribute('data-id') ?? '',
        kind: [...node.classList].find((name) => name.startsWith('item-'))?.slice('item-'.length) ?? '',
        text: (node as HTMLElement).innerText,
        content: node.textContent ?? '',
      })),
    );
    for (const item of items) if (!seen.has(item.id)) seen.set(item.id, item);
  });
  return [...seen.values()];
}

/** Opens the collapsed cards holding `text` until the conversation shows it (cards may still be arriving). */
export async function waitForCardText(text: string): Promise<string> {
  return poll(`a card in the chat to show "${text.slice(0, 60)}"`, async () => {
    await expandCardsWith(text).catch(() => undefined);
    const shown = await conversationText().catch(() => '');
    return shown.includes(text) ? shown : undefined;
  });
}
