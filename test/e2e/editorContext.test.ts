// The editor's context and images in the chat's input, in a real VS Code in the browser: Add
// Selection to Chat from an editor puts `@file#Lx-y` at the input's caret, the active editor's chip
// goes with a message and stays out of it once removed, and a pasted image is sent as an image block
// (at the fake server) and stored as pi stores it (in the session file).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text } from '../support/fakeAnthropic';
import { assertNoProblems, chat, chatReady, composer, newSession, readEntries, requestMessages, send, sessionFiles, waitForInput, waitForSessionFileWith, waitForText, wireText } from './support/chat';
import { openFile } from './support/editors';
import { fake, workbench } from './support/hooks';
import { poll } from './support/workbench';

const SAMPLE = 'src/context-sample.ts';
/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The editor's selection as its status bar item reads it ("Ln 13, Col 1 (96 selected)"). */
async function statusSelection(): Promise<string> {
  return (await workbench().page.locator('[id="status.editor.selection"]').innerText()).trim();
}

/**
 * Selects from the start of line `from` to the start of line `to` in the active editor: Go to Line
 * with its input filled (typing it key by key loses keys on a loaded machine), then Shift+Down. The
 * status bar must then show the caret on `to` with a selection; if a key was lost it does not, and
 * the whole selection is made again rather than the test going on with the wrong lines.
 */
async function selectLines(from: number, to: number): Promise<void> {
  const wb = workbench();
  const expected = (shown: string): boolean => shown.startsWith(`Ln ${to}, Col 1 (`) && shown.includes('selected');
  await poll(`lines ${from} to ${to - 1} selected`, async () => {
    await wb.page.keyboard.press('Control+G');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(`:${from}`);
    // Enter before the picker offers the line does nothing and leaves it open: wait for the offer.
    await wb.page.locator('.quick-input-widget .monaco-list-row', { hasText: `line ${from}` }).first().waitFor();
    await input.press('Enter');
    await wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    for (let line = from; line < to; line++) await wb.page.keyboard.press('Shift+ArrowDown');
    return poll('the status bar to show the selection', 5000, async () => (expected(await statusSelection()) ? true : undefined)).catch(() => undefined);
  });
}

async function chipNames(): Promise<string[]> {
  return (await chat()).locator('.attachments .chip-editor .chip-label').allInnerTexts();
}

/** The last request's last user message, as the fake server received it. */
function lastUserMessage() {
  const user = requestMessages().filter((message) => message.role === 'user').at(-1);
  assert.ok(user, 'the request carried no user message');
  return user;
}

describe('Editor context and images in the chat input', () => {
  before(async () => {
    const wb = workbench();
    const file = path.join(wb.workspaceDir, SAMPLE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Array.from({ length: 30 }, (_, i) => `export const line${i + 1} = ${i + 1};`).join('\n') + '\n');
    await wb.openArbor();
  });

  after(async () => {
    await workbench().runCommand('View: Close All Editors');
  });

  it('puts @file#Lx-y for the lines selected in the editor at the input caret, keeping the draft (Add Selection to Chat)', async () => {
    const wb = workbench();
    await newSession();
    await chatReady();
    const input = await composer();
    await input.fill('Look at');
    await openFile(SAMPLE);
    await selectLines(10, 13);
    await wb.page.keyboard.press('Control+Alt+K');
    await waitForInput(`Look at @${SAMPLE}#L10-12 `);
    // The chat took the focus: what is typed next follows the mention.
    await wb.page.keyboard.type('please');
    await waitForInput(`Look at @${SAMPLE}#L10-12 please`);
    await input.fill('');
    assertNoProblems();
  });

  it('sends the active editor as a mention with the message, and leaves it out of a message whose chip was removed', async () => {
    await newSession();
    await openFile(SAMPLE);
    await poll('the active editor chip', async () => ((await chipNames()).join() === 'context-sample.ts' ? true : undefined));

    fake().script(reply(text('Seen the file.')));
    await send('What does this file hold?');
    await waitForText('Seen the file.');
    assert.ok(wireText(lastUserMessage()).includes(SAMPLE), wireText(lastUserMessage()));

    // The chip came back for the next message; removed, the next message goes without the file.
    await poll('the chip back after sending', async () => ((await chipNames()).join() === 'context-sample.ts' ? true : undefined));
    await (await chat()).locator('.attachments .chip-editor .chip-remove').click();
    assert.deepEqual(await chipNames(), []);
    fake().script(reply(text('Without the file.')));
    await send('And now without it');
    await waitForText('Without the file.');
    assert.equal(wireText(lastUserMessage()), 'And now without it');
    await poll('the chip back for the message after', async () => ((await chipNames()).join() === 'context-sample.ts' ? true : undefined));
    await workbench().runCommand('View: Close All Editors');
    await poll('no chip without an editor', async () => ((await chipNames()).length === 0 ? true : undefined));
    assertNoProblems();
  });

  it('mentions a file dropped on the input from the Explorer at the caret, and refuses one outside the workspace', async () => {
    await newSession();
    await chatReady();
    const input = await composer();
    await input.fill('Compare');
    const inside = `file://${path.join(workbench().workspaceDir, SAMPLE)}`;
    const drop = async (uri: string): Promise<void> =>
      (await chat()).locator('#prompt').evaluate((node, list) => {
        const transfer = new DataTransfer();
        transfer.setData('text/uri-list', list);
        node.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, uri);
    await drop(inside);
    await waitForInput(`Compare @${SAMPLE} `);
    await drop('file:///etc/passwd');
    await poll('the refusal', async () => ((await (await chat()).locator('#notices').innerText()).includes('passwd is not a file of the workspace') ? true : undefined));
    await waitForInput(`Compare @${SAMPLE} `);
    await input.fill('');
    await (await chat()).locator('#notices .notice button[data-action="dismiss"]').first().click();
    assertNoProblems();
  });

  it('sends a pasted image as an image block after the text, stores it as pi does, and shows it in the chat', async () => {
    await newSession();
    await chatReady();
    const before = sessionFiles();
    const frame = await chat();
    await frame.locator('#prompt').evaluate((input, data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dot.png', { type: 'image/png' }));
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, PNG_BASE64);
    await frame.locator('.attachments .chip-image img').waitFor();

    fake().script(reply(text('A single dot.')));
    await send('What is in this picture?');
    await waitForText('A single dot.');
    const user = lastUserMessage();
    // The cache breakpoint on the last block is the request's, not the message's.
    const blocks = Array.isArray(user.content) ? user.content.map(({ cache_control: _breakpoint, ...block }: Record<string, unknown>) => block) : user.content;
    assert.deepEqual(blocks, [
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
    ]);
    const file = await waitForSessionFileWith(before, 'What is in this picture?');
    const stored = readEntries(file).find((entry) => entry.message?.role === 'user');
    assert.deepEqual(stored?.message?.content, [
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
    ]);
    // Sent: the chip left the input, and the message shows the image.
    assert.equal(await frame.locator('.attachments .chip-image').count(), 0);
    await frame.locator('#conversation img.chat-image').first().waitFor();
    assertNoProblems();
  });
});
