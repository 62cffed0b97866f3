// "Arbor: Open Session…" offers this workspace's sessions first (by name and first message, the
// open one marked) and "Browse…" for any file, whose dialog starts in the workspace's sessions
// folder; a session read with problems says so in the chat, and "Show problems" shows `arbor
// check`'s report of it without changing the file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkText, createSessionFile, loadSessionFile } from '../../src/core/session';
import { assistant, user } from '../support/builders';
import { assertNoProblems, chat, projectSessionsDir, waitForText } from './support/chat';
import { workbench } from './support/hooks';
import { clickQuickPickRow, pickItem, quickInput, quickPickLabels } from './support/treeUi';
import { poll } from './support/workbench';

const NAMED = 'Kitchen renovation plans';
const NAMED_FIRST = 'Which tiles suit a damp kitchen floor?';
const NAMED_REPLY = 'Porcelain tiles suit a damp kitchen floor.';
const UNNAMED_FIRST = 'Compare the gears of two touring bicycles';
const UNNAMED_REPLY = 'The touring bicycles differ in their lowest gear.';
const BROKEN_NAME = 'Session with a broken line';
const BROKEN_REPLY = 'The reply after the broken line.';
const BROWSE = 'Browse…';

/** A session written straight into this workspace's sessions folder, as pi or another window would. */
async function sessionOnDisk(first: string, reply: string, name?: string): Promise<string> {
  const session = await createSessionFile({ dir: projectSessionsDir(), cwd: workbench().workspaceDir });
  await session.appendMessage(user(first));
  await session.appendMessage(assistant(reply));
  if (name) await session.appendSessionInfo(name);
  await session.sync();
  return session.file!;
}

/**
 * "Arbor: Open Session…", once its quick pick lists something. Not Browse… itself: it comes last,
 * and the list puts only the rows in view into the page (a search brings it into view).
 */
async function openSessionPick(): Promise<void> {
  await workbench().runCommand('Arbor: Open Session…');
  await quickInput().locator('.monaco-list-row').first().waitFor();
}

/** The quick pick's rows (label, description and detail as one line each) once a search has narrowed them to `count`. */
async function rowsAfterSearch(search: string, count: number): Promise<string[]> {
  await quickInput().locator('input').fill(search);
  const rows = quickInput().locator('.monaco-list-row');
  return poll(`the quick pick to narrow to ${count} rows for "${search}"`, async () => {
    // A separator (before Browse…) may be a row of its own, without text.
    const texts = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '');
    return texts.length === count ? texts : undefined;
  });
}

/** A row's text with its age and size (which depend on the clock and the file) as placeholders; the description follows the label without a space. */
function ageAndSizeOut(row: string): string {
  return row.replace(/(just now|\d+ min ago) · \d+(\.\d)?[KM]?B/, '<age> · <size>');
}

/** What the chat's notices say ('' when there are none). */
async function chatNotices(): Promise<string> {
  return (await chat()).locator('#notices').innerText().catch(() => '');
}

