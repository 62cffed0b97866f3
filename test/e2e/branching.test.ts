// Edit & branch on a user message (the text comes back into the input; sending makes a sibling
// branch; the old branch stays in the session file), then a window reload brings back the same
// session, position and rendering. The reload test continues the branched session.
import * as assert from 'node:assert/strict';
import { text } from '../support/fakeAnthropic';
import {
  assertNoProblems,
  clickItemButton,
  composer,
  conversationText,
  entryText,
  newSession,
  readEntries,
  send,
  sessionFiles,
  waitForInput,
  waitForSessionFileWith,
  waitForText,
  type FileEntry,
} from './support/chat';
import { fake, workbench } from './support/hooks';
import { pickItem, quickPickShows } from './support/treeUi';
import { poll } from './support/workbench';

const FIRST = 'Name a colour for the branch test';
const SECOND = 'Now name a fruit for the branch test';
const EDITED = 'Now name a vegetable for the branch test';

function userEntry(entries: FileEntry[], textShown: string): FileEntry | undefined {
  return entries.find((entry) => entry.type === 'message' && entry.message?.role === 'user' && entryText(entry) === textShown);
}

describe('Branching and reload', () => {
  let sessionFile = '';

  before(async () => {
    await workbench().openArbor();
  });

  it('Edit & branch puts the text back into the input; sending creates a sibling branch and the old one stays in the file', async () => {
    await newSession();
    const before = sessionFiles();
    fake().script(text('Teal is a colour.'));
    await send(FIRST);
    await waitForText('Teal is a colour.');
    fake().script(text('A pear is a fruit.'));
    await send(SECOND);
    await waitForText('A pear is a fruit.');
    sessionFile = await waitForSessionFileWith(before, 'A pear is a fruit.');

    await clickItemButton(SECOND, /^Edit & branch$/);
    // Leaving the branch asks about a summary, as the Session Tree does (arbor.branchSummary: ask).
    await quickPickShows(['No summary', 'Summarize', 'Summarize with focus…']);
    await pickItem('No summary');
    await waitForInput(SECOND);
    // The chat now shows the branch up to the edited message's parent.
    await poll('the edited turn to leave the chat', async () => (!(await conversationText()).includes('A pear is a fruit.') ? true : undefined));

    fake().script(text('A leek is a vegetable.'));
    await send(EDITED);
    await waitForText('A leek is a vegetable.');
    assert.equal(await (await composer()).inputValue(), '');
    const shown = await conversationText();
    assert.ok(shown.includes('Teal is a colour.'));
    assert.ok(!shown.includes('A pear is a fruit.'), 'the old branch still shows');

    const entries = await poll('the new branch in the session file', async () => {
      const found = readEntries(sessionFile);
      return userEntry(found, EDITED) ? found : undefined;
    });
    const old = userEntry(entries, SECOND);
    const edited = userEntry(entries, EDITED);
    assert.ok(old, 'the old branch is gone from the file');
    assert.ok(edited);
    assert.equal(edited.parentId, old.parentId, 'the edit is not a sibling of the original message');
    assert.ok(entries.some((entry) => entry.parentId === old.id), 'the old branch lost its reply');
    assertNoProblems();
  });

  it('brings back the same session, position and rendering after "Developer: Reload Window"', async () => {
    const wb = workbench();
    const before = await conversationText();
    assert.ok(before.includes('A leek is a vegetable.'));
    await wb.reloadWindow();
    await wb.openArbor();
    const after = await waitForText('A leek is a vegetable.');
    assert.equal(after, before);
    // Same position: the next prompt continues the edited branch.
    fake().script(text('Still on the vegetable branch.'));
    await send('Which branch is this?');
    await waitForText('Still on the vegetable branch.');
    const sent = fake().messageRequests().at(-1)!;
    const body = JSON.stringify(sent.body?.messages);
    assert.ok(body.includes(EDITED) && !body.includes(SECOND), 'the request is not on the edited branch');
    const entries = readEntries(sessionFile);
    assert.ok(entries.some((entry) => entryText(entry) === 'Which branch is this?'), 'the turn went to another session file');
    assertNoProblems();
  });
});
