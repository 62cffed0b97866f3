// The chat at the side bar's real size, in a workbench of its own (the shared one has long been
// opened, folded and resized by the other tests): Arbor opened for the first time in a 1600×1000
// window gives the chat the room (the Sessions view folded, the Session Tree smaller), the input and
// Send in view, and they stay in view with an approval card and a queued message pending, and in a
// 250 px side bar; at 300 px an edit's card fits whole, with no scroller of its own, and the
// conversation keeps a third of the view. The activity bar shows Arbor's own icon.
import * as assert from 'node:assert/strict';
import type { Frame, Locator } from 'playwright-core';
import { reply, startFakeAnthropic, text, toolUse, type FakeAnthropic } from '../support/fakeAnthropic';
import { e2ePicturesDir } from '../../scripts/lib/paths';
import { E2E_KEY } from './support/fake';
import { E2E_MODEL } from './support/hooks';
import { widenSideBar } from './support/screenshots';
import { ArborWorkbench, poll } from './support/workbench';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `inner` lies wholly inside `outer` (a pixel of rounding allowed). */
function inside(inner: Box, outer: Box): boolean {
  return inner.x >= outer.x - 1 && inner.y >= outer.y - 1 && inner.x + inner.width <= outer.x + outer.width + 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

async function box(locator: Locator, what: string): Promise<Box> {
  const found = await locator.boundingBox();
  assert.ok(found, `${what} has no box: it is not shown`);
  return found;
}

describe('Layout at the side bar’s real size', () => {
  let server: FakeAnthropic | undefined;
  let wb: ArborWorkbench | undefined;
  const workbench = (): ArborWorkbench => {
    if (!wb) throw new Error('The layout workbench did not start (see the "before all" hook failure)');
    return wb;
  };

  /** The Chat view's body on the page: where the chat can be seen. */
  const chatPane = (): Locator => workbench().page.locator('.pane', { has: workbench().paneHeader('Chat') }).locator('.pane-body');

  /** Asserts that the input and Send are wholly in the Chat view and the window; returns the chat's frame. */
  async function assertInputInView(when: string): Promise<Frame> {
    const frame = await workbench().chatFrame();
    const pane = await box(chatPane(), 'the Chat view');
    const viewport = workbench().page.viewportSize()!;
    const window = { x: 0, y: 0, width: viewport.width, height: viewport.height };
    for (const [what, locator] of [
      ['the input', frame.locator('#prompt')],
      ['Send', frame.getByRole('button', { name: /^Send$/ })],
    ] as const) {
      const shown = await box(locator, what);
      assert.ok(inside(shown, pane) && inside(shown, window), `${when}: ${what} at ${JSON.stringify(shown)} is not wholly in the Chat view ${JSON.stringify(pane)}`);
    }
    return frame;
  }

  before(async function () {
    this.timeout(5 * 60_000);
    server = await startFakeAnthropic({ apiKey: E2E_KEY });
    wb = await ArborWorkbench.start({
      userSettings: { 'arbor.baseUrl': server.url, 'arbor.model': E2E_MODEL, 'arbor.thinking': 'off' },
      env: { ANTHROPIC_API_KEY: E2E_KEY },
    });
    // The window, before Arbor's views are laid out for the first time.
    await wb.page.setViewportSize({ width: 1600, height: 1000 });
  });

  after(async () => {
    await wb?.stop();
    await server?.close();
  });

  it('opens for the first time with the chat given the room: Sessions folded, the tree smaller, the input and a disabled Send in view', async () => {
    const page = workbench().page;
    await workbench().openArbor();
    assert.equal(await workbench().paneHeader('Sessions').getAttribute('aria-expanded'), 'false');
    const chat = await box(chatPane(), 'the Chat view');
    const tree = await box(page.locator('.pane', { has: workbench().paneHeader('Session Tree') }).locator('.pane-body'), 'the Session Tree');
    assert.ok(chat.height > tree.height * 1.5, `the chat (${chat.height} px) is not clearly taller than the tree (${tree.height} px)`);
    const frame = await assertInputInView('on first open');
    await frame.locator('.empty-state').waitFor();
    assert.equal(await frame.getByRole('button', { name: /^Send$/ }).isDisabled(), true, 'Send is enabled with nothing to send');
    await workbench().screenshot('layout-first-open');
  });

  it('keeps the input and Send in view, and the conversation some room, with an approval card and a queued message pending', async () => {
    const frame = await workbench().chatFrame();
    server!.script(reply(text('I will run a command.'), toolUse('bash', { command: 'echo pending' })), text('Denied, so I stopped.'), text('The queued message is answered.'));
    const input = frame.locator('#prompt');
    await input.fill('Run the echo');
    await input.press('Enter');
    await frame.getByRole('button', { name: /^Allow once$/ }).waitFor();
    await input.fill('A message queued while the card waits');
    await input.press('Enter');
    await frame.locator('.queued-item').waitFor();
    await assertInputInView('with a card and a queued message');
    const room = await box(frame.locator('#conversation'), 'the conversation');
    assert.ok(room.height >= 100, `the conversation is squeezed to ${room.height} px`);
    await workbench().screenshot('layout-card-pending');
    // The README's first picture: the chat with a card and a queued message, the tree and the meter at first open.
    await workbench().screenshot('arbor-at-work', e2ePicturesDir);
    await frame.getByRole('button', { name: /^Deny$/ }).click();
    await poll('the queued message to be answered', async () => ((await frame.locator('#conversation').innerText()).includes('The queued message is answered.') ? true : undefined));
  });

  it('fits an edit approval card in a 300 px side bar with nothing in it scrolling on its own, Accept and Deny shown and the rest in a "More…" menu the keys open and Escape closes, and keeps a third of the view for the conversation with a queued message', async () => {
    await widenSideBar(300, workbench());
    const frame = await workbench().chatFrame();
    server!.script(reply(text('I will write the file.'), toolUse('write', { path: 'layout-card.txt', content: 'one\ntwo\nthree\n' })), text('Denied, so not written.'), text('The second queued message is answered.'));
    const input = frame.locator('#prompt');
    await input.fill('Write the layout file');
    await input.press('Enter');
    const card = frame.locator('#approvals .approval');
    await card.getByRole('button', { name: /^Accept$/ }).waitFor();
    await input.fill('Another message queued while the edit card waits');
    await input.press('Enter');
    await frame.locator('.queued-item').waitFor();
    await assertInputInView('with an edit card and a queued message at 300 px');
    const scrollers = await card.evaluate((element) =>
      [element, ...Array.from(element.querySelectorAll('*'))]
        .filter((node) => ['auto', 'scroll'].includes(getComputedStyle(node).overflowY) || ['auto', 'scroll'].includes(getComputedStyle(node).overflowX))
        .map((node) => `${node.tagName.toLowerCase()}.${node.className}`),
    );
    const view = (await frame.evaluate('window.innerHeight')) as number;
    const room = await box(frame.locator('#conversation'), 'the conversation');
    assert.deepEqual(
      { scrollers, conversationKeepsAThird: room.height >= view / 3, buttons: await card.locator('.approval-buttons button').allInnerTexts() },
      { scrollers: [], conversationKeepsAThird: true, buttons: ['Accept', 'Deny', 'More…'] },
      `the conversation is ${room.height} px of the ${view} px chat`,
    );
    await workbench().screenshot('layout-edit-card-300');

    // The menu from the keyboard: Enter on "More…" opens it on its first item, Escape closes it and gives the focus back.
    const more = card.getByRole('button', { name: /^More…$/ });
    const focused = async (): Promise<string> => (await frame.evaluate('document.activeElement ? document.activeElement.textContent : ""')) as string;
    await more.focus();
    await workbench().page.keyboard.press('Enter');
    assert.deepEqual(await card.getByRole('menuitem').allInnerTexts(), ['Always allow for this session', 'Deny with reason…', 'Open diff', 'Accept all', 'Deny all']);
    assert.equal(await focused(), 'Always allow for this session');
    await workbench().page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'Deny with reason…');
    await workbench().page.keyboard.press('Escape');
    await card.getByRole('menu').waitFor({ state: 'hidden' });
    assert.deepEqual([await more.getAttribute('aria-expanded'), await focused()], ['false', 'More…']);

    await card.getByRole('button', { name: /^Deny$/ }).click();
    await poll('the queued message to be answered', async () => ((await frame.locator('#conversation').innerText()).includes('The second queued message is answered.') ? true : undefined));
  });

  it('keeps the input, Send and an approval card\'s buttons reachable in a short Chat view', async () => {
    const page = workbench().page;
    await page.setViewportSize({ width: 1600, height: 430 });
    try {
      const frame = await workbench().chatFrame();
      server!.script(reply(text('I will run another command.'), toolUse('bash', { command: 'echo short' })), text('Denied again.'));
      const input = frame.locator('#prompt');
      await input.fill('Run the short echo');
      await input.press('Enter');
      const deny = frame.getByRole('button', { name: /^Deny$/ });
      await deny.waitFor();
      await assertInputInView('in a short view with a card');
      await deny.scrollIntoViewIfNeeded();
      assert.ok(inside(await box(deny, 'Deny'), await box(chatPane(), 'the Chat view')), 'the card\'s buttons cannot be brought into view');
      await workbench().screenshot('layout-short');
      await deny.click();
      await poll('the denial to be answered', async () => ((await frame.locator('#conversation').innerText()).includes('Denied again.') ? true : undefined));
    } finally {
      await page.setViewportSize({ width: 1600, height: 1000 });
    }
  });

  it('fits a 250 px side bar: the input and Send in view, nothing wider than the view', async () => {
    await widenSideBar(250, workbench());
    const frame = await assertInputInView('in a 250 px side bar');
    const overflow = (await frame.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
    assert.equal(overflow, 0);
    await workbench().screenshot('layout-narrow');
  });

  it("shows Arbor's own icon in the activity bar", async () => {
    const icon = workbench().page.locator('.activitybar .action-item a.action-label[aria-label^="Arbor"]');
    const mask = (await icon.evaluate((element) => {
      const style = getComputedStyle(element);
      return style.maskImage || style.webkitMaskImage;
    })) as string;
    // The workbench loads it from the installed extension's folder (a path in the URL's query).
    assert.match(decodeURIComponent(mask), /\/extensions\/arbor-dev\.arbor-[^/]+\/media\/arbor\.svg\b/);
  });
});
