// The preview of a manual compaction (arbor.compaction.preview: manual): Compact Session shows the
// proposed summary in an editor; a line changed there and Accept writes exactly that text (one
// summary request at the server, the card says the summary was edited); Cancel in the
// notification writes nothing (the session file stays byte-identical) and closes the editor.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { text, type RecordedRequest } from '../support/fakeAnthropic';
import { assertNoProblems, newSession, readEntries, send, sessionFiles, waitForCardText, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { requestText } from './support/fake';
import { openFile } from './support/editors';
import { answerInputBox } from './support/treeUi';
import { poll } from './support/workbench';

const SUMMARY = '## Goal\nPreview marker: plan the parser rewrite.\nThe last line the model wrote.';
const CHANGED = 'The last line as the user wrote it.';

/**
 * A prompt long enough (about 1 500 tokens) that the 1 000 tokens kept verbatim end inside the
 * last one: the cut falls at its start, no turn is split, and the summary is one request.
 */
function longPrompt(step: number): string {
  return `Parser rewrite, step ${step}: ${'keep the tokens in a flat array, so that lookahead costs nothing. '.repeat(100)}`;
}

function previewTab() {
  return workbench().page.locator('.tabs-container .tab').filter({ hasText: 'Proposed summary.md' });
}

/** The active editor's visible lines (spaces as spaces). */
async function activeEditorText(): Promise<string> {
  const lines = workbench().page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  return (await lines.innerText()).replace(/\u00a0/g, ' ');
}

/** A session of three turns with long prompts, and its file. */
async function longSession(): Promise<string> {
  const before = sessionFiles();
  await newSession();
  for (const step of [1, 2, 3]) {
    fake().script(text(`Noted step ${step}.`));
    await send(longPrompt(step));
    await waitForText(`Noted step ${step}.`);
  }
  return poll('the session file', async () => sessionFiles().find((file) => !before.includes(file) && readEntries(file).length >= 6));
}

/** Compact Session from the palette (no focus), the fake answering every summary request with SUMMARY (then SUMMARY 2, …); resolves once the preview shows it. */
async function compactToPreview(requests: RecordedRequest[]): Promise<void> {
  fake().server.setHandler(async (request) => {
    requests.push(request);
    return text(requests.length === 1 ? SUMMARY : `${SUMMARY}\nProposal ${requests.length}.`);
  });
  await workbench().runCommand('Arbor: Compact Session');
  await answerInputBox(/focus/i, '');
  await previewTab().first().waitFor();
  await poll('the preview to show the proposed summary', async () => ((await activeEditorText().catch(() => '')).includes('The last line the model wrote.') ? true : undefined));
}

/**
 * Sets the workspace's `.vscode/settings.json` to `settings` the way a user does, typed and saved
 * in VS Code's own editor: VS Code applies what it saved itself at once, while a file written
 * behind its back may be noticed only later. The workspace's value wins over the user settings'
 * `never` that the other e2e files compact with.
 */
async function setWorkspaceSettings(settings: Record<string, unknown>): Promise<void> {
  const wb = workbench();
  const file = path.join(wb.workspaceDir, '.vscode', 'settings.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{}\n');
  }
  await openFile('.vscode/settings.json');
  await wb.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await wb.page.keyboard.press('Control+A');
  await wb.page.keyboard.press('Delete');
  // One line: the editor closes each bracket and quote as it is typed, and types over its own closing one.
  await wb.page.keyboard.type(JSON.stringify(settings));
  await wb.page.keyboard.press('Control+S');
  const wanted = JSON.stringify(settings);
  await poll('.vscode/settings.json to be saved', async () => (JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8') || '{}')) === wanted ? true : undefined));
  await wb.runCommand('View: Close Editor');
}

describe('Compaction preview', () => {
  let original: string | undefined;

  before(async () => {
    const wb = workbench();
    await wb.openArbor();
    const file = path.join(wb.workspaceDir, '.vscode', 'settings.json');
    original = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    // The other e2e files compact without the preview: this one turns it on, as a user's settings would.
    const settings = original === undefined ? {} : (JSON.parse(original) as Record<string, unknown>);
    await setWorkspaceSettings({ ...settings, 'arbor.compaction.preview': 'manual' });
  });

  after(async () => {
    fake().server.setHandler(undefined);
    await setWorkspaceSettings(original === undefined ? {} : (JSON.parse(original) as Record<string, unknown>));
    // A file this test made goes with it: the e2e files after it find the workspace as it was.
    if (original === undefined) fs.rmSync(path.join(workbench().workspaceDir, '.vscode', 'settings.json'), { force: true });
  });

  it('Accept writes the summary with the line the user changed, after exactly one summary request, and the card says it was edited', async () => {
    const wb = workbench();
    const file = await longSession();
    const requests: RecordedRequest[] = [];
    try {
      await compactToPreview(requests);
      assert.equal(readEntries(file).filter((entry) => entry.type === 'compaction').length, 0, 'a compaction was written before Accept');
      // The last line of the document is the summary's last: replace it, leave the change unsaved.
      await wb.page.keyboard.press('Control+End');
      await wb.page.keyboard.press('Shift+Home');
      await wb.page.keyboard.type(CHANGED);
      await poll('the editor to hold the change', async () => ((await activeEditorText()).includes(CHANGED) ? true : undefined));
      // The editor's title offers the three answers; Accept there.
      const titleAction = (label: string) => wb.page.locator(`.editor-group-container.active .editor-actions [aria-label^="${label}"]`).first();
      for (const label of ['Regenerate Compaction Summary…', 'Cancel Compaction']) await titleAction(label).waitFor();
      await titleAction('Accept Compaction').click();
      const compaction = await poll('the compaction in the session file', async () => readEntries(file).find((entry) => entry.type === 'compaction'));
      assert.equal(compaction['summary'], SUMMARY.replace('The last line the model wrote.', CHANGED));
      assert.deepEqual((compaction['arbor'] as { summaryEdited?: boolean }).summaryEdited, true);
      assert.equal(requests.length, 1, 'the summary was asked for more than once');
      await waitForCardText('Preview marker');
      await poll('the preview editor to close', async () => ((await previewTab().count()) === 0 ? true : undefined));
    } finally {
      fake().server.setHandler(undefined);
    }
    assertNoProblems();
  });

  it('Cancel in the notification writes nothing: the session file stays byte-identical and the editor closes', async () => {
    const wb = workbench();
    const file = await longSession();
    const bytes = fs.readFileSync(file);
    const requests: RecordedRequest[] = [];
    try {
      await compactToPreview(requests);
      const toast = wb.page.locator('.notification-toast').filter({ hasText: /proposes a compaction/ }).first();
      await toast.getByRole('button', { name: 'Cancel' }).click();
      await wb.page.locator('.notification-toast').filter({ hasText: /nothing was written/ }).first().waitFor();
      await poll('the preview editor to close', async () => ((await previewTab().count()) === 0 ? true : undefined));
    } finally {
      fake().server.setHandler(undefined);
    }
    assert.equal(requests.length, 1);
    assert.ok(fs.readFileSync(file).equals(bytes), 'the session file changed');
    assertNoProblems();
  });

  it('Regenerate in the notification asks for a focus and shows a new proposal; Accept writes that one', async () => {
    const wb = workbench();
    const file = await longSession();
    const requests: RecordedRequest[] = [];
    try {
      await compactToPreview(requests);
      const toast = wb.page.locator('.notification-toast').filter({ hasText: /proposes a compaction/ }).first();
      await toast.getByRole('button', { name: 'Regenerate' }).click();
      await answerInputBox(/focus/i, 'the lexer decisions');
      await poll('the new proposal in the preview', async () => ((await activeEditorText().catch(() => '')).includes('Proposal 2.') ? true : undefined));
      assert.ok(requestText(requests[1]!).includes('the lexer decisions'), 'the focus is not in the second summary request');
      await wb.runCommand('Arbor: Accept Compaction');
      const compaction = await poll('the compaction in the session file', async () => readEntries(file).find((entry) => entry.type === 'compaction'));
      assert.equal(compaction['summary'], `${SUMMARY}\nProposal 2.`);
      assert.equal('summaryEdited' in (compaction['arbor'] as object), false);
      assert.equal(requests.length, 2);
    } finally {
      fake().server.setHandler(undefined);
    }
    assertNoProblems();
  });
});
