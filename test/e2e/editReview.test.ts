// Edits reviewed in the diff editor, from the chat card: a write waiting for approval opens its
// diff; "Reject with reason…" asks in an input box and the model reads the reason; "Accept all"
// writes the edit shown and the next one of the same turn without asking again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { assertNoProblems, chat, chatButton, newSession, requestMessages, send, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { quickInput } from './support/treeUi';
import { poll } from './support/workbench';

/** The text of the tool results of the last request at the fake server. */
function lastToolResultTexts(): string[] {
  const last = requestMessages().at(-1);
  assert.ok(last && typeof last.content !== 'string', 'the last message carries no blocks');
  return (last.content as { type: string; content?: unknown }[])
    .filter((block) => block.type === 'tool_result')
    .map((block) => (typeof block.content === 'string' ? block.content : (block.content as { text?: string }[]).map((part) => part.text ?? '').join('')));
}

/** The editor tab of a proposed edit's diff (its title names the file). */
function diffTab(name: string) {
  return workbench().page.locator('.tabs-container .tab').filter({ hasText: name });
}

describe('Edit review from the chat card', () => {
  before(async () => {
    await workbench().openArbor();
  });

  it('rejects with a reason typed in the input box, and the model receives the reason', async () => {
    const wb = workbench();
    const name = 'reasoned.txt';
    await newSession();
    fake().script(reply(text('I will write a file.'), toolUse('write', { path: name, content: 'in French\n' })), text('Understood, not written.'));
    await send(`Write ${name}`);
    await diffTab(name).first().waitFor();
    await (await chatButton(/^Reject with reason…$/)).click();
    await quickInput().locator('input').waitFor();
    await quickInput().locator('input').fill('keep the notes in English');
    await wb.page.keyboard.press('Enter');
    await waitForText('Understood, not written.');
    assert.equal(fs.existsSync(path.join(wb.workspaceDir, name)), false);
    assert.deepEqual(lastToolResultTexts(), ['The user denied this tool call. Their reason: keep the notes in English']);
    await poll('the diff tab to close', async () => ((await diffTab(name).count()) === 0 ? true : undefined));
    assertNoProblems();
  });

  it('writes two edits of one turn with "Accept all", asking once', async () => {
    const wb = workbench();
    await newSession();
    fake().script(
      reply(text('Two files.'), toolUse('write', { path: 'first.txt', content: 'one\n' }), toolUse('write', { path: 'second.txt', content: 'two\n' })),
      text('Both written.'),
    );
    await send('Write two files');
    await diffTab('first.txt').first().waitFor();
    await (await chatButton(/^Accept all$/)).click();
    await waitForText('Both written.');
    assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'first.txt'), 'utf8'), 'one\n');
    assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'second.txt'), 'utf8'), 'two\n');
    assert.deepEqual(lastToolResultTexts(), ['Wrote 4 bytes to first.txt', 'Wrote 4 bytes to second.txt']);
    assert.equal(await (await chat()).locator('.approval').count(), 0, 'no card is left waiting');
    assert.equal(await diffTab('second.txt').count(), 0, 'the second edit opened no diff');
    assertNoProblems();
  });
});
