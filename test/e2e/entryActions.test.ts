// The Session Tree's context menu through the real UI (right-click a row, click the item by its
// title): Set Label… shows the label on the row and "labeled only" keeps just that row; "Arbor: Set
// Label" asks at once for the current entry, prefilled with its label; Fork into
// New Session opens a session whose file names the old one in `parentSession`; Copy Text fills the
// clipboard; Compact up to Here summarizes up to the row and Undo Compaction on the compaction's row
// brings the original context back (checked at the fake server) while the row stays; Show in
// Session File opens the file on the entry's line.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { text } from '../support/fakeAnthropic';
import {
  assertNoProblems,
  conversationText,
  entryWith,
  readEntries,
  requestMessages,
  send,
  sessionFiles,
  waitForCardText,
  waitForText,
  wireText,
} from './support/chat';
import { fake, workbench } from './support/hooks';
import { openArborForTree, quickInput, rowMenu, treeRow, twoTurns, type TwoTurnWords } from './support/treeUi';
import { poll } from './support/workbench';

const COLOUR = 'Name a colour for the entry actions test';
const FRUIT = 'Name a fruit for the entry actions test';
const TEAL = 'Teal is a colour (entry actions).';
const PEAR = 'A pear is a fruit (entry actions).';
const PEAR_REPLY = `${PEAR}\nPears ripen off the tree.`;
const LABEL = 'before-the-fruit';
const SUMMARY = 'Entry actions summary marker: a colour was named.';

/** Runs the row's menu item `title`, then waits for `effect` to show. */
async function rowMenuThen<T>(labelStart: string, title: string, effect: () => Promise<T | undefined>): Promise<T> {
  await rowMenu(labelStart, title);
  return poll(`the effect of "${title}" on "${labelStart}"`, effect);
}

/** The input box a command shows (not the palette's hidden input). */
async function visibleInput(): Promise<true | undefined> {
  return (await quickInput().isVisible()) && !(await quickInput().innerText()).includes('Type the name of a command') ? true : undefined;
}

const TURNS: TwoTurnWords = { colour: COLOUR, teal: TEAL, fruit: FRUIT, pear: PEAR_REPLY };

