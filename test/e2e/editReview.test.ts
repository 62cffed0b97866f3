// Edits reviewed in the diff editor, from the chat card: a write waiting for approval opens its
// diff; "Deny with reason…" (in the card's "More…" menu) asks in an input box and the model reads the reason; "Accept all"
// writes the edit shown and the next one of the same turn without asking again; a file changed on
// disk while its diff is open gets a fresh diff and is never written over blind. After the write,
// the card's "Show diff" (written without review) or "Open diff" opens what was written, also
// after a window reload, when it is rebuilt from the session.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { assertNoProblems, cardMenuItem, chat, chatButton, newSession, requestMessages, send, waitForText } from './support/chat';
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

/** The active diff editor's two sides as they are drawn (visible lines, spaces as spaces). */
async function diffSides(): Promise<{ original: string; modified: string }> {
  const editor = workbench().page.locator('.editor-group-container.active .monaco-diff-editor').first();
  const side = async (which: string) => (await editor.locator(`.editor.${which} .view-lines`).first().innerText()).replace(/\u00a0/g, ' ');
  return { original: await side('original'), modified: await side('modified') };
}

/** Waits until the active diff editor shows `original` on its left and `modified` on its right (each a part of the side). */
async function waitForDiff(original: string, modified: string): Promise<{ original: string; modified: string }> {
  return poll(`the diff editor to show "${original}" ↔ "${modified}"`, async () => {
    const sides = await diffSides().catch(() => undefined);
    return sides && sides.original.includes(original) && sides.modified.includes(modified) ? sides : undefined;
  });
}

/** The "Show diff" / "Open diff" button on the tool card of the call whose summary names `file`. */
async function writtenDiffButton(file: string, name: RegExp) {
  const button = (await chat()).locator('.tool-card').filter({ hasText: file }).getByRole('button', { name }).first();
  await button.waitFor({ state: 'visible' });
  return button;
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
    await (await cardMenuItem(/^Deny with reason…$/)).click();
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
    await (await cardMenuItem(/^Accept all$/)).click();
    await waitForText('Both written.');
    assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'first.txt'), 'utf8'), 'one\n');
    assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'second.txt'), 'utf8'), 'two\n');
    assert.deepEqual(lastToolResultTexts(), ['Wrote 4 bytes to first.txt', 'Wrote 4 bytes to second.txt']);
    assert.equal(await (await chat()).locator('.approval').count(), 0, 'no card is left waiting');
    assert.equal(await diffTab('second.txt').count(), 0, 'the second edit opened no diff');
    assertNoProblems();
  });

  it('refreshes the diff of a file changed on disk while it was open, and writes nothing over the change', async () => {
    const wb = workbench();
    const file = path.join(wb.workspaceDir, 'drift.txt');
    fs.writeFileSync(file, 'alpha\nbeta\n');
    await newSession();
    fake().script(reply(text('Changing beta.'), toolUse('edit', { path: 'drift.txt', edits: [{ oldText: 'beta', newText: 'BETA' }] })), text('Edited after the change.'));
    await send('Shout beta in drift.txt');
    await diffTab('drift.txt').first().waitFor();
    await waitForDiff('beta', 'BETA');
    // Someone else changes the file while the diff is open; then the user accepts what they saw.
    fs.writeFileSync(file, 'zero\nalpha\nbeta\n');
    await (await chatButton(/^Accept$/)).click();
    const frame = await chat();
    await frame.locator('.approval').filter({ hasText: 'The file changed on disk while its diff was open' }).waitFor();
    assert.equal(fs.readFileSync(file, 'utf8'), 'zero\nalpha\nbeta\n', 'the accepted diff was written over the change on disk');
    // The fresh diff is made from the file as it is now.
    const sides = await waitForDiff('zero', 'zero');
    assert.ok(sides.modified.includes('BETA') && sides.original.includes('beta'), `the refreshed diff: ${JSON.stringify(sides)}`);
    await (await chatButton(/^Accept$/)).click();
    await waitForText('Edited after the change.');
    assert.equal(fs.readFileSync(file, 'utf8'), 'zero\nalpha\nBETA\n');
    assert.deepEqual(lastToolResultTexts(), ['Replaced 1 block in drift.txt.']);
    assertNoProblems();
  });

  it('links "Show diff" on a write allowed for the session: written at once, its diff opens as written', async () => {
    const wb = workbench();
    fs.writeFileSync(path.join(wb.workspaceDir, 'allowed.txt'), 'before the write\n');
    await newSession();
    fake().script(
      reply(text('First file.'), toolUse('write', { path: 'first-allowed.txt', content: 'first\n' })),
      reply(text('Second file, unasked.'), toolUse('write', { path: 'allowed.txt', content: 'after the write\n' })),
      text('Both written.'),
    );
    await send('Write two files');
    await (await cardMenuItem(/^Always allow for this session$/)).click();
    await waitForText('Both written.');
    assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'allowed.txt'), 'utf8'), 'after the write\n');
    assert.equal(await diffTab('allowed.txt').count(), 0, 'the allowed write opened a diff for review');
    const card = (await chat()).locator('.tool-card').filter({ hasText: 'allowed.txt' }).filter({ hasNotText: 'first-allowed' });
    assert.equal(await card.locator('.auto-approved').innerText(), 'written without review');
    await (await writtenDiffButton('allowed.txt', /^Show diff$/)).click();
    await diffTab('allowed.txt (written without review)').first().waitFor();
    await waitForDiff('before the write', 'after the write');
    assertNoProblems();
  });

  it('opens the diff of an accepted edit from its card after a reload, rebuilt from the session', async () => {
    const wb = workbench();
    const lines = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`);
    fs.writeFileSync(path.join(wb.workspaceDir, 'rebuilt.txt'), `${lines.join('\n')}\n`);
    await newSession();
    fake().script(reply(text('Renaming line 6.'), toolUse('edit', { path: 'rebuilt.txt', edits: [{ oldText: 'line 6', newText: 'line six' }] })), text('Line 6 renamed.'));
    await send('Rename line 6 of rebuilt.txt');
    await diffTab('rebuilt.txt').first().waitFor();
    await (await chatButton(/^Accept$/)).click();
    await waitForText('Line 6 renamed.');
    await poll('the review diff to close', async () => ((await diffTab('rebuilt.txt').count()) === 0 ? true : undefined));

    await wb.reloadWindow();
    await wb.openArbor();
    await waitForText('Line 6 renamed.');
    await (await writtenDiffButton('rebuilt.txt', /^Open diff$/)).click();
    await diffTab('rebuilt.txt (rebuilt from the session)').first().waitFor();
    // The whole file on both sides: the lines the recorded diff skipped come from the disk.
    const sides = await waitForDiff('line 6', 'line six');
    assert.ok(sides.original.includes('line 1') && sides.modified.includes('line 12'), `the rebuilt sides: ${JSON.stringify(sides)}`);
    assert.ok(!sides.modified.includes('line 6\n'), 'the written side still shows the old line');
    assertNoProblems();
  });
});
