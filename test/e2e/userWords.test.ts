// Your words everywhere: a message sent with an editor open (the active editor's chip) and one with
// an `@` mention carry the files' text before the words typed; the Session Tree, the Sessions view,
// Search Sessions… and Switch Branch… name each message by the words typed, with "· 1 file" after
// them, never by the `<file name="…">` block in front. The chip says that the file goes with the
// message, and a file opened from the chat itself is not attached.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text } from '../support/fakeAnthropic';
import { assertNoProblems, chat, chatReady, conversation, newSession, requestMessages, send, waitForText, wireText } from './support/chat';
import { openFile } from './support/editors';
import { fake, workbench } from './support/hooks';
import { openArborForTree, quickInput, quickPickLabels } from './support/treeUi';
import { poll, untilStable } from './support/workbench';

const SLUG = 'words-e2e/slugify.ts';
const NOTES = 'words-e2e/notes.txt';
const WITH_EDITOR = 'Why does slugify drop the accents?';
const WITH_MENTION = `Compare @${NOTES} with the slug rules`;
/** How each message is named: the words typed, then what went with them. */
const EDITOR_SHOWN = `${WITH_EDITOR} · 1 file`;
const MENTION_SHOWN = `${WITH_MENTION} · 1 file`;

async function chipNames(): Promise<string[]> {
  return (await chat()).locator('.attachments .chip-editor .chip-label').allInnerTexts();
}

/** The Session Tree's user rows as shown, once one of them reads `expected`. */
async function treeShows(expected: string): Promise<string[]> {
  return poll(`the Session Tree to show "${expected}"`, async () => {
    const shown = (await workbench().treeRows()).map((row) => row.shown.trim());
    return shown.includes(expected) ? shown : undefined;
  });
}

/** Switch Branch…'s item labels (the session has one branch), then the pick closed. */
async function switchBranchLabels(): Promise<string[]> {
  const wb = workbench();
  await wb.runCommand('Arbor: Switch Branch…');
  const labels = (await quickPickLabels()).map((label) => label.trim());
  await wb.page.keyboard.press('Escape');
  await quickInput().waitFor({ state: 'hidden' });
  return labels;
}

/** The Search Sessions… result rows for `query`, then the pick closed. */
async function searchRows(query: string, expected: string): Promise<string[]> {
  const wb = workbench();
  await wb.runCommand('Arbor: Search Sessions…');
  await quickInput().locator('input').fill(query);
  const rows = quickInput().locator('.monaco-list-row');
  await rows.filter({ hasText: expected }).first().waitFor();
  const texts = await rows.allInnerTexts();
  await wb.page.keyboard.press('Escape');
  await quickInput().waitFor({ state: 'hidden' });
  return texts;
}

describe('Your words everywhere', () => {
  before(async () => {
    const wb = workbench();
    fs.mkdirSync(path.join(wb.workspaceDir, 'words-e2e'), { recursive: true });
    fs.writeFileSync(path.join(wb.workspaceDir, SLUG), 'export function slugify(text: string): string {\n  return text.normalize("NFKD");\n}\n');
    fs.writeFileSync(path.join(wb.workspaceDir, NOTES), 'Slugs are lower case.\n');
    await openArborForTree();
  });

  after(async () => {
    await workbench().runCommand('View: Close All Editors');
  });

  it('names a message sent with an editor open and one with an @ mention by the words typed in the Session Tree, the Sessions view, search and Switch Branch…', async () => {
    const wb = workbench();
    await newSession();
    await chatReady();
    await openFile(SLUG);
    await poll('the active editor chip', async () => ((await chipNames()).join() === 'slugify.ts' ? true : undefined));
    // The chip says that the file goes with the message, not only that it is open.
    assert.deepEqual(await (await chat()).locator('.attachments .chip-editor').locator('.chip-note, .chip-label').allInnerTexts(), ['sends', 'slugify.ts', 'with your message']);
    fake().script(reply(text('The editor message was answered.')));
    await send(WITH_EDITOR);
    await waitForText('The editor message was answered.');
    await wb.runCommand('View: Close All Editors');
    await poll('no chip without an editor', async () => ((await chipNames()).length === 0 ? true : undefined));

    // The file opened from the chat (its mention clicked) is not attached to the next message.
    await (await conversation()).locator('.mention-chip', { hasText: SLUG }).first().click();
    await wb.page.locator('.tabs-container .tab.active', { hasText: 'slugify.ts' }).waitFor();
    await untilStable('the chip after the file opened from the chat', async () => (await chipNames()).join());
    assert.deepEqual(await chipNames(), []);
    fake().script(reply(text('The follow-up was answered.')));
    await send('And the follow-up');
    await waitForText('The follow-up was answered.');
    const followUp = requestMessages().filter((message) => message.role === 'user').at(-1);
    assert.equal(followUp && wireText(followUp), 'And the follow-up');
    await wb.runCommand('View: Close All Editors');

    const editorRows = await treeShows(EDITOR_SHOWN);
    assert.ok(!editorRows.some((row) => row.includes('<file')), editorRows.join('\n'));
    assert.deepEqual(await switchBranchLabels(), [EDITOR_SHOWN]);

    await newSession();
    fake().script(reply(text('The mention message was answered.')));
    await send(WITH_MENTION);
    await waitForText('The mention message was answered.');
    const mentionRows = await treeShows(MENTION_SHOWN);
    assert.ok(!mentionRows.some((row) => row.includes('<file')), mentionRows.join('\n'));
    assert.deepEqual(await switchBranchLabels(), [MENTION_SHOWN]);

    await wb.setPaneExpanded('Sessions', true);
    const sessions = await poll('both sessions in the Sessions view', async () => {
      const shown = (await wb.treeRows('Sessions')).map((row) => row.shown.trim());
      return shown.includes(EDITOR_SHOWN) && shown.includes(MENTION_SHOWN) ? shown : undefined;
    });
    assert.ok(!sessions.some((row) => row.includes('<file')), sessions.join('\n'));
    await wb.setPaneExpanded('Sessions', false);

    const editorHits = await searchRows('drop the accents', EDITOR_SHOWN);
    assert.ok(editorHits.some((hit) => hit.includes(EDITOR_SHOWN)) && !editorHits.some((hit) => hit.includes('<file')), editorHits.join('\n---\n'));
    const mentionHits = await searchRows('slug rules', MENTION_SHOWN);
    assert.ok(mentionHits.some((hit) => hit.includes(MENTION_SHOWN)) && !mentionHits.some((hit) => hit.includes('<file')), mentionHits.join('\n---\n'));
    assertNoProblems();
  });
});