describe('Entry actions in the Session Tree', () => {
  before(async () => {
    await openArborForTree();
  });

  afterEach(async () => {
    // Nothing left open for the next test: a question, a menu, a filter, an editor.
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
    if (await workbench().page.locator('.context-view .monaco-menu').isVisible()) await workbench().page.keyboard.press('Escape');
  });

  it('Set Label… shows the label on the row, and "labeled only" keeps just that row', async () => {
    const wb = workbench();
    const file = await twoTurns(TURNS);
    await rowMenuThen(`user: ${COLOUR}`, 'Set Label…', visibleInput);
    await quickInput().locator('input').fill(`  ${LABEL}  `);
    await wb.page.keyboard.press('Enter');
    const label = await poll('the label entry in the file', async () => readEntries(file).find((entry) => entry.type === 'label'));
    assert.equal(label.targetId, entryWith(readEntries(file), 'user', COLOUR).id);
    assert.equal(label.label, LABEL);

    await wb.runCommand('Arbor: Session Tree: Show Labeled Entries Only');
    try {
      await poll('only the labeled row in the tree, showing its label', async () => {
        const rows = await wb.treeRows();
        return rows.length === 1 && rows[0]!.label.startsWith(`user: ${COLOUR}`) && rows[0]!.label.includes(LABEL) ? rows : undefined;
      });
    } finally {
      await wb.runCommand('Arbor: Session Tree: Show All Entries');
    }
    await treeRow(`assistant: ${PEAR}`).waitFor();
    assertNoProblems();
  });

  it('"Arbor: Set Label" asks straight away for the current entry\'s label, prefilled the next time', async () => {
    const wb = workbench();
    const file = await twoTurns(TURNS);
    await wb.runCommand('Arbor: Set Label');
    await poll('the label input box', visibleInput);
    await quickInput().locator('input').fill('at-the-pear');
    await wb.page.keyboard.press('Enter');
    const label = await poll('the label entry in the file', async () => readEntries(file).find((entry) => entry.type === 'label'));
    assert.equal(label.targetId, entryWith(readEntries(file), 'assistant', PEAR).id);
    assert.equal(label.label, 'at-the-pear');

    await wb.runCommand('Arbor: Set Label');
    await poll('the label input box', visibleInput);
    assert.equal(await quickInput().locator('input').inputValue(), 'at-the-pear');
    await wb.closeQuickInput();
    assert.equal(readEntries(file).filter((entry) => entry.type === 'label').length, 1);
    assertNoProblems();
  });

  it('Fork into New Session on a reply opens a new session whose file names the old one in parentSession', async () => {
    const source = await twoTurns(TURNS);
    const before = sessionFiles();
    const forked = await rowMenuThen(`assistant: ${TEAL}`, 'Fork into New Session', async () => sessionFiles().find((file) => !before.includes(file)));
    // The file shows up before its lines are all written: it is read once it ends with the reply forked from.
    const replyId = entryWith(readEntries(source), 'assistant', TEAL).id;
    let lastId: string | undefined;
    await poll('the fork to be written up to the reply', async () => {
      const text = fs.readFileSync(forked, 'utf8');
      if (!text.endsWith('\n')) return undefined;
      lastId = readEntries(forked).at(-1)?.id;
      return lastId === replyId ? true : undefined;
    }).catch(() => undefined);
    assert.equal(lastId, replyId);
    const header = JSON.parse(fs.readFileSync(forked, 'utf8').split('\n')[0]!) as { parentSession?: string };
    assert.equal(header.parentSession, source);
    assert.equal(path.dirname(forked), path.dirname(source));
    await poll('the chat to show the fork (the colour, not the fruit)', async () => {
      const shown = await conversationText();
      return shown.includes(TEAL) && !shown.includes(PEAR) ? true : undefined;
    });
    assertNoProblems();
  });

  it('Copy Text puts the reply\'s text on the clipboard', async () => {
    const wb = workbench();
    await wb.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await twoTurns(TURNS);
    await wb.page.evaluate(() => navigator.clipboard.writeText(''));
    await rowMenuThen(`assistant: ${PEAR}`, 'Copy Text', async () => ((await wb.page.evaluate(() => navigator.clipboard.readText())) === PEAR_REPLY ? true : undefined));
    assertNoProblems();
  });

  it('Compact up to Here summarizes up to the row; Undo Compaction on its row brings the original context back and the row stays', async () => {
    const wb = workbench();
    const file = await twoTurns(TURNS);
    fake().server.setHandler(() => text(SUMMARY));
    try {
      await rowMenuThen(`assistant: ${TEAL}`, 'Compact up to Here', visibleInput);
      await quickInput().locator('input').press('Enter');
      await waitForCardText(SUMMARY);
    } finally {
      fake().server.setHandler(undefined);
    }
    const compaction = await poll('the compaction entry', async () => readEntries(file).find((entry) => entry.type === 'compaction'));
    assert.equal(compaction.firstKeptEntryId, entryWith(readEntries(file), 'user', FRUIT).id);

    fake().script(text('After the compaction (entry actions).'));
    await send('A question after compacting up to the colour');
    await waitForText('After the compaction (entry actions).');
    const compacted = requestMessages().map(wireText);
    assert.ok(compacted[0]!.includes(SUMMARY), 'the compacted context does not start with the summary');
    assert.ok(!compacted.some((message) => message.includes(COLOUR)), 'the compacted context still carries the colour question');
    assert.ok(compacted.some((message) => message.includes(FRUIT)), 'the compacted context lost the kept fruit question');

    await rowMenuThen('compaction', 'Undo Compaction', async () => {
      const shown = await conversationText();
      return shown.includes(PEAR) && !shown.includes('After the compaction (entry actions).') ? true : undefined;
    });
    fake().script(text('Back before the compaction (entry actions).'));
    await send('Continue from before the compaction');
    await waitForText('Back before the compaction (entry actions).');
    const sent = requestMessages().map(wireText);
    assert.ok(!sent.some((message) => message.includes(SUMMARY)), 'the request still carries the summary');
    assert.ok(sent[0]!.includes(COLOUR), 'the request lacks the original first message');
    await poll('the compaction row to stay in the tree', async () => ((await wb.treeRows()).some((row) => row.label.includes('compaction')) ? true : undefined));
    assert.ok(readEntries(file).some((entry) => entry.id === compaction.id));
    assertNoProblems();
  });

  it('Show in Session File opens the session file on the entry\'s line', async () => {
    const wb = workbench();
    const file = await twoTurns(TURNS);
    const fruit = entryWith(readEntries(file), 'user', FRUIT);
    const line = fs.readFileSync(file, 'utf8').split('\n').findIndex((text) => text.includes(`"id":"${fruit.id}"`));
    await rowMenuThen(`user: ${FRUIT}`, 'Show in Session File', async () => ((await wb.page.locator('.tabs-container .tab.active', { hasText: path.basename(file) }).count()) > 0 ? true : undefined));
    await poll(`the cursor on line ${line + 1}`, async () => {
      const position = await wb.page.locator('.statusbar-item[id="status.editor.selection"]').innerText().catch(() => '');
      return position.startsWith(`Ln ${line + 1},`) ? true : undefined;
    });
    await wb.runCommand('View: Close Editor');
    assertNoProblems();
  });
});
