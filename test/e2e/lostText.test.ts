// No typed text is ever lost, through the real UI: prompts queued during a reply come back into the
// input on Stop (none sent, a draft typed meanwhile kept); each session keeps its own draft (New
// Session starts empty, the Sessions view brings a session back with its draft, a window reload
// keeps it, and no session file holds it); a move that puts a message into a non-empty input (Edit
// & branch, a click on a tree row) puts the draft aside, and "Restore draft" brings it back.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { text } from '../support/fakeAnthropic';
import {
  assertNoProblems,
  chat,
  chatNotices,
  chatButton,
  clickItemButton,
  composer,
  conversationText,
  newSession,
  newSessionWithTurn,
  send,
  sessionFiles,
  waitForInput,
  waitForText,
} from './support/chat';
import { fake, workbench } from './support/hooks';
import { clickTreeRow, pickItem, quickInput, sessionWithTurns, treeRow } from './support/treeUi';
import { poll } from './support/workbench';

/** Types `value` into the input as the user does (no Enter). */
async function typeDraft(value: string): Promise<void> {
  const input = await composer();
  await input.fill(value);
}

/**
 * The bar above the input that offers the draft put aside (its text; '' when it does not show).
 * Read in one step: a bar seen and then read in two could go in between, and the read would wait for it.
 */
async function stashBarText(): Promise<string> {
  return (await chat()).evaluate(() => {
    const bar = document.getElementById('stash');
    return bar && !bar.hidden ? (bar.querySelector('.stash-text')?.textContent ?? '').trim() : '';
  });
}

/** Answers the summary question with "No summary" when the move asks it (it asks only when conversation is left behind). */
async function noSummaryIfAsked(until: () => Promise<boolean>): Promise<void> {
  await poll('the move to ask or to be done', async () => {
    if (await until()) return true;
    const asks = await quickInput().locator('.monaco-list-row', { hasText: 'No summary' }).first().isVisible().catch(() => false);
    if (asks) await pickItem('No summary');
    return undefined;
  });
}

/** The next reply waits until the returned function is called: the run goes on (and prompts queue) meanwhile. */
function scriptHeldReply(answer: string): () => void {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  fake().script(async () => {
    await held;
    return text(answer);
  });
  return release;
}

/** Clicks a Sessions view row by the start of its label (a click opens the session). */
async function openFromSessionsView(labelStart: string): Promise<void> {
  const row = treeRow(labelStart, 'Sessions');
  await row.waitFor();
  await row.locator('.label-name, .monaco-icon-label').first().click();
}

