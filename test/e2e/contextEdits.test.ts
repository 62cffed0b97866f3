// A session pi 1.6.0 wrote (through its own SessionManager, at test time) whose context edits hide
// an exchange from the model and give it a shorter version of a reply, opened in the chat: the
// request at the fake server leaves the hidden messages out and carries the shorter reply; the
// chat and the Session Tree mark those entries quietly, and keep the marks after the next turn.
import * as assert from 'node:assert/strict';
import { text } from '../support/fakeAnthropic';
import { assistant, user } from '../support/builders';
import { loadPi } from '../support/pi';
import { allItems, assertNoProblems, projectSessionsDir, requestMessages, send, waitForText, wireText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { openArborForTree, quickInput, treeRow } from './support/treeUi';
import { poll } from './support/workbench';

const FIRST = 'Which grout suits a shower floor (context edits e2e)?';
const FIRST_REPLY = 'Epoxy grout suits a shower floor: it keeps water out, it resists stains, and it needs no sealing (context edits e2e).';
const SHORTER_REPLY = 'Epoxy grout (context edits e2e).';
const HIDDEN = 'My alarm code is 4321, forget it (context edits e2e)';
const HIDDEN_REPLY = 'I will not repeat it (context edits e2e).';
const NEXT = 'And for the walls (context edits e2e)?';
const NEXT_REPLY = 'Cement grout is fine on the walls (context edits e2e).';

/** The session as pi 1.6.0 writes it into this workspace's sessions folder; returns its file. */
async function piSessionWithEdits(): Promise<string> {
  const pi = await loadPi();
  const sm = pi.SessionManager.create(workbench().workspaceDir, projectSessionsDir());
  sm.appendMessage(user(FIRST) as never);
  const reply = sm.appendMessage(assistant(FIRST_REPLY) as never);
  const hidden = sm.appendMessage(user(HIDDEN) as never);
  const hiddenReply = sm.appendMessage(assistant(HIDDEN_REPLY) as never);
  sm.appendContextEdit(reply, { content: SHORTER_REPLY });
  sm.appendContextEdit(hidden, null);
  sm.appendContextEdit(hiddenReply, null);
  const file = sm.getSessionFile();
  assert.ok(file, 'pi wrote no session file');
  return file;
}

/** The chat's items with their marks: [what it shows first, its mark ('' for none)]. */
async function chatMarks(): Promise<[string, string][]> {
  const items = await allItems();
  const mark = (content: string) => (content.includes('hidden from the model') ? 'hidden' : content.includes('the model sees an edited version') ? 'edited' : '');
  return items.filter((item) => item.kind === 'user' || item.kind === 'assistant').map((item) => [[FIRST, FIRST_REPLY, HIDDEN, HIDDEN_REPLY, NEXT, NEXT_REPLY].find((said) => item.content.includes(said)) ?? item.content, mark(item.content)]);
}

/** The Session Tree's row for an entry, by the start of its spoken label, once it shows. */
async function treeRowLabel(labelStart: string): Promise<string> {
  const row = treeRow(labelStart);
  await row.waitFor();
  return (await row.getAttribute('aria-label')) ?? '';
}

describe('Context edits of a pi 1.6 session in the chat and the tree', () => {
  before(async () => {
    await openArborForTree();
  });

  afterEach(async () => {
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
    if (fake().server.pending() > 0) await fake().restart();
  });

  it('leaves the hidden messages out of the request, sends the edited reply, and marks them in the chat and the tree', async () => {
    const wb = workbench();
    const file = await piSessionWithEdits();
    await wb.browseForSession();
    await wb.answerFileDialog(file);
    await waitForText(HIDDEN_REPLY);

    // The chat shows every message as written; the ones the model does not see as written carry the mark.
    const marked: [string, string][] = [
      [FIRST, ''],
      [FIRST_REPLY, 'edited'],
      [HIDDEN, 'hidden'],
      [HIDDEN_REPLY, 'hidden'],
    ];
    assert.deepEqual(await poll('the chat to mark the edited entries', async () => {
      const found = await chatMarks();
      return found.length === marked.length ? found : undefined;
    }), marked);
    const note = (await wb.chatFrame()).locator('.context-mark-hidden[role="note"]').first();
    assert.equal(await note.getAttribute('aria-label'), 'Hidden from the model: requests from this position leave it out; the session keeps it as written.');

    // The tree: the same marks in the rows' words.
    assert.equal(await treeRowLabel(`user: ${HIDDEN}`), `user: ${HIDDEN}, hidden from the model`);
    // The position (the last edit, a bookkeeping entry the tree hides) shows on the reply above it.
    assert.equal(await treeRowLabel(`assistant: ${HIDDEN_REPLY}`), `assistant: ${HIDDEN_REPLY}, hidden from the model · ● current`);
    assert.match(await treeRowLabel(`assistant: ${FIRST_REPLY.slice(0, 30)}`), /, the model sees an edited version$/);
    assert.equal(await treeRowLabel(`user: ${FIRST}`), `user: ${FIRST}`);

    // The next turn: the request has the first question, the shorter reply and the new prompt, nothing hidden.
    const requestsBefore = fake().messageRequests().length;
    fake().script(text(NEXT_REPLY));
    await send(NEXT);
    await waitForText(NEXT_REPLY);
    assert.equal(fake().messageRequests().length, requestsBefore + 1);
    assert.deepEqual(
      requestMessages().map((message) => [message.role, wireText(message)]),
      [
        ['user', FIRST],
        ['assistant', SHORTER_REPLY],
        ['user', NEXT],
      ],
    );

    // The marks hold at the new position, in both views.
    assert.deepEqual(await chatMarks(), [...marked, [NEXT, ''], [NEXT_REPLY, '']]);
    assert.equal(await treeRowLabel(`user: ${HIDDEN}`), `user: ${HIDDEN}, hidden from the model`);
    assertNoProblems();
  });
});
