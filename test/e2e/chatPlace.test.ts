// The chat keeps the reader's place in a long conversation of long code blocks and short lines, in
// a 300 px side bar: after "Developer: Reload Window", after another session is opened and this one
// again, and after the Chat view is folded and unfolded, the message that was first in view is first
// in view again, at the same offset. (The heights above it are estimates until they are drawn: a
// pixel offset alone comes back on another message.)
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { assertNoProblems, chat, newSession } from './support/chat';
import { workbench } from './support/hooks';
import { widenSideBar } from './support/screenshots';
import { sessionWithTurns, treeRow } from './support/treeUi';
import { poll } from './support/workbench';

const TURNS = 14;
/** How far the place may come back from where it was (sub-pixel layout, a scrollbar's rounding). */
const SLACK_PX = 3;

/** A reply with a code block of `lines` lines (none: a short reply). */
function reply(turn: number, lines: number): string {
  const head = `Place answer ${turn}: here it is.`;
  if (lines === 0) return head;
  const code = Array.from({ length: lines }, (_, line) => `const value${turn}_${line} = compute(${turn}, ${line}); // step ${line} of the place test`);
  return `${head}\n\n\`\`\`ts\n${code.join('\n')}\n\`\`\`\n\nThat is all for ${turn}.`;
}

interface FirstInView {
  id: string;
  /** The start of what the item shows (its role, then its text). */
  text: string;
  /** How far the view's top is below the item's top. */
  offset: number;
}

/** The conversation's first item in view and how far into it the view starts. */
async function firstInView(frame: Frame): Promise<FirstInView | undefined> {
  return frame.evaluate(() => {
    const conversation = document.getElementById('conversation')!;
    const top = conversation.getBoundingClientRect().top;
    const items = Array.from(conversation.querySelectorAll<HTMLElement>(':scope > article[data-id]'));
    const first = items.find((item) => item.getBoundingClientRect().bottom > top + 0.5);
    if (!first) return undefined;
    return { id: first.dataset['id']!, text: first.innerText.replace(/\s+/g, ' ').trim().slice(0, 60), offset: Math.round(top - first.getBoundingClientRect().top) };
  });
}

/** Scrolls the conversation as a user would (a scroll of its own), to `share` of its height, and waits for it to draw. */
async function scrollToShare(frame: Frame, share: number): Promise<void> {
  await frame.evaluate((part) => {
    const conversation = document.getElementById('conversation')!;
    conversation.scrollTop = Math.round((conversation.scrollHeight - conversation.clientHeight) * part);
  }, share);
  await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The place once it is mid-message (some offset into an item) and stays so a frame later. */
async function placeAfterScrolling(frame: Frame, share: number): Promise<FirstInView> {
  await scrollToShare(frame, share);
  const place = await firstInView(frame);
  assert.ok(place, 'nothing is in view');
  await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  assert.deepEqual(await firstInView(frame), place, 'the place moved by itself after scrolling');
  return place;
}

/** Waits for `expected` to be the first item in view again, at its offset; fails saying what is there instead. */
async function placeComesBack(expected: FirstInView, when: string): Promise<void> {
  let seen: FirstInView | undefined;
  try {
    await poll(`"${expected.text}" ${expected.offset} px in to be first in view ${when}`, 60_000, async () => {
      seen = await firstInView(await chat()).catch(() => undefined);
      return seen && seen.id === expected.id && Math.abs(seen.offset - expected.offset) <= SLACK_PX ? true : undefined;
    });
  } catch {
    assert.fail(`${when}: first in view is ${JSON.stringify(seen)}, not ${JSON.stringify(expected)}`);
  }
}

describe('The chat keeps its place', () => {
  let widthBefore = 0;
  const firstPrompt = 'Place test: question 0';

  before(async function () {
    this.timeout(10 * 60_000);
    const wb = workbench();
    await wb.openArbor();
    widthBefore = Math.round((await wb.page.locator('.part.sidebar').boundingBox())?.width ?? 0);
    await widenSideBar(300);
    // Long code blocks and short lines: heights far from any one estimate.
    await sessionWithTurns(Array.from({ length: TURNS }, (_, turn) => [`Place test: question ${turn}`, reply(turn, [0, 24, 2, 40][turn % 4]!)] as const));
  });

  after(async () => {
    if (widthBefore > 0) await widenSideBar(widthBefore);
  });

  it('shows the message that was first in view, at the same offset, after "Developer: Reload Window"', async () => {
    const wb = workbench();
    const before = await placeAfterScrolling(await chat(), 0.45);
    await wb.reloadWindow();
    await wb.openArbor();
    await placeComesBack(before, 'after Reload Window');
    assertNoProblems();
  });

  it('comes back to the same place when another session is opened and then this one again', async () => {
    const wb = workbench();
    const before = await placeAfterScrolling(await chat(), 0.3);
    await newSession();
    await wb.setPaneExpanded('Sessions', true);
    try {
      const row = treeRow(firstPrompt, 'Sessions');
      await row.waitFor();
      await row.locator('.label-name, .monaco-icon-label').first().click();
      await placeComesBack(before, 'after opening the session again');
    } finally {
      await wb.setPaneExpanded('Sessions', false);
    }
    assertNoProblems();
  });

  it('comes back to the same place when the Chat view is folded and unfolded', async () => {
    const wb = workbench();
    const before = await placeAfterScrolling(await chat(), 0.6);
    await wb.setPaneExpanded('Chat', false);
    await wb.setPaneExpanded('Chat', true);
    await placeComesBack(before, 'after folding the Chat view');
    assertNoProblems();
  });

  it('stays where the user scrolled a few pixels up from the end, instead of snapping back to it', async () => {
    const frame = await chat();
    await scrollToShare(frame, 1);
    const end = await frame.evaluate(() => Math.round(document.getElementById('conversation')!.scrollTop));
    await frame.evaluate(() => {
      document.getElementById('conversation')!.scrollTop -= 20;
    });
    // Two frames: the list's update after a scroll runs in the next one.
    await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    assert.equal(await frame.evaluate(() => Math.round(document.getElementById('conversation')!.scrollTop)), end - 20, 'the view snapped back to the end');
    assertNoProblems();
  });
});
