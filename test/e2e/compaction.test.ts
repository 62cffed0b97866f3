// Compact Session from the palette (focus instructions → progress → the card in the chat → the
// meter drops), the meter's click, and Undo Compaction after more turns. The first three tests of
// this file build on each other in order: one long session, compacted, then continued and undone.
// The last one compacts a session of its own: the card's numbers against the meter's.
import * as assert from 'node:assert/strict';
import { reply, text, usage, type RecordedRequest } from '../support/fakeAnthropic';
import {
  assertNoProblems,
  conversation,
  meterItem,
  meterText,
  meterTokens,
  newSession,
  requestMessages,
  send,
  waitForCardText,
  waitForText,
  wireText,
} from './support/chat';
import { requestText } from './support/fake';
import { fake, workbench } from './support/hooks';
import { CHAT_ONLY, docsImage } from './support/screenshots';
import { answerInputBox, inputBoxAsking, quickInput } from './support/treeUi';
import { poll, untilStable } from './support/workbench';

const FOCUS = 'Keep the decisions about the tokenizer cache';
const SUMMARY = 'Summary marker: the user and Arbor planned the tokenizer cache in three steps.';
const FIRST_PROMPT = 'Describe the tokenizer cache plan, step one';

/** "12.6k" → 12600, as the card and the meter write a count. */
function tokensOf(written: string): number {
  return written.endsWith('k') ? Number(written.slice(0, -1)) * 1000 : Number(written);
}

/** The meter's reading once it has stopped changing. */
async function settledMeter(): Promise<number> {
  await untilStable('the meter to settle', () => meterText(), 3);
  return meterTokens(await meterText());
}

/** A long reply (about 1 500 tokens), so that a few turns exceed the 1 000 tokens kept word for word. */
function longReply(step: number): string {
  const sentence = `Step ${step} of the tokenizer cache plan keeps every computed count keyed by the text hash, so that repeated questions cost nothing. `;
  return `${sentence.repeat(48)}End of step ${step}.`;
}