describe('No typed text is lost', () => {
  before(async () => {
    await workbench().openArbor();
  });
  // A test that failed part-way leaves replies scripted: the next test must not get them.
  afterEach(async () => {
    if (fake().server.pending() > 0) await fake().restart();
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
  });

  it('gives the prompts queued during a reply back into the input on Stop, none of them sent, before the draft typed meanwhile', async () => {
    await newSession();
    const release = scriptHeldReply('This reply is stopped before it comes.');
    const requestsBefore = fake().messageRequests().length;
    try {
      await send('Start a reply that takes a while');
      await chatButton(/^Stop$/);
      await send('The first queued message');
      await send('The second queued message');
      const frame = await chat();
      await poll('both messages in the queue', async () => {
        const queued = await frame.locator('#queue .queued-item').allInnerTexts();
        return queued.join('|') === 'The first queued message|The second queued message' ? true : undefined;
      });
      await typeDraft('A draft typed while they waited');
      await (await chatButton(/^Stop$/)).click();

      await waitForInput('The first queued message\n\nThe second queued message\n\nA draft typed while they waited');
      await frame.locator('#queue').waitFor({ state: 'hidden' });
    } finally {
      release();
    }
    const requests = fake().messageRequests().slice(requestsBefore);
    assert.equal(requests.length, 1, 'a queued message was sent after Stop');
    assert.doesNotMatch(JSON.stringify(requests[0]?.body?.messages), /queued message/);
    assertNoProblems();
  });

  it('takes one queued message out of the queue with its button: back into the input, never sent, while the other is sent after the reply', async () => {
    await newSession();
    const release = scriptHeldReply('Held reply before the queue (remove test).');
    const requestsBefore = fake().messageRequests().length;
    fake().script(text('Answer to the kept queued message.'));
    try {
      await send('Start a held reply (remove test)');
      await chatButton(/^Stop$/);
      await send('Queued and then taken out');
      await send('Queued and kept');
      const frame = await chat();
      const items = frame.locator('#queue .queued-item');
      await poll('both messages in the queue', async () => ((await items.allInnerTexts()).join('|') === 'Queued and then taken out|Queued and kept' ? true : undefined));
      await items.first().getByRole('button', { name: /Take this message out of the queue/ }).click();
      await poll('one message left in the queue', async () => ((await items.allInnerTexts()).join('|') === 'Queued and kept' ? true : undefined));
      await waitForInput('Queued and then taken out');
    } finally {
      release();
    }
    await waitForText('Answer to the kept queued message.');
    const sent = JSON.stringify(fake().messageRequests().slice(requestsBefore).map((request) => request.body?.messages));
    assert.match(sent, /Queued and kept/);
    assert.doesNotMatch(sent, /Queued and then taken out/);
    await waitForInput('Queued and then taken out');
    assertNoProblems();
  });

  it('shows the first message of a new session as Enter is pressed, before the session is made for it, and once when its reply has come', async () => {
    await newSession();
    const words = 'Lost text: my first words in a fresh session';
    const frame = await chat();
    // What the chat showed when the host's `reset` of the session made for the prompt arrived.
    await frame.evaluate((said) => {
      const seen: boolean[] = [];
      (window as unknown as { e2eShownAtReset: boolean[] }).e2eShownAtReset = seen;
      window.addEventListener('message', (event: MessageEvent<{ type?: string; sessionId?: string }>) => {
        if (event.data.type === 'reset' && event.data.sessionId !== undefined) seen.push(document.getElementById('conversation')!.innerText.includes(said));
      });
    }, words);
    const release = scriptHeldReply('The fresh session answers.');
    try {
      await send(words);
      const shownAtReset = await poll('the session made for the prompt to be shown', async () => {
        const seen = await frame.evaluate(() => (window as unknown as { e2eShownAtReset: boolean[] }).e2eShownAtReset);
        return seen.length > 0 ? seen : undefined;
      });
      assert.deepEqual(shownAtReset, [true], 'the words were not on screen when the new session came');
      assert.equal(await (await chat()).locator('#conversation .item-user', { hasText: words }).count(), 1);
    } finally {
      release();
    }
    await waitForText('The fresh session answers.');
    assert.equal(await (await chat()).locator('#conversation .item-user', { hasText: words }).count(), 1, 'the words show twice');
    assert.equal(await (await chat()).locator('#conversation .item-pending').count(), 0, 'the message shown at once stayed beside the session’s own');
    assertNoProblems();
  });

  it('gives a first message that cannot be sent back to the input, leaving nothing of it in the conversation', async () => {
    fs.writeFileSync(path.join(workbench().workspaceDir, 'lost-text-short.txt'), 'one\ntwo\n');
    await newSession();
    // A range past the file's end refuses the prompt before any session is made for it.
    const words = 'Lost text: look at @lost-text-short.txt#L50-60 please';
    await send(words);
    await waitForInput(words);
    await poll('the notice saying why', async () => ((await chatNotices()).includes('starts past the end of lost-text-short.txt') ? true : undefined));
    await poll('the message shown at once to go', async () => ((await (await chat()).locator('#conversation .item-user').count()) === 0 ? true : undefined));
    await typeDraft('');
    assertNoProblems();
  });

  it("keeps each session's own draft: New Session starts empty, the Sessions view brings each session back with its draft, and a reload keeps it; no session file holds a draft", async () => {
    const wb = workbench();
    const draftA = 'Draft marker for the meadow session, not sent';
    const draftB = 'Draft marker for the orchard session, not sent';
    await newSessionWithTurn('Lost text: the meadow session', 'Meadows hold clover.');
    await typeDraft(draftA);
    await newSession();
    await waitForInput('');
    fake().script(text('Orchards hold apples.'));
    await send('Lost text: the orchard session');
    await waitForText('Orchards hold apples.');
    await typeDraft(draftB);

    await wb.setPaneExpanded('Sessions', true);
    try {
      await openFromSessionsView('Lost text: the meadow session');
      await waitForText('Meadows hold clover.');
      await waitForInput(draftA);
      await openFromSessionsView('Lost text: the orchard session');
      await waitForText('Orchards hold apples.');
      await waitForInput(draftB);
    } finally {
      await wb.setPaneExpanded('Sessions', false);
    }

    await wb.reloadWindow();
    await wb.openArbor();
    await waitForText('Orchards hold apples.');
    await waitForInput(draftB);
    for (const file of sessionFiles()) assert.doesNotMatch(fs.readFileSync(file, 'utf8'), /Draft marker/, `${file} holds a draft`);
    await typeDraft('');
    assertNoProblems();
  });

  it('keeps a prompt queued in a session left mid-reply in that session: back in its input when the Sessions view opens it again, never sent', async () => {
    const wb = workbench();
    await newSessionWithTurn('Lost text: the harbour session', 'Harbours hold boats.');
    await newSession();
    const release = scriptHeldReply('This lighthouse reply is never shown.');
    const requestsBefore = fake().messageRequests().length;
    await wb.setPaneExpanded('Sessions', true);
    try {
      await send('Lost text: the lighthouse session');
      await chatButton(/^Stop$/);
      await send('A message queued in the lighthouse session');
      await (await chat()).locator('#queue .queued-item').waitFor();

      await openFromSessionsView('Lost text: the harbour session');
      await waitForText('Harbours hold boats.');
      await waitForInput('');
      await openFromSessionsView('Lost text: the lighthouse session');
      await poll('the lighthouse session in the chat', async () => ((await conversationText()).includes('Lost text: the lighthouse session') ? true : undefined));
      await waitForInput('A message queued in the lighthouse session');
    } finally {
      release();
      await wb.setPaneExpanded('Sessions', false);
    }
    assert.doesNotMatch(JSON.stringify(fake().messageRequests().slice(requestsBefore).map((request) => request.body?.messages)), /A message queued/);
    await typeDraft('');
    assertNoProblems();
  });

  it('puts the draft aside when Edit & branch or a tree click puts a message into the input; "Restore draft" swaps them back, and a discarded one goes', async () => {
    const first = 'Lost text: name a river';
    const second = 'Lost text: now name a mountain';
    const draft = 'A long thought I have not sent yet\nwith a second line';
    await sessionWithTurns([
      [first, 'The Rhine is a river.'],
      [second, 'Mont Blanc is a mountain.'],
    ]);
    await typeDraft(draft);

    // Edit & branch: the message comes into the input, the draft is put aside and offered back.
    await clickItemButton(second, /^Edit & branch$/);
    await noSummaryIfAsked(async () => (await (await composer()).inputValue()) === second);
    await waitForInput(second);
    assert.equal(await stashBarText(), 'Draft put aside: A long thought I have not sent yet');
    await (await chatButton(/^Restore draft$/)).click();
    await waitForInput(draft);
    // Restoring swaps: the edited message is the one put aside now, and comes back the same way.
    assert.equal(await stashBarText(), `Draft put aside: ${second}`);
    await (await chatButton(/^Restore draft$/)).click();
    await waitForInput(second);
    await (await chatButton(/^Restore draft$/)).click();
    await waitForInput(draft);
    // Discarded: the bar goes, the input keeps the draft.
    await (await chatButton(/^Discard the draft put aside$/)).click();
    await poll('the bar to go', async () => ((await stashBarText()) === '' ? true : undefined));
    assert.equal(await (await composer()).inputValue(), draft);

    // A click on a user message's row in the Session Tree does the same.
    await clickTreeRow(`user: ${first}`);
    await noSummaryIfAsked(async () => (await (await composer()).inputValue()) === first);
    await waitForInput(first);
    assert.equal(await stashBarText(), 'Draft put aside: A long thought I have not sent yet');
    await (await chatButton(/^Restore draft$/)).click();
    await waitForInput(draft);
    await typeDraft('');
    await (await chatButton(/^Discard the draft put aside$/)).click();
    assertNoProblems();
  });
});
