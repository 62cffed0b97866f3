// `/` commands in the chat's input, in a real browser: `/` at the start opens the list of Arbor's
// commands (a listbox the input controls; Down moves, Escape closes), and `/compact <focus>` runs
// Compact Session with that focus: the summary request at the fake server carries it, and no
// message with the command's text is sent to the model.
import * as assert from 'node:assert/strict';
import { text, type RecordedRequest } from '../support/fakeAnthropic';
import { assertNoProblems, chat, composer, newSession, send, waitForCardText, waitForText } from './support/chat';
import { requestText } from './support/fake';
import { fake, workbench } from './support/hooks';

const FOCUS = 'the decisions about the slash parser';
const SUMMARY = 'Summary marker: the slash parser was planned in three steps.';

/** A long reply (about 1 500 tokens), so that a few turns exceed the 1 000 tokens kept word for word. */
function longReply(step: number): string {
  return `${`Step ${step} of the slash parser plan reads the name, then the argument after the first blank. `.repeat(55)}End of step ${step}.`;
}

describe('Slash commands in the chat input', () => {
  before(async () => {
    await workbench().openArbor();
  });

  it('opens the list of commands on / at the start of the input, moves with Down, and closes it with Escape', async () => {
    await newSession();
    const frame = await chat();
    const input = await composer();
    await input.focus();
    const keyboard = workbench().page.keyboard;
    await keyboard.type('/');
    const list = frame.locator('#slash-list');
    await list.waitFor({ state: 'visible' });
    assert.deepEqual(await list.locator('[role="option"] .slash-name').allInnerTexts(), ['/compact', '/tree', '/fork', '/new', '/label', '/export', '/model', '/name', '/undo-compaction', '/context']);
    assert.deepEqual([await list.getAttribute('role'), await input.getAttribute('aria-expanded'), await input.getAttribute('aria-activedescendant')], ['listbox', 'true', 'slash-option-compact']);
    await keyboard.press('ArrowDown');
    assert.equal(await input.getAttribute('aria-activedescendant'), 'slash-option-tree');
    await keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    assert.deepEqual([await input.inputValue(), await input.getAttribute('aria-expanded')], ['/', 'false']);
    await input.fill('');
    assertNoProblems();
  });

  it('runs Compact Session with the focus typed after /compact, sending no message', async () => {
    await newSession();
    for (const step of [1, 2, 3]) {
      fake().script(text(longReply(step)));
      await send(`Plan the slash parser, step ${step}`);
      await waitForText(`End of step ${step}.`);
    }
    const requestsBefore = fake().messageRequests().length;
    const summaryRequests: RecordedRequest[] = [];
    fake().server.setHandler(async (request) => {
      summaryRequests.push(request);
      return text(SUMMARY);
    });
    try {
      await send(`/compact ${FOCUS}`);
      await waitForCardText(SUMMARY);
    } finally {
      fake().server.setHandler(undefined);
    }
    assert.ok(summaryRequests.length > 0, 'no summary was asked for');
    assert.ok(summaryRequests.some((request) => requestText(request).includes(FOCUS)), 'the focus is not in the summary request');
    assert.equal(fake().messageRequests().length, requestsBefore + summaryRequests.length, 'a request other than the summary was sent');
    assert.ok(!summaryRequests.some((request) => requestText(request).includes('/compact')), 'the command text reached the model');
    assertNoProblems();
  });
});