describe('Compaction', () => {
  let meterBefore = 0;

  before(async () => {
    await workbench().openArbor();
  });

  it('compacts from the palette with focus instructions: progress, a card with the summary, a smaller meter', async () => {
    const wb = workbench();
    await newSession();
    const prompts = [FIRST_PROMPT, 'Now step two', 'And step three'];
    for (const [index, prompt] of prompts.entries()) {
      fake().script(text(longReply(index + 1)));
      await send(prompt);
      await waitForText(`End of step ${index + 1}.`);
    }
    meterBefore = meterTokens(await meterText());
    // Scrolled up to the first message: the card must still come into view when the compaction is written.
    await (await conversation()).evaluate((element) => {
      const scroller = element.scrollHeight > element.clientHeight ? element : (document.scrollingElement as HTMLElement);
      scroller.scrollTop = 0;
    });

    // The summary requests wait until the test has seen the progress notification.
    const summaryRequests: RecordedRequest[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake().server.setHandler(async (request) => {
      summaryRequests.push(request);
      await gate;
      return text(SUMMARY);
    });
    try {
      await wb.runCommand('Arbor: Compact Session');
      await answerInputBox(/focus/i, FOCUS);
      await wb.page.locator('.notification-toast').filter({ hasText: /compact/i }).first().waitFor();
      release();
      await waitForCardText(SUMMARY);
    } finally {
      release();
      fake().server.setHandler(undefined);
    }
    const cardTop = await poll('the compaction card to come into view, its top first', async () => {
      const where = await (await conversation()).evaluate((element) => {
        const item = [...element.querySelectorAll<HTMLElement>('.item')].find((node) => node.textContent?.includes('Summary marker'));
        const view = (element.scrollHeight > element.clientHeight ? element : document.documentElement).getBoundingClientRect();
        const box = item?.getBoundingClientRect();
        return box ? { top: Math.round(box.top), viewTop: Math.round(Math.max(view.top, 0)), viewBottom: Math.round(Math.min(view.bottom, window.innerHeight)) } : undefined;
      });
      return where && where.top >= where.viewTop - 1 && where.top < where.viewBottom ? where : undefined;
    }).catch(() => undefined);
    assert.ok(cardTop, 'the compaction card is not in view');
    assert.ok(summaryRequests.length > 0);
    assert.ok(summaryRequests.some((request) => requestText(request).includes(FOCUS)), 'the focus instructions are not in the summary request');
    const card = (await conversation()).locator('details, [aria-expanded]').filter({ hasText: 'Summary marker' });
    assert.ok((await card.count()) > 0, 'the summary is not behind a <details> or aria-expanded toggle');
    const after = await poll('the meter to drop', async () => {
      const tokens = meterTokens(await meterText());
      return tokens < meterBefore ? tokens : undefined;
    });
    assert.ok(after < meterBefore);
    await docsImage('chat-compaction-card', CHAT_ONLY);
    assertNoProblems();
  });

  it('runs Compact Session when the meter is clicked', async () => {
    const wb = workbench();
    const requestsBefore = fake().messageRequests().length;
    await (await meterItem()).click();
    await inputBoxAsking(/focus/i);
    await wb.closeQuickInput();
    // Escape cancels: nothing was sent.
    assert.equal(fake().messageRequests().length, requestsBefore);
    assertNoProblems();
  });

  it('undoes the compaction without asking, after more turns, and the next request carries the old messages instead of the summary', async () => {
    const wb = workbench();
    fake().script(text('A turn after the compaction.'));
    await send('One more question after compacting');
    await waitForText('A turn after the compaction.');
    assert.ok(requestMessages().some((message) => wireText(message).includes('Summary marker')), 'the compacted context carries the summary');

    const compactedTokens = meterTokens(await meterText());
    await wb.runCommand('Arbor: Undo Compaction');
    // The meter follows the move at once: the context before the compaction is the larger one.
    await poll('the meter to rise back', async () => (meterTokens(await meterText()) > compactedTokens ? true : undefined));
    // It asks nothing: no input box, no dialog; the chat goes back to the branch before the compaction.
    await poll('the chat to show the branch before the compaction', async () => {
      const shown = await (await conversation()).innerText();
      return shown.includes('End of step 3.') && !shown.includes('A turn after the compaction.') ? true : undefined;
    });
    // The palette that ran it closes, and nothing else opens in its place (a question would stay open).
    await quickInput().waitFor({ state: 'hidden' });
    assert.equal(await wb.page.locator('.monaco-dialog-box').count(), 0);

    fake().script(text('Back on the uncompacted branch.'));
    await send('Continue from before the compaction');
    await waitForText('Back on the uncompacted branch.');
    const sent = requestMessages().map(wireText).join('\n');
    assert.ok(!sent.includes('Summary marker'), 'the request still carries the compaction summary');
    assert.ok(sent.includes(FIRST_PROMPT), 'the request lacks the messages from before the compaction');
    assert.ok(!sent.includes('One more question after compacting'), 'the request carries the turn made after the compaction');
    assertNoProblems();
  });

  it("gives the card's after as the meter's reading right after and below before, with a high calibration ratio and a long reply kept", async () => {
    const wb = workbench();
    await newSession();
    const prompt = 'Numbers test: a prompt long enough for the estimate to calibrate on. '.repeat(4);
    // The provider counts the second prompt far above its estimate: the calibration's ratio is 3, its highest.
    fake().script(reply(text('Noted the first.'), usage({ input_tokens: 5_000, output_tokens: 10 })));
    await send(`First: ${prompt}`);
    await waitForText('Noted the first.');
    fake().script(reply(text('Noted the second.'), usage({ input_tokens: 6_500, output_tokens: 10 })));
    await send(`Second: ${prompt}`);
    await waitForText('Noted the second.');
    // A long last reply: the compaction keeps it word for word.
    fake().script(reply(text(`${longReply(7).repeat(4)} End of the long answer.`), usage({ input_tokens: 6_600, output_tokens: 6_000 })));
    await send('Now the long answer');
    await waitForText('End of the long answer.');
    const before = await settledMeter();

    fake().server.setHandler(async () => text('Numbers summary: two prompts noted, then a long answer.'));
    try {
      await wb.runCommand('Arbor: Compact Session');
      await answerInputBox(/focus/i, 'Keep the numbers');
      await waitForCardText('Numbers summary');
    } finally {
      fake().server.setHandler(undefined);
    }
    const heading = await (await conversation()).locator('.card-heading').filter({ hasText: 'Context compacted' }).last().innerText();
    const numbers = /([\d.]+k?) → about ([\d.]+k?) tokens/.exec(heading);
    assert.ok(numbers, `the card reads "${heading}"`);
    const [cardBefore, cardAfter] = [tokensOf(numbers[1]!), tokensOf(numbers[2]!)];
    const after = await poll('the meter to drop', async () => {
      const tokens = meterTokens(await meterText());
      return tokens < before ? tokens : undefined;
    });
    assert.deepEqual([cardBefore, cardAfter], [before, after]);
    assert.ok(cardAfter < cardBefore, `${cardAfter} < ${cardBefore}`);
    assertNoProblems();
  });
});
