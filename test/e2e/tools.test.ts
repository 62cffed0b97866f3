// Tool calls in the chat: a `read` runs without asking and its card shows the name, the arguments
// in short and the result; `bash` and `write` ask first, and the answer (allow once, deny) decides.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { assertNoProblems, cardMenuItem, chat, chatButton, conversation, expandCardsWith, newSession, requestMessages, send, waitForCardText, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { quickInput } from './support/treeUi';
import { CHAT_ONLY, docsImage } from './support/screenshots';

/** The tool_result blocks of the last request at the fake server. */
function lastToolResults(): { content?: unknown; is_error?: boolean }[] {
  const last = requestMessages().at(-1);
  assert.ok(last && typeof last.content !== 'string', 'the last message carries no blocks');
  return (last.content as { type: string; content?: unknown; is_error?: boolean }[]).filter((block) => block.type === 'tool_result');
}

async function approvalButtons(): Promise<number> {
  return (await chat()).getByRole('button', { name: /Allow once|Deny/ }).count();
}

describe('Tool cards and approvals', () => {
  before(async () => {
    await workbench().openArbor();
  });

  it('runs read without asking and shows its card with the name, the arguments in short and the result', async () => {
    const wb = workbench();
    fs.mkdirSync(path.join(wb.workspaceDir, 'notes'), { recursive: true });
    fs.writeFileSync(path.join(wb.workspaceDir, 'notes', 'answer.txt'), 'The answer is 42, said the file.\n');
    await newSession();
    fake().script(reply(text('Let me read the notes.'), toolUse('read', { path: 'notes/answer.txt' })), text('The notes say 42.'));
    await send('What do my notes say?');
    await waitForText('The notes say 42.');
    // Nobody was asked: read never needs approval.
    assert.equal(await approvalButtons(), 0);
    // The tool ran: the second request carries its result.
    const results = lastToolResults();
    assert.equal(results.length, 1);
    assert.match(JSON.stringify(results[0]?.content), /The answer is 42, said the file\./);
    assert.notEqual(results[0]?.is_error, true);

    const conv = await conversation();
    const card = conv.locator('details, [aria-expanded]').filter({ hasText: 'notes/answer.txt' }).first();
    const heading = await card.innerText();
    assert.match(heading, /\bread\b/);
    assert.match(heading, /notes\/answer\.txt/);
    await waitForCardText('The answer is 42, said the file.');
    await docsImage('chat-tool-card', CHAT_ONLY);
    assertNoProblems();
  });

  it('asks before bash: "Allow once" runs it and its result shows', async () => {
    await newSession();
    fake().script(reply(text('I will run a command.'), toolUse('bash', { command: 'echo approved-$((40+2))' })), text('The command printed 42.'));
    await send('Run the echo');
    await (await chatButton(/^Allow once$/)).click();
    await waitForText('The command printed 42.');
    const results = lastToolResults();
    assert.match(JSON.stringify(results[0]?.content), /approved-42/);
    assert.notEqual(results[0]?.is_error, true);
    await waitForCardText('approved-42');
    assert.equal(await approvalButtons(), 0, 'the approval card stays after the answer');
    assertNoProblems();
  });

  it('denies bash with a reason from the card\'s "More…" menu: Escape in the reason box takes it back, Enter sends the reason to the model', async () => {
    const wb = workbench();
    await newSession();
    fake().script(reply(text('I will clean up.'), toolUse('bash', { command: 'rm -rf build-reasoned' })), text('Understood, nothing removed.'));
    await send('Clean the build folder');
    await (await cardMenuItem(/^Deny with reason…$/)).click();
    const box = quickInput().locator('input');
    await box.waitFor();
    assert.match(await quickInput().innerText(), /Deny the bash call/);
    await wb.page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
    // Escape answered nothing: the card still waits.
    await (await chatButton(/^Allow once$/)).waitFor();
    await (await cardMenuItem(/^Deny with reason…$/)).click();
    await box.waitFor();
    await box.fill('the build folder holds my release');
    await wb.page.keyboard.press('Enter');
    await waitForText('Understood, nothing removed.');
    const results = lastToolResults();
    assert.equal(results[0]?.is_error, true);
    assert.match(JSON.stringify(results[0]?.content), /The user denied this tool call\. Their reason: the build folder holds my release/);
    assertNoProblems();
  });

  it('asks before write: "Deny" leaves the file unwritten and the model gets the denial', async () => {
    const wb = workbench();
    const target = path.join(wb.workspaceDir, 'denied.txt');
    await newSession();
    fake().script(reply(text('I will write a file.'), toolUse('write', { path: 'denied.txt', content: 'should not be here' })), text('Understood, I did not write it.'));
    await send('Write denied.txt');
    await (await chatButton(/^Deny$/)).click();
    await waitForText('Understood, I did not write it.');
    assert.equal(fs.existsSync(target), false);
    const results = lastToolResults();
    assert.equal(results[0]?.is_error, true);
    await expandCardsWith('denied.txt');
    const card = (await conversation()).locator('details, [aria-expanded]').filter({ hasText: 'denied.txt' }).first();
    assert.match(await card.innerText(), /den(y|ied)|not allowed|declined/i);
    assertNoProblems();
  });
});
