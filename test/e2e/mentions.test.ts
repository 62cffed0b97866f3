// @-mentions through the browser: the completion list opens on `@`, Enter inserts the file, a line
// range is typed after a path taken from the list, and the request at the fake server carries the
// file and the lines in their blocks before the typed text; the chat shows them as chips.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text } from '../support/fakeAnthropic';
import { assertNoProblems, chat, chatReady, composer, conversation, newSession, requestMessages, waitForText, wireText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { poll } from './support/workbench';

describe('@-mentions', () => {
  before(async () => {
    await workbench().openArbor();
  });

  /** Types `typed` after what the input holds, waits for `option` in the list and takes it with `key`. */
  async function pick(typed: string, option: string, key: 'Enter' | 'Tab'): Promise<void> {
    const input = await composer();
    await input.pressSequentially(typed);
    const frame = await chat();
    await poll(`the @ list to offer ${option}`, async () => {
      const active = await frame.locator('#mention-list [role="option"][aria-selected="true"]').innerText().catch(() => '');
      return active.trim() === option ? true : undefined;
    });
    await input.press(key);
  }

  it('mentions a file and a line range through the completion list, and the request carries their text', async () => {
    const wb = workbench();
    fs.mkdirSync(path.join(wb.workspaceDir, 'mention-e2e'), { recursive: true });
    fs.writeFileSync(path.join(wb.workspaceDir, 'mention-e2e', 'alpha-notes.txt'), 'alpha says hello\n');
    fs.writeFileSync(path.join(wb.workspaceDir, 'mention-e2e', 'beta-lines.txt'), 'one\ntwo\nthree\nfour\n');
    await newSession();
    await chatReady();
    fake().script(reply(text('Read both mentions.')));
    await pick('compare @alpha-no', 'mention-e2e/alpha-notes.txt', 'Enter');
    await pick(' with @beta-li', 'mention-e2e/beta-lines.txt', 'Tab');
    const input = await composer();
    // The list puts nothing after the path: the range typed next is the mention's, and the list stays shut.
    await input.pressSequentially('#L2-3');
    assert.equal(await (await chat()).locator('#mention-list').isHidden(), true, 'the @ list is open on a path just taken');
    await input.pressSequentially(' please');
    assert.equal(await input.inputValue(), 'compare @mention-e2e/alpha-notes.txt with @mention-e2e/beta-lines.txt#L2-3 please');
    await input.press('Enter');
    await waitForText('Read both mentions.');

    const user = requestMessages().at(-1);
    assert.equal(user?.role, 'user');
    assert.equal(
      wireText(user!),
      '<file name="mention-e2e/alpha-notes.txt">\nalpha says hello\n\n</file>\n' +
        '<file name="mention-e2e/beta-lines.txt#L2-3">\ntwo\nthree\n</file>\n' +
        'compare @mention-e2e/alpha-notes.txt with @mention-e2e/beta-lines.txt#L2-3 please',
    );
    const chips = (await conversation()).locator('.mention-chip');
    assert.deepEqual(await chips.allInnerTexts(), ['mention-e2e/alpha-notes.txt', 'mention-e2e/beta-lines.txt#L2-3']);
    assert.ok(!(await (await conversation()).innerText()).includes('alpha says hello'), 'the file text is a chip, not shown in the message');
    assertNoProblems();
  });

  it('leaves the @ list closed when Enter sends before its results come, and the next click is the click\'s', async () => {
    await chatReady();
    fake().script(reply(text('Sent with a mention half typed.')));
    const input = await composer();
    // Typed and sent at once, as a fast typist does: the list's query goes out after the message did.
    await input.evaluate((element) => {
      const textarea = element as HTMLTextAreaElement;
      textarea.focus();
      textarea.value = 'look at @alpha-no';
      textarea.setSelectionRange(textarea.value.length, textarea.value.length);
      textarea.dispatchEvent(new Event('input'));
      textarea.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await waitForText('Sent with a mention half typed.');
    const frame = await chat();
    assert.equal(await input.inputValue(), '');
    assert.equal(await frame.locator('#mention-list').isHidden(), true, 'the @ list opened again after the message was sent');
    assert.equal(await input.getAttribute('aria-expanded'), 'false');
    // A click where the list would have been lands on what is there.
    await input.click();
    await input.pressSequentially('after the click');
    assert.equal(await input.inputValue(), 'after the click');
    await input.fill('');
    assertNoProblems();
  });
});
