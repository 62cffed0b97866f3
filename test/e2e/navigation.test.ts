// Moving in the session tree through the real UI: a Session Tree row's click asks the summary
// question (arbor.branchSummary is "ask", the default), "Summarize" adds a branch summary card and
// row and the next request carries it, "No summary" adds nothing but the position marker, and
// "Arbor: Switch Branch…" lists one item per leaf, named by where it leaves the others, with its
// last message's first line.
import * as assert from 'node:assert/strict';
import { text } from '../support/fakeAnthropic';
import { assertNoProblems, chat, conversationText, entryText, readEntries, requestMessages, send, waitForCardText, waitForInput, waitForText, wireText, type FileEntry } from './support/chat';
import { fake, workbench } from './support/hooks';
import { clickTreeRow, inputBoxAsking, openArborForTree, pickItem, quickInput, quickPickLabels, quickPickShows, rowMenu, twoTurns, type TwoTurnWords } from './support/treeUi';
import { poll } from './support/workbench';

const COLOUR = 'Name a colour for the navigation test';
const FRUIT = 'Name a fruit for the navigation test';
const VEGETABLE = 'Name a vegetable for the navigation test';
const TEAL = 'Teal is a colour.';
const PEAR = 'A pear is a fruit.';
const PEAR_REPLY = `${PEAR}\nPears are sweet in autumn.`;
const LEEK = 'A leek is a vegetable.';
const SUMMARY = 'Navigation summary marker: the fruit branch named a pear.';
const VEGETABLE_SUMMARY = 'Navigation summary marker: the vegetable branch named a leek.';
const FOCUS = 'which vegetable was named';
const SUMMARY_WRAPPER = 'The following is a summary of a branch that this conversation came back from:';

function userEntry(entries: FileEntry[], said: string): FileEntry {
  const found = entries.find((entry) => entry.message?.role === 'user' && entryText(entry) === said);
  assert.ok(found, `no user entry "${said}" in the file`);
  return found;
}

const TURNS: TwoTurnWords = { colour: COLOUR, teal: TEAL, fruit: FRUIT, pear: PEAR_REPLY };

