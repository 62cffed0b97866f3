// The user shapes what the model sees, through the real UI: a tool result hidden from the chat (its
// reply goes with it, after a question that says so), a reply's model text edited in a VS Code
// editor and saved, an editor closed after only VS Code's auto-save (nothing written), and two
// Session Tree rows selected together and hidden with one question. Each time the file holds the
// edits, and the next request at the fake server carries exactly what the model is meant to see.
import * as assert from 'node:assert/strict';
import { text } from '../support/fakeAnthropic';
import { assistant, toolCall, toolResult, usage, user } from '../support/builders';
import { loadPi } from '../support/pi';
import { assertNoProblems, chat, clickItemButton, expandCardsWith, meterText, meterTokens, projectSessionsDir, readEntries, requestMessages, send, waitForText, wireText, type FileEntry } from './support/chat';
import { fake, workbench } from './support/hooks';
import { openArborForTree, quickInput, rowMenu, treeRow } from './support/treeUi';
import { poll, untilStable } from './support/workbench';

const FIRST = 'Why does the build fail (context edits ui e2e)?';
const READING = 'Reading the build log (context edits ui e2e).';
const LOG = Array.from({ length: 200 }, (_, index) => `build log line ${index + 1}: warning, nothing to see here (context edits ui e2e)`).join('\n');
const ANSWER = 'The build fails because a test imports a deleted module; restore it or change the import (context edits ui e2e).';
const EDITED = 'A test imports a deleted module (context edits ui e2e, edited).';
const NEXT = 'And the lint step (context edits ui e2e)?';
const NEXT_REPLY = 'The lint step passes (context edits ui e2e).';
const SECOND = 'Which test was it (context edits ui e2e)?';
const SECOND_REPLY = 'The parser test (context edits ui e2e).';
const THIRD = 'Which file holds it (context edits ui e2e)?';
const THIRD_REPLY = 'test/parser.test.ts (context edits ui e2e).';
const LAST = 'Thanks (context edits ui e2e).';
const LAST_REPLY = 'You are welcome (context edits ui e2e).';

/** The session as pi 1.6.0 writes it into this workspace's sessions folder; returns its file. */
async function piSessionWithToolTurn(): Promise<string> {
  const pi = await loadPi();
  const sm = pi.SessionManager.create(workbench().workspaceDir, projectSessionsDir());
  const call = toolCall('read', { path: 'build.log' }, 'call-ui-e2e');
  sm.appendMessage(user(FIRST) as never);
  sm.appendMessage(assistant([{ type: 'text', text: READING }, call], { stopReason: 'toolUse' }) as never);
  sm.appendMessage(toolResult(call, LOG) as never);
  // The reply reports a large context (the meter reads it): hiding the log must bring it down.
  sm.appendMessage(assistant(ANSWER, { usage: usage(6000, 50) }) as never);
  const file = sm.getSessionFile();
  assert.ok(file, 'pi wrote no session file');
  return file;
}

function contextEdits(file: string): FileEntry[] {
  return readEntries(file).filter((entry) => entry.type === 'context_edit');
}

/** The modal VS Code shows before a plan that touches more than one entry: its text, then its button clicked. */
async function answerModal(button: string): Promise<string> {
  const dialog = workbench().page.locator('.monaco-dialog-box');
  await dialog.waitFor();
  const said = (await dialog.innerText()).replace(/\s+/g, ' ');
  await dialog.locator('.monaco-button', { hasText: button }).click();
  await dialog.waitFor({ state: 'detached' });
  return said;
}

/** The roles and texts of the last request at the fake server. */
function lastRequest(): [string, string][] {
  return requestMessages().map((message) => [message.role, wireText(message)]);
}

async function turn(prompt: string, answer: string): Promise<void> {
  fake().script(text(answer));
  await send(prompt);
  await waitForText(answer);
}

/** The active editor's tab label, once an editor of Arbor's model-text scheme shows. */
async function modelTextEditor(): Promise<void> {
  const page = workbench().page;
  await page.locator('.tabs-container .tab.active', { hasText: 'What the model sees.md' }).waitFor();
}

