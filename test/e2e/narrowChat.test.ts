// A branched session in a narrow side bar: once the file holds usage on another branch, the line
// under the input reads "Spent … on this branch · … in all". At 300 and 250 px nothing in the chat
// is wider than the view (no sideways scroll), the line wraps and stays whole, and the input and
// Send stay in view.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Frame } from 'playwright-core';
import { serializeLine } from '../../src/core/session';
import { assistant, msg, user } from '../support/builders';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { assertNoProblems, chat, chatButton, entryText, newSession, readEntries, send, sessionFiles, waitForSessionFileWith, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { widenSideBar } from './support/screenshots';
import { openArborForTree } from './support/treeUi';
import { poll } from './support/workbench';

/**
 * What is wider than its box in the chat: the page, the conversation and each of its items, the line
 * under the input. A string, so that no helper the test's compiler adds goes into the page.
 */
const OVERFLOWING = `(() => {
  const boxes = [['the page', document.documentElement], ['the body', document.body], ['the conversation', document.querySelector('#conversation')],
    ...[...document.querySelectorAll('#conversation .item')].map((item, index) => ['item ' + index, item]),
    ['the project line', document.querySelector('.project-line')], ['the totals', document.querySelector('.project-totals')]];
  return boxes.filter(([, element]) => element && element.scrollWidth > element.clientWidth)
    .map(([what, element]) => what + ': ' + element.scrollWidth + ' > ' + element.clientWidth);
})()`;

async function overflowing(frame: Frame): Promise<string[]> {
  return (await frame.evaluate(OVERFLOWING)) as string[];
}

describe('A branched session in a narrow side bar', () => {
  let widthBefore = 0;

  before(async () => {
    await openArborForTree();
    widthBefore = Math.round((await workbench().page.locator('.part.sidebar').boundingBox())?.width ?? 0);
  });

  after(async () => {
    if (widthBefore > 0) await widenSideBar(widthBefore);
    // Leave no "another program is writing" toast behind for the tests that follow.
    await workbench().runCommand('Notifications: Clear All Notifications');
  });

  it('shows "Spent … on this branch · … in all" with no sideways scroll at 300 and 250 px, the input and Send in view', async () => {
    await newSession();
    const before = sessionFiles();
    fake().script(text('Narrow: the first answer.'), text('Narrow: the second answer.'));
    await send('Narrow: the first question');
    await waitForText('Narrow: the first answer.');
    await send('Narrow: the second question');
    await waitForText('Narrow: the second answer.');
    const file = await waitForSessionFileWith(before, 'Narrow: the second answer.');
    // Another writer answers on a branch off the first answer: the file now spends beyond this branch.
    const first = readEntries(file).find((entry) => entryText(entry) === 'Narrow: the first answer.')!;
    const [questionId, answerId] = [randomBytes(4).toString('hex'), randomBytes(4).toString('hex')];
    const lines = serializeLine(msg(questionId, first.id, user('Narrow: asked elsewhere'))) + serializeLine(msg(answerId, questionId, assistant('Narrow: answered elsewhere')));
    execFileSync(process.execPath, ['-e', `require('node:fs').appendFileSync(process.argv[1], process.argv[2])`, file, lines]);

    const frame = await chat();
    const totals = frame.locator('.project-totals');
    const line = await poll('the totals line to count the other branch', async () => {
      const shown = (await totals.innerText().catch(() => '')).trim();
      return shown.endsWith('in all') ? shown : undefined;
    });
    assert.match(line, /^Spent \$[\d.]+ · [\d.]+k? tokens processed on this branch · \$[\d.]+ in all$/);

    for (const width of [300, 250]) {
      await widenSideBar(width);
      await poll(`the chat to lay out at ${width} px`, async () => (((await frame.evaluate('document.documentElement.clientWidth')) as number) < width ? true : undefined));
      assert.deepEqual(await overflowing(frame), [], `at ${width} px`);
      // The line wraps rather than being cut: all of it is still on screen.
      assert.equal((await totals.innerText()).replace(/\s+/g, ' ').trim(), line);
      for (const [what, locator] of [
        ['the input', frame.locator('#prompt')],
        ['Send', frame.getByRole('button', { name: /^Send$/ })],
      ] as const) {
        const box = await locator.evaluate((element) => element.getBoundingClientRect().toJSON() as { left: number; right: number; top: number; bottom: number });
        const view = (await frame.evaluate('[document.documentElement.clientWidth, document.documentElement.clientHeight]')) as [number, number];
        const inView = box.left >= 0 && box.right <= view[0] + 1 && box.top >= 0 && box.bottom <= view[1] + 1;
        assert.ok(inView, `at ${width} px ${what} is not wholly in view`);
      }
      await workbench().screenshot(`narrow-chat-${width}`);
    }
    assertNoProblems();
  });

  it("keeps a finished edit card's tool name on one line at 250 px, its long path giving way", async () => {
    await widenSideBar(400);
    await newSession();
    const file = 'narrow-card/a-rather-long-folder-name/and-a-long-file-name-too.txt';
    fake().script(reply(toolUse('write', { path: file, content: 'narrow\n' })), text('Narrow: written.'));
    await send('Narrow: write the file');
    await (await chatButton(/^Accept$/)).click();
    await waitForText('Narrow: written.');
    const frame = await chat();
    await widenSideBar(250);
    await poll('the chat to lay out at 250 px', async () => (((await frame.evaluate('document.documentElement.clientWidth')) as number) < 250 ? true : undefined));
    const name = frame.locator('.card > summary .tool-name', { hasText: /^write$/ }).last();
    const lines = await name.evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    assert.equal(lines, 1, 'the tool name breaks across lines');
    assert.equal(await name.innerText(), 'write');
    assert.deepEqual(await overflowing(frame), []);
    assertNoProblems();
  });
});
