// Moves are legible, through the real UI: after a move the note above the chat's input says where
// the position is and what the next Send does ("Continuing after: …", "Editing: … — Send makes a
// new branch"), with Back, which returns the chat and the tree without asking; the Session Tree
// selects the ● row, and after a move made there its focus follows only while the user has not gone
// to the chat's input; Edit & branch on the first message shows the session, not the welcome; Undo
// Compaction says what it gave back.
import * as assert from 'node:assert/strict';
import { text } from '../support/fakeAnthropic';
import { assertNoProblems, chat, clickItemButton, composer, conversationText, noteShows, waitForCardText, waitForInput } from './support/chat';
import { fake, workbench } from './support/hooks';
import { clickTreeRow, openArborForTree, pickItem, quickInput, quickPickShows, rowMenu, twoTurns, type TwoTurnWords } from './support/treeUi';
import { widenSideBar } from './support/screenshots';
import { poll } from './support/workbench';

const COLOUR = 'Name a colour for the moves test';
const FRUIT = 'Name a fruit for the moves test';
const TEAL = 'Teal is a colour (moves).';
const PEAR = 'A pear is a fruit (moves).';
const SUMMARY = 'Moves summary marker: a colour was named.';
const QUESTION = ['No summary', 'Summarize', 'Summarize with focus…'];
const DRAFT = 'A half-written thought about the moves test';

const TURNS: TwoTurnWords = { colour: COLOUR, teal: TEAL, fruit: FRUIT, pear: PEAR };

/** The accessible label of the Session Tree's selected row, once it starts with `labelStart` and marks the position. */
async function selectedIsCurrent(labelStart: string): Promise<void> {
  const wb = workbench();
  const selected = wb.page.locator('.pane', { has: wb.paneHeader('Session Tree') }).locator('.monaco-list-row.selected');
  let seen: string[] = [];
  await poll(`the selected Session Tree row to be the ● row "${labelStart}"`, async () => {
    seen = await selected.evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    return seen.length === 1 && seen[0]!.startsWith(labelStart) && seen[0]!.includes('● current') ? true : undefined;
  }).catch(() => undefined);
  assert.deepEqual(seen.map((label) => label.startsWith(labelStart) && label.includes('● current')), [true], `selected rows: ${JSON.stringify(seen)}`);
}

/** The Session Tree's focused row (its keyboard cursor), once it is the ● row starting with `labelStart`. */
async function focusedIsCurrent(labelStart: string): Promise<void> {
  const wb = workbench();
  const focused = wb.page.locator('.pane', { has: wb.paneHeader('Session Tree') }).locator('.monaco-list-row.focused');
  let seen: string[] = [];
  await poll(`the focused Session Tree row to be the ● row "${labelStart}"`, async () => {
    seen = await focused.evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    return seen.length === 1 && seen[0]!.startsWith(labelStart) && seen[0]!.includes('● current') ? true : undefined;
  }).catch(() => undefined);
  assert.deepEqual(seen.map((label) => label.startsWith(labelStart) && label.includes('● current')), [true], `focused rows: ${JSON.stringify(seen)}`);
}