/** Replaces the active editor's text, as a user selects all and types. */
async function replaceEditorText(value: string): Promise<void> {
  const page = workbench().page;
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(value);
}

describe('Shaping what the model sees from the chat, an editor and the tree', () => {
  let file: string;

  before(async () => {
    await openArborForTree();
    file = await piSessionWithToolTurn();
    const wb = workbench();
    await wb.browseForSession();
    await wb.answerFileDialog(file);
    await waitForText(ANSWER);
  });

  afterEach(async () => {
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
    if (fake().server.pending() > 0) await fake().restart();
  });

  it('hides a tool result from the chat with its reply after saying so: the meter falls and the next request lacks both', async () => {
    await untilStable('the meter to settle', () => meterText(), 3);
    const before = meterTokens(await meterText());
    await expandCardsWith('build log line 1:');
    await clickItemButton('build log line 1:', /^Hide this result from the model$/);
    const said = await answerModal('Hide');
    assert.match(said, /2 entries change for the model/);
    assert.match(said, /Hides the tool result \S+ from the model, and also the reply that holds its tool call, so no tool call is left without its result\./);

    const edits = await poll('the two hides in the file', async () => {
      const found = contextEdits(file);
      return found.length === 2 ? found : undefined;
    });
    const entries = readEntries(file);
    const reply = entries.find((entry) => entry.message?.role === 'assistant' && JSON.stringify(entry.message.content).includes(READING))!;
    const result = entries.find((entry) => entry.message?.role === 'toolResult')!;
    assert.deepEqual(edits.map((edit) => [edit['targetId'], edit['replacement']]), [[reply.id, null], [result.id, null]]);

    // The meter drops at once; the chat folds the reply into one quiet line.
    const after = await poll('the meter to fall', async () => {
      const now = meterTokens(await meterText());
      return now < before - 1000 ? now : undefined;
    });
    assert.ok(after < before);
    const fold = (await chat()).locator('details.hidden-fold').filter({ hasText: READING });
    await fold.waitFor();
    assert.match((await fold.locator(':scope > summary').innerText()).replace(/\s+/g, ' '), /hidden from the model.*Show again/);

    await turn(NEXT, NEXT_REPLY);
    assert.deepEqual(lastRequest(), [
      ['user', FIRST],
      ['assistant', ANSWER],
      ['user', NEXT],
    ]);
    assertNoProblems();
  });

  it('edits a reply\'s model text in an editor: a Save of the user\'s own appends it, and the next request carries it', async () => {
    const editsBefore = contextEdits(file).length;
    await clickItemButton(ANSWER, /^Edit what the model sees…$/);
    await modelTextEditor();
    await replaceEditorText(EDITED);
    await workbench().page.keyboard.press('Control+S');
    const edit = await poll('the edit in the file', async () => contextEdits(file).at(editsBefore));
    const answer = readEntries(file).find((entry) => entry.message?.role === 'assistant' && JSON.stringify(entry.message.content).includes(ANSWER))!;
    assert.deepEqual([edit['targetId'], edit['replacement']], [answer.id, { content: [{ type: 'text', text: EDITED }] }]);
    assert.equal(contextEdits(file).length, editsBefore + 1, 'one edit for one save');
    await workbench().runCommand('View: Close Editor');

    await turn(SECOND, SECOND_REPLY);
    assert.deepEqual(lastRequest(), [
      ['user', FIRST],
      ['assistant', EDITED],
      ['user', NEXT],
      ['assistant', NEXT_REPLY],
      ['user', SECOND],
    ]);
    assertNoProblems();
  });

  it('writes nothing when the editor is closed after only an auto-save (or without saving)', async () => {
    const wb = workbench();
    const editsBefore = contextEdits(file).length;
    const linesBefore = readEntries(file).length;
    await clickItemButton(NEXT_REPLY, /^Edit what the model sees…$/);
    await modelTextEditor();
    await replaceEditorText('Text the model must never see (context edits ui e2e).');
    // VS Code's auto-save (on in this workbench) saves the text after a moment: the tab is clean then.
    const tab = wb.page.locator('.tabs-container .tab.active');
    const autoSaved = await poll('the editor to be auto-saved', 5_000, async () => (((await tab.getAttribute('class')) ?? '').includes('dirty') ? undefined : true)).catch(() => false);
    await wb.runCommand('View: Close Editor');
    // Without auto-save VS Code asks: the user closes without saving.
    if (!autoSaved) await answerModal("Don't Save");
    await poll('the editor to close', async () => ((await wb.page.locator('.tabs-container .tab', { hasText: 'What the model sees.md' }).count()) === 0 ? true : undefined));
    assert.equal(contextEdits(file).length, editsBefore);
    assert.equal(readEntries(file).length, linesBefore);
    assertNoProblems();
  });

  it('hides two rows selected together in the Session Tree with one question', async () => {
    const wb = workbench();
    // Its own turn, so the test stands alone (run by itself, or after the ones above).
    await turn(THIRD, THIRD_REPLY);
    const editsBefore = contextEdits(file).length;
    // The current position's row (the reply) is selected; a right-click puts the tree's focus on it
    // without moving, and Shift+Up adds the prompt's row above it, as a user extends a selection.
    // Once the tree has taken the turn in (its rows move as they come): the reply is the selected ● row.
    const reply = treeRow(`assistant: ${THIRD_REPLY}`);
    await poll('the reply to be the selected current row', async () => {
      const label = (await reply.getAttribute('aria-label')) ?? '';
      return label.includes('● current') && ((await reply.getAttribute('class')) ?? '').includes('selected') ? true : undefined;
    });
    await reply.click({ button: 'right' });
    await wb.page.locator('.context-view .monaco-menu').waitFor();
    await wb.page.keyboard.press('Escape');
    await wb.page.keyboard.press('Shift+ArrowUp');
    const selected = wb.page.locator('.pane', { has: wb.paneHeader('Session Tree') }).locator('.monaco-list-row.selected');
    let found: string[] = [];
    const labels = await poll('two selected rows', async () => {
      found = await selected.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
      return found.length === 2 ? found : undefined;
    }).catch((error: unknown) => assert.fail(`${String(error)}; selected: ${JSON.stringify(found)}`));
    assert.ok(labels[0]!.startsWith(`user: ${THIRD}`), labels[0]);
    assert.ok(labels[1]!.startsWith(`assistant: ${THIRD_REPLY}`), labels[1]);
    await rowMenu(`assistant: ${THIRD_REPLY}`, 'Hide from the Model');
    const said = await answerModal('Hide');
    assert.match(said, /2 entries change for the model/);
    const edits = await poll('the two hides in the file', async () => {
      const found = contextEdits(file);
      return found.length === editsBefore + 2 ? found.slice(editsBefore) : undefined;
    });
    const entries = readEntries(file);
    const ids = [THIRD, THIRD_REPLY].map((said) => entries.find((entry) => entry.message && JSON.stringify(entry.message.content).includes(said))!.id);
    assert.deepEqual(edits.map((edit) => [edit['targetId'], edit['replacement']]), ids.map((id) => [id, null]));

    // The rows say it, dimmed with the closed eye; the next request leaves both out.
    await poll('the rows to say they are hidden', async () => {
      const label = (await treeRow(`user: ${THIRD}`).getAttribute('aria-label')) ?? '';
      return label.includes('hidden from the model') ? true : undefined;
    });
    await turn(LAST, LAST_REPLY);
    const sent = lastRequest().map(([role, said]) => `${role}: ${said}`);
    assert.equal(sent.at(-1), `user: ${LAST}`);
    assert.equal(sent[0], `user: ${FIRST}`);
    assert.ok(!sent.some((line) => line.includes(THIRD) || line.includes(THIRD_REPLY)), sent.join('\n'));
    assertNoProblems();
  });
});