describe('Navigation in the session tree', () => {
  before(async () => {
    await openArborForTree();
  });

  afterEach(async () => {
    // A failed test must not leave its question open for the next one.
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
  });

  it('a click on an older user message asks with exactly three choices; "Summarize" adds a card and a tree row, and the next request carries the summary', async () => {
    const file = await twoTurns(TURNS);
    fake().script(text(SUMMARY));
    await clickTreeRow(`user: ${FRUIT}`);
    await quickPickShows(['No summary', 'Summarize', 'Summarize with focus…']);
    await pickItem('Summarize');

    await waitForInput(FRUIT);
    await waitForCardText(SUMMARY);
    assert.ok(!(await conversationText()).includes(PEAR), 'the branch left behind still shows in the chat');
    await poll('a branch summary row in the Session Tree', async () => ((await workbench().treeRows()).some((row) => row.label.includes('branch summary')) ? true : undefined));
    const entries = readEntries(file);
    const summary = entries.find((entry) => entry.type === 'branch_summary');
    assert.ok(summary, 'no branch_summary entry in the file');
    assert.equal(summary.parentId, userEntry(entries, FRUIT).parentId, 'the summary is not at the new position');

    fake().script(text(LEEK));
    await send(VEGETABLE);
    await waitForText(LEEK);
    const sent = requestMessages().map(wireText);
    assert.ok(sent.some((message) => message.startsWith(SUMMARY_WRAPPER) && message.includes(SUMMARY)), 'the request does not carry the summary');
    assert.ok(!sent.some((message) => message.includes(PEAR)), 'the request carries the branch left behind');
    assertNoProblems();
  });

  it('Escape on the question cancels the move; "No summary" moves without adding anything but the position marker', async () => {
    const file = await twoTurns(TURNS);
    const before = readEntries(file).length;
    const requests = fake().messageRequests().length;
    await clickTreeRow(`user: ${FRUIT}`);
    await quickPickLabels();
    await workbench().closeQuickInput();
    assert.ok((await conversationText()).includes(PEAR), 'Escape moved the position');
    assert.equal(readEntries(file).length, before, 'Escape wrote to the session');

    await clickTreeRow(`user: ${FRUIT}`);
    await quickPickLabels();
    await pickItem('No summary');
    await waitForInput(FRUIT);
    await poll('the chat to leave the fruit turn', async () => (!(await conversationText()).includes(PEAR) ? true : undefined));
    const added = await poll('the position marker in the file', async () => {
      const fresh = readEntries(file).slice(before);
      return fresh.length > 0 ? fresh : undefined;
    });
    assert.deepEqual(added.map((entry) => [entry.type, entry.customType]), [['custom', 'arbor.position']]);
    assert.equal(fake().messageRequests().length, requests, 'a request was sent while moving');
    assertNoProblems();
  });

  it('"Arbor: Switch Branch…" shows one item per leaf, named by where it leaves the others, with its last message\'s first line; picking one asks the same question, here with a focus', async () => {
    // Continues the previous test: the position is before the fruit question; a vegetable branch beside it.
    fake().script(text(LEEK));
    await send(VEGETABLE);
    await waitForText(LEEK);
    const wb = workbench();
    await wb.runCommand('Arbor: Switch Branch…');
    // The pick may still be drawing its rows when the first one shows: wait for exactly these.
    await quickPickShows([VEGETABLE, FRUIT]);
    const items = await quickInput().locator('.monaco-list-row').allInnerTexts();
    assert.equal(items.length, 2, `one item per leaf expected, got:\n${items.join('\n---\n')}`);
    const [newest, older] = items;
    assert.ok(newest!.includes(LEEK) && /current/.test(newest!), newest);
    assert.ok(older!.includes(PEAR) && !older!.includes('Pears are sweet'), older);

    await quickInput().locator('.monaco-list-row').nth(1).click();
    // Leaving the vegetable turn: the same question.
    await quickPickShows(['No summary', 'Summarize', 'Summarize with focus…']);
    fake().script(text(VEGETABLE_SUMMARY));
    await quickInput().locator('.monaco-list-row').nth(2).click();
    // The input box's own question: the pick it replaces says "focus on" too, in its last item's detail.
    const input = await inputBoxAsking(/branch you are leaving focus on/);
    await input.fill(FOCUS);
    await wb.page.keyboard.press('Enter');
    await waitForCardText(VEGETABLE_SUMMARY);
    await poll('the chat to show the fruit branch', async () => {
      const shown = await conversationText();
      return shown.includes(PEAR) && !shown.includes(LEEK) ? true : undefined;
    });
    const summaryRequest = requestMessages().map(wireText).join('\n');
    assert.ok(summaryRequest.includes(`Additional focus: ${FOCUS}`), 'the focus is not in the summary request');
    assert.ok(summaryRequest.includes(LEEK), 'the summary request lacks the branch left behind');
    assertNoProblems();
  });

  it('Branch from Here on a reply asks the same question, then the next prompt continues after that reply, with the input focused', async () => {
    const file = await twoTurns(TURNS);
    await rowMenu(`assistant: ${TEAL}`, 'Branch from Here');
    await quickPickShows(['No summary', 'Summarize', 'Summarize with focus…']);
    await pickItem('No summary');
    await poll('the chat to leave the fruit turn', async () => (!(await conversationText()).includes(PEAR) ? true : undefined));
    const frame = await chat();
    await poll('the chat input to have the focus', async () => ((await frame.evaluate(() => document.activeElement?.tagName)) === 'TEXTAREA' ? true : undefined));

    fake().script(text(LEEK));
    await send(VEGETABLE);
    await waitForText(LEEK);
    assert.deepEqual(requestMessages().map(wireText), [COLOUR, TEAL, VEGETABLE]);
    const entries = readEntries(file);
    const teal = entries.find((entry) => entry.message?.role === 'assistant' && entryText(entry) === TEAL);
    assert.equal(userEntry(entries, VEGETABLE).parentId, teal?.id, 'the prompt does not continue after the reply');
    assertNoProblems();
  });
});