describe('Open Session…', () => {
  before(async () => {
    await workbench().openArbor();
  });

  afterEach(async () => {
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
  });

  it("offers this workspace's sessions by name and first message, opens the one picked and marks it, and offers Browse…", async () => {
    await sessionOnDisk(UNNAMED_FIRST, UNNAMED_REPLY);
    await sessionOnDisk(NAMED_FIRST, NAMED_REPLY, NAMED);
    await openSessionPick();
    // A named session reads by its name and is found by its first message too; an unnamed one by its first message.
    const byMessage = await rowsAfterSearch('damp kitchen', 2);
    assert.equal(ageAndSizeOut(byMessage[0]!), `${NAMED}<age> · <size> ${NAMED_FIRST} · 2 messages`);
    assert.ok(!byMessage[0]!.includes('●'), byMessage[0]);
    assert.match(byMessage[1]!, /Browse…/);
    const unnamed = await rowsAfterSearch('touring bicycles', 2);
    assert.equal(ageAndSizeOut(unnamed[0]!), `${UNNAMED_FIRST}<age> · <size> 2 messages`);

    await rowsAfterSearch(NAMED, 2);
    await pickItem(NAMED);
    await waitForText(NAMED_REPLY);
    await poll('the Session Tree to show the opened session', async () => ((await workbench().treeRows()).some((row) => row.label.includes(NAMED_REPLY)) ? true : undefined));

    // Offered again, the open session is marked.
    await openSessionPick();
    const marked = await rowsAfterSearch(NAMED, 2);
    assert.equal(ageAndSizeOut(marked[0]!), `${NAMED}● current · <age> · <size> ${NAMED_FIRST} · 2 messages`);
    assert.deepEqual((await quickPickLabels()).at(-1), BROWSE);
    await workbench().closeQuickInput();
    assertNoProblems();
  });

  it("starts Browse…'s file dialog in this workspace's sessions folder", async () => {
    const wb = workbench();
    await openSessionPick();
    await rowsAfterSearch('Browse', 1);
    // Not pickItem: the file dialog takes the quick input's place at once, it never hides between.
    await clickQuickPickRow(quickInput().locator('.monaco-list-row', { hasText: BROWSE }).first());
    // The dialog may show a folder on the way before it settles on where it starts.
    const input = quickInput().locator('input');
    let shown = '';
    await poll("the file dialog to start in this workspace's sessions folder", async () => {
      shown = await input.inputValue().catch(() => '');
      return shown === `${projectSessionsDir()}/` ? true : undefined;
    }).catch(() => undefined);
    assert.equal(shown, `${projectSessionsDir()}/`);
    await wb.closeQuickInput();
    assertNoProblems();
  });

  it('says in the chat that a session has a broken line, shows the check report on "Show problems", and leaves the file as it was', async () => {
    const wb = workbench();
    const file = await sessionOnDisk('A prompt before the broken line', BROKEN_REPLY, BROKEN_NAME);
    // A line cut in the middle, as a crash or a hand edit leaves it, between two good ones.
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.splice(2, 0, '{"type":"message","id":"broken"');
    fs.writeFileSync(file, lines.join('\n'));
    const bytes = fs.readFileSync(file);

    await openSessionPick();
    await rowsAfterSearch(BROKEN_NAME, 2);
    await pickItem(BROKEN_NAME);
    await waitForText(BROKEN_REPLY);
    const notice = await poll('the chat to tell of the problem', async () => {
      const shown = await chatNotices();
      return shown.includes('problem') ? shown : undefined;
    });
    assert.match(notice, /This session file has a problem: Arbor skipped what it could not read and shows the rest\./);

    await (await chat()).locator('.notice button', { hasText: 'Show problems' }).click();
    // The report's first lines (JSON.parse words its reason per Node version: the extension host's may not be this one's).
    const expected = checkText(await loadSessionFile(file)).split('\n').slice(0, 2).map((line) => line.replace(/^(line 3: invalid JSON).*$/, '$1'));
    assert.deepEqual(expected, [`${file}: 1 problem found`, 'line 3: invalid JSON']);
    const shown = await poll('the report to show in an editor', async () => {
      const texts = await wb.page.locator('.part.editor .monaco-editor .view-lines').allInnerTexts();
      return texts.map((text) => text.replace(/\u00a0/g, ' ').split('\n')).find((lines) => lines[0] === expected[0]);
    });
    assert.ok(shown[1]!.startsWith(`${expected[1]}: `), shown.join('\n'));
    // The tab shows the name and the extension on two lines of its text.
    assert.equal((await wb.page.locator('.tabs-container .tab.active').innerText()).replace(/\n/g, ''), `${path.basename(file)} (arbor check).txt`);
    assert.deepEqual(fs.readFileSync(file), bytes, 'the session file was changed');

    // Another session: the notice was about the broken one and goes.
    await openSessionPick();
    await rowsAfterSearch(NAMED, 2);
    await pickItem(NAMED);
    await waitForText(NAMED_REPLY);
    await poll('the notice to go with its session', async () => (!(await chatNotices()).includes('problem') ? true : undefined));
    await wb.runCommand('View: Close All Editors');
    assertNoProblems();
  });
});
