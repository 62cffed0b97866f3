// Live updates in the real browser: a script (another process, as pi would be) appends to the
// current session's file, which sits outside the workspace. A turn that continues the current
// position shows in the Session Tree and in the chat (Arbor is idle, so it follows); a turn on
// another branch shows in the tree only. The user is told once, not per line.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { serializeLine } from '../../src/core/session';
import { assistant, msg, user } from '../support/builders';
import { text } from '../support/fakeAnthropic';
import { assertNoProblems, assertNoProblemsExcept, conversationText, entryText, newSession, readEntries, send, sessionFiles, waitForSessionFileWith, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { openArborForTree } from './support/treeUi';
import { poll } from './support/workbench';

const FIRST_ANSWER = 'Live updates: the first answer.';
const OTHER_WRITER = 'Another program (pi or another VS Code window) is also writing to this session.';

/** Appends a user message and its reply under `parentId` from a separate node process; returns the reply's id. */
function appendTurnFromScript(file: string, parentId: string, question: string, answer: string): string {
  const [questionId, answerId] = [randomBytes(4).toString('hex'), randomBytes(4).toString('hex')];
  const lines = serializeLine(msg(questionId, parentId, user(question))) + serializeLine(msg(answerId, questionId, assistant(answer)));
  execFileSync(process.execPath, ['-e', `require('node:fs').appendFileSync(process.argv[1], process.argv[2])`, file, lines]);
  return answerId;
}

function sessionId(file: string): string {
  return (JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!) as { id: string }).id;
}

/** Waits for a Session Tree row showing `textShown`, expanding collapsed rows on the way (expanding never navigates). */
async function waitForTreeRow(textShown: string): Promise<void> {
  const wb = workbench();
  const collapsed = wb.page.locator('.pane', { has: wb.paneHeader('Session Tree') }).locator('.monaco-list-row[aria-expanded="false"] .monaco-tl-twistie');
  await poll(`the Session Tree to show "${textShown}"`, async () => {
    if ((await wb.treeRows()).some((row) => row.label.includes(textShown))) return true;
    if ((await collapsed.count()) > 0) await collapsed.first().click();
    return undefined;
  });
}

function otherWriterToasts() {
  return workbench().page.locator('.notification-toast').filter({ hasText: OTHER_WRITER });
}

describe('Live updates from other writers', () => {
  let sessionFile = '';

  before(async () => {
    await openArborForTree();
  });

  after(async () => {
    // Leave no toast behind for the tests that follow.
    await workbench().runCommand('Notifications: Clear All Notifications');
  });

  it('shows a turn a script appended after the current position in the Session Tree and in the chat', async () => {
    await newSession();
    const before = sessionFiles();
    fake().script(text(FIRST_ANSWER));
    await send('Live updates: the first question');
    await waitForText(FIRST_ANSWER);
    sessionFile = await waitForSessionFileWith(before, FIRST_ANSWER);
    const reply = readEntries(sessionFile).find((entry) => entryText(entry) === FIRST_ANSWER)!;

    const appendedAt = Date.now();
    appendTurnFromScript(sessionFile, reply.id, 'Asked from a script', 'Answered from a script');
    await waitForTreeRow('Asked from a script');
    console.log(`      (in the Session Tree ${Date.now() - appendedAt} ms after the script's append, polled every 250 ms)`);
    await otherWriterToasts().first().waitFor();
    await waitForTreeRow('Answered from a script');
    // Arbor was idle and the script continued from its position: the chat follows.
    const shown = await waitForText('Answered from a script');
    assert.ok(shown.includes(FIRST_ANSWER));
    assert.match(workbench().arborLog(), /another program appended 2 entries/);
    assertNoProblems();
  });

  it('shows a turn a script appended on another branch in the tree only, and tells the user no second time', async () => {
    const firstQuestion = readEntries(sessionFile).find((entry) => entry.message?.role === 'user')!;
    appendTurnFromScript(sessionFile, firstQuestion.id, 'A side question from a script', 'A side answer from a script');
    await waitForTreeRow('A side answer from a script');
    const shown = await conversationText();
    assert.ok(shown.includes('Answered from a script'), 'the chat left the branch it was on');
    assert.ok(!shown.includes('A side answer from a script'), 'the chat shows the other branch');
    // Told once per burst: one notice for both appends (the toast itself may have timed out by now).
    const told = workbench().arborLog().split('\n').filter((line) => line.includes(`Session ${sessionId(sessionFile)}: told the user another program writes to it`));
    assert.equal(told.length, 1);
    // The next prompt continues where the chat is, after the script's lines.
    fake().script(text('Live updates: after the script.'));
    await send('Live updates: a question after the script');
    await waitForText('Live updates: after the script.');
    const sent = JSON.stringify(fake().messageRequests().at(-1)!.body?.messages);
    assert.ok(sent.includes('Answered from a script') && !sent.includes('A side answer from a script'), 'the request is not on the followed branch');
    assertNoProblems();
  });

  it('keeps what was sent in the chat when the session file was deleted, and Save a Copy… continues the session in a new file', async () => {
    await newSession();
    const before = sessionFiles();
    fake().script(text('Rescue: the first answer.'));
    await send('Rescue: the first question');
    await waitForText('Rescue: the first answer.');
    const file = await waitForSessionFileWith(before, 'Rescue: the first answer.');
    rmSync(file);

    await send('Rescue: a question after the file was deleted');
    await waitForText('Rescue: a question after the file was deleted');
    assert.equal(existsSync(file), false, 'the deleted file is not created again');
    const toast = workbench().page.locator('.notification-toast').filter({ hasText: 'The session file was deleted or moved away' });
    await toast.first().waitFor();
    assert.match(await toast.first().innerText(), /your last message \(\d+B\) is not saved yet\. Choose Save a Copy to keep the session as a new file\./);
    await toast.first().getByRole('button', { name: 'Save a Copy…' }).click();

    const copy = path.join(path.dirname(file), `${path.basename(file, '.jsonl')}-copy.jsonl`);
    const input = workbench().page.locator('.quick-input-widget input');
    await poll('the save dialog to offer the copy\'s name', async () => ((await input.inputValue()).endsWith(path.basename(copy)) ? true : undefined));
    await input.press('Enter');
    await poll('the copy to be written', async () => (existsSync(copy) ? true : undefined));
    const saved = readEntries(copy).map(entryText);
    assert.ok(saved.includes('Rescue: the first answer.') && saved.includes('Rescue: a question after the file was deleted'), 'everything in memory is in the copy');
    await workbench().page.locator('.notification-toast').filter({ hasText: `Saved the session as ${path.basename(copy)}; Arbor continues in it.` }).first().waitFor();

    fake().script(text('Rescue: written to the copy.'));
    await send('Rescue: and now?');
    await waitForText('Rescue: written to the copy.');
    await poll('the next reply in the copy', async () => (readEntries(copy).some((entry) => entryText(entry) === 'Rescue: written to the copy.') ? true : undefined));
    const shown = await conversationText();
    assert.ok(shown.includes('Rescue: the first answer.') && shown.includes('Rescue: a question after the file was deleted'));
    assert.match(workbench().arborLog(), /1 entry waits to be written \(gone\)/);
    // The failed write is reported (the notification and the log's error); nothing else may be.
    assertNoProblemsExcept(/^(.* \[error\] Agent run failed \(write-failed\): )?The session file was deleted or moved away \(Arbor does not create it again\)/);
  });
});