describe('Moves are legible', () => {
  before(async () => {
    await openArborForTree();
  });

  afterEach(async () => {
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
  });

  it('after a tree click the note names the entry, the ● row is selected, and Back returns chat and tree without asking', async () => {
    await twoTurns(TURNS);
    await clickTreeRow(`assistant: ${TEAL}`);
    await quickPickShows(QUESTION);
    await pickItem('No summary');
    await noteShows(`Continuing after: ${TEAL}`);
    await poll('the chat to leave the fruit turn', async () => (!(await conversationText()).includes(PEAR) ? true : undefined));
    await selectedIsCurrent(`assistant: ${TEAL}`);

    await (await chat()).getByRole('button', { name: /^Back$/ }).click();
    await poll('the chat to show the fruit turn again', async () => ((await conversationText()).includes(PEAR) ? true : undefined));
    await noteShows(`Back where you were. Continuing after: ${PEAR}`);
    assert.equal(await quickInput().isVisible(), false, 'Back asked a question');
    await selectedIsCurrent(`assistant: ${PEAR}`);
    assertNoProblems();
  });

  it('a click on a user message says it is being edited, selects the ● row above it, and Back takes the text out of the input again, bringing back the draft the move put aside', async () => {
    await twoTurns(TURNS);
    await (await composer()).fill(DRAFT);
    await clickTreeRow(`user: ${FRUIT}`);
    await quickPickShows(QUESTION);
    await pickItem('No summary');
    await waitForInput(FRUIT);
    await noteShows(`Editing: ${FRUIT} — Send makes a new branch`);
    await selectedIsCurrent(`assistant: ${TEAL}`);
    // The tree's focus (where its keyboard goes on from) is on the ● row too, not left on the clicked row;
    // the chat's input keeps the focus the edit gave it.
    await focusedIsCurrent(`assistant: ${TEAL}`);
    const frame = await chat();
    await poll('the chat input to have the focus', async () => ((await frame.evaluate(() => document.activeElement?.tagName)) === 'TEXTAREA' ? true : undefined));

    await (await chat()).getByRole('button', { name: /^Back$/ }).click();
    await poll('the chat to show the fruit turn again', async () => ((await conversationText()).includes(PEAR) ? true : undefined));
    await waitForInput(DRAFT);
    // Sending ends the note: what it said Send would do is done.
    fake().script(text('A plum is a fruit too (moves).'));
    const input = await composer();
    await input.fill('Another fruit for the moves test');
    await input.press('Enter');
    await poll('the note to go on send', async () => ((await (await chat()).locator('.move-note').count()) === 0 ? true : undefined));
    assertNoProblems();
  });

  it('leaves the keyboard in the chat input when the user goes there as soon as a move made in the tree is answered', async () => {
    await twoTurns(TURNS);
    await clickTreeRow(`assistant: ${TEAL}`);
    await quickPickShows(QUESTION);
    await pickItem('No summary');
    // At once, while the move is still being made.
    const input = await composer();
    await input.click();
    const keyboard = workbench().page.keyboard;
    await keyboard.type('typed at once');
    await poll('the chat to leave the fruit turn', async () => (!(await conversationText()).includes(PEAR) ? true : undefined));
    // Longer than the tree waits before it selects the ● row and, after a move made there, takes the
    // focus to it (300 ms after its last refresh): the keys typed after that still land in the input.
    await workbench().page.waitForTimeout(1500);
    await selectedIsCurrent(`assistant: ${TEAL}`);
    await keyboard.type(', and later');
    assert.equal(await input.inputValue(), 'typed at once, and later');
    await input.fill('');
    assertNoProblems();
  });

  it('Edit & branch on the first message shows the session, not the welcome, and says Send starts a new first message', async () => {
    await twoTurns(TURNS);
    await clickItemButton(COLOUR, /^Edit & branch$/);
    await quickPickShows(QUESTION);
    await pickItem('No summary');
    await waitForInput(COLOUR);
    await noteShows(`Editing: ${COLOUR} — Send starts a new first message (a new root branch) in this session`);
    const frame = await chat();
    await poll('the start-of-session note in the empty chat', async () => ((await frame.locator('.session-start').count()) === 1 ? true : undefined));
    assert.equal(await frame.getByText('Type a message below to start').count(), 0, 'the chat shows the welcome as if the session were gone');
    assertNoProblems();
  });

  it('Undo Compaction says what it gave back', async () => {
    await twoTurns(TURNS);
    fake().script(text(SUMMARY));
    await rowMenu(`assistant: ${TEAL}`, 'Compact up to Here');
    await poll('the focus input box', async () => ((await quickInput().isVisible()) && (await quickInput().innerText()).includes('focus on') ? true : undefined));
    await quickInput().locator('input').press('Enter');
    await waitForCardText(SUMMARY);
    await workbench().runCommand('Arbor: Undo Compaction');
    await noteShows('Compaction undone: the next Send carries the 2 earlier messages again instead of their summary.');
    await noteShows(`Continuing after: ${PEAR}`);

    // In a 300 px side bar the note takes two lines at most; the whole of it is its tooltip.
    const widthBefore = Math.round((await workbench().page.locator('.part.sidebar').boundingBox())?.width ?? 0);
    try {
      await widenSideBar(300);
      const text = (await chat()).locator('.move-note-text');
      const lines = await poll('the note to lay out in the narrow chat', async () => {
        const measured = await text.evaluate((node) => {
          // The lines in view: the distinct tops of the text's boxes above the note's bottom edge.
          const range = document.createRange();
          range.selectNodeContents(node);
          const bottom = node.getBoundingClientRect().bottom;
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.top < bottom - 1).map((rect) => Math.round(rect.top)));
          return document.documentElement.clientWidth < 300 ? tops.size : undefined;
        });
        return measured ?? undefined;
      });
      assert.ok(lines <= 2, `the move note takes ${lines} lines`);
      assert.equal(await text.getAttribute('title'), `Compaction undone: the next Send carries the 2 earlier messages again instead of their summary. Continuing after: ${PEAR}`);
    } finally {
      if (widthBefore > 0) await widenSideBar(widthBefore);
    }
    assertNoProblems();
  });
});
