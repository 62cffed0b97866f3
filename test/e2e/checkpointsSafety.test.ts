// Workspace checkpoints keep what is the user's, through the real UI (real git, real files):
// - an edit the user makes in VS Code between two prompts is noticed at the next prompt and shown
//   in the Session Tree as "changed outside"; an edit made since the last checkpoint is left alone
//   by a later move, and the note says so, unless the user picks the item that overwrites it;
// - a nested repository and a file over the size limit are not recorded, and the chat says so
//   once (Show Checkpoint Storage lists them too);
// - a workspace that is the home folder (a second workbench whose HOME is the workspace) is
//   refused: the chat says so once, prompts still get their replies, and nothing is recorded.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { reply, startFakeAnthropic, text, toolUse, type FakeAnthropic } from '../support/fakeAnthropic';
import { assertNoProblems, chat, chatButton, newSession, noteShows, readEntries, send, sessionFiles, waitForSessionFileWith, waitForText, type FileEntry } from './support/chat';
import { E2E_KEY } from './support/fake';
import { E2E_MODEL, fake, workbench } from './support/hooks';
import { clickTreeRow, openArborForTree, pickItem, quickInput, quickPickShows, treeRow } from './support/treeUi';
import { ArborWorkbench, poll } from './support/workbench';

/** The move's one question when the summary and these files (one changed outside) are both asked. */
const ONE_QUESTION = ['No summary', 'Summarize', 'Summarize with focus…']
  .flatMap((summary) => ['Restore files (1 file)', 'Restore files and overwrite changes made outside (2 files)', 'Keep files as they are'].map((files) => `${summary} · ${files}`))
  .concat('Preview changes…');
const NOTE = 'notes-safety.txt';
const ADDED = 'added-safety.txt';
const WROTE = 'Wrote the notes (safety).';
const SECOND = 'Added a second file (safety).';

/** The causes of the `arbor.files` entries of a session file, in order. */
function fileCauses(entries: readonly FileEntry[]): string[] {
  return entries.filter((entry) => entry.type === 'custom' && entry.customType === 'arbor.files').map((entry) => String((entry.data as { cause?: unknown }).cause));
}

/** What the chat's notices say ('' when there are none). */
async function chatNotices(frame?: Frame): Promise<string> {
  return (frame ?? (await chat())).locator('#notices').innerText().catch(() => '');
}

/** Opens a workspace file by Quick Open, replaces its text by typing, and saves it (Ctrl+S), as a user does. */
async function editInVsCode(relative: string, typed: string): Promise<void> {
  const wb = workbench();
  await wb.focusEditorArea();
  await wb.page.keyboard.press('Control+P');
  const input = wb.page.locator('.quick-input-widget input');
  await input.fill(relative);
  await wb.page.locator('.quick-input-widget .monaco-list-row', { hasText: relative }).first().waitFor();
  await input.press('Enter');
  await wb.page.locator('.tabs-container .tab.active', { hasText: relative }).waitFor();
  await wb.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await wb.page.keyboard.press('Control+A');
  await wb.page.keyboard.type(typed);
  await wb.page.keyboard.press('Control+S');
  const file = path.join(wb.workspaceDir, relative);
  await poll(`${relative} to be saved`, async () => (fs.readFileSync(file, 'utf8') === typed ? true : undefined));
}

/**
 * Closes the editor of `relative` if one is open, without any question (reverting: the text is on
 * disk). Left open, it would be the active editor whose chip goes with later tests' prompts, and
 * its file, removed after the test, would keep a tab that asks before closing.
 */
async function closeEditorOf(relative: string): Promise<void> {
  const wb = workbench();
  const tab = wb.page.locator('.tabs-container .tab', { hasText: relative });
  if ((await tab.count()) === 0) return;
  await tab.first().click();
  await wb.page.locator('.tabs-container .tab.active', { hasText: relative }).waitFor();
  await wb.runCommand('View: Revert and Close Editor');
  await tab.first().waitFor({ state: 'detached' });
}

describe('Workspace checkpoints keep what is yours', () => {
  const inWorkspace = (relative: string): string => path.join(workbench().workspaceDir, relative);
  const read = (relative: string): string | undefined => (fs.existsSync(inWorkspace(relative)) ? fs.readFileSync(inWorkspace(relative), 'utf8') : undefined);

  before(async () => {
    await openArborForTree();
  });

  afterEach(async () => {
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
    await closeEditorOf(NOTE);
    for (const name of [NOTE, ADDED, 'big-safety.bin', 'vendor-safety']) fs.rmSync(inWorkspace(name), { recursive: true, force: true });
  });

  it('notices an edit made in VS Code between prompts as "changed outside", and a later move leaves a newer one alone and says so unless asked to overwrite it', async () => {
    await newSession();
    const before = sessionFiles();
    fake().script(reply(toolUse('write', { path: NOTE, content: 'agent one\n' })), text(WROTE));
    await send('Write the notes file (safety)');
    await (await chatButton(/^Accept$/)).click();
    await waitForText(WROTE);
    assert.equal(read(NOTE), 'agent one\n');
    const file = await waitForSessionFileWith(before, WROTE);

    await editInVsCode(NOTE, 'user one');

    fake().script(reply(toolUse('write', { path: ADDED, content: 'added\n' })), text(SECOND));
    await send('Add a second file (safety)');
    await (await chatButton(/^Accept$/)).click();
    await waitForText(SECOND);
    assert.deepEqual(fileCauses(readEntries(file)), ['start', 'tool', 'outside', 'tool']);
    // The reply before the edit: its row counts the file the user changed, apart from the agent's.
    await treeRow(`assistant: ${WROTE}, ✎ 1 file changed outside`).waitFor();

    // Changed again since the last checkpoint, on disk this time: that change is the user's alone.
    fs.writeFileSync(inWorkspace(NOTE), 'user two');
    await clickTreeRow(`assistant: ${WROTE}`);
    await quickPickShows(ONE_QUESTION);
    await pickItem('No summary · Restore files (1 file)');
    await noteShows('Files restored: 1 removed; 1 left alone (changed outside).');
    assert.equal(read(ADDED), undefined, 'the file the agent added after that point is removed');
    assert.equal(read(NOTE), 'user two', "the user's newest edit is left alone");

    // Changed once more, then forward to the second reply, overwriting: both files are that reply's.
    fs.writeFileSync(inWorkspace(NOTE), 'user three');
    // Only the restore's record is left behind: no summary question, the files question at once.
    await clickTreeRow(`assistant: ${SECOND}`);
    await quickPickShows(['Restore files (1 file)', 'Restore files and overwrite changes made outside (2 files)', 'Keep files as they are', 'Preview changes…']);
    // The preview opens beside the question, which comes back; answering it closes the preview (it would go stale).
    await pickItem('Preview changes…');
    const preview = workbench().page.locator('.tabs-container .tab', { hasText: 'Files a restore would change' });
    await preview.first().waitFor();
    await quickPickShows(['Restore files (1 file)', 'Restore files and overwrite changes made outside (2 files)', 'Keep files as they are', 'Preview changes…']);
    await pickItem('Restore files and overwrite changes made outside (2 files)');
    await noteShows('Files restored: 2 changed.');
    await poll('the preview to close once the question is answered', async () => ((await preview.count()) === 0 ? true : undefined));
    assert.equal(read(NOTE), 'user one');
    assert.equal(read(ADDED), 'added\n');
    // Each restore is recorded, its "before" holding the files it replaced (the overwritten edit included).
    assert.deepEqual(fileCauses(readEntries(file)), ['start', 'tool', 'outside', 'tool', 'restore', 'restore']);
    assertNoProblems();
  });

  it('says once in the chat that a nested repository and a file over the size limit are not recorded, and Show Checkpoint Storage lists them', async () => {
    fs.mkdirSync(inWorkspace('vendor-safety/lib'), { recursive: true });
    fs.writeFileSync(inWorkspace('vendor-safety/lib/x.c'), 'x');
    execFileSync('git', ['init', '-q'], { cwd: inWorkspace('vendor-safety/lib'), env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    fs.writeFileSync(inWorkspace('big-safety.bin'), Buffer.alloc(6 * 1024 * 1024, 1));
    const notice = 'Workspace checkpoints do not record 2 paths: big-safety.bin (6.0MB, over the size limit), vendor-safety/lib (a nested repository). A restore leaves them as they are.';
    await newSession();
    fake().script(text('First answer (safety skip).'), text('Second answer (safety skip).'));
    await send('Hello (safety skip)');
    await waitForText('First answer (safety skip).');
    await poll('the chat to tell what is not recorded', async () => ((await chatNotices()).includes(notice) ? true : undefined));
    // Sending clears the chat's notices; the next prompt's snapshot finds the same paths and does not tell them again.
    await send('Again (safety skip)');
    await waitForText('Second answer (safety skip).');
    assert.equal(await chatNotices(), '', 'told again');

    await workbench().runCommand('Arbor: Show Checkpoint Storage');
    const toast = workbench().page.locator('.notification-toast').filter({ hasText: 'Workspace checkpoints of this workspace take' }).first();
    await toast.waitFor();
    assert.ok((await toast.innerText()).replace(/\s+/g, ' ').includes(notice), await toast.innerText());
    await toast.hover();
    await toast.getByRole('button', { name: /Clear Notification/ }).first().click();
    assertNoProblems();
  });

  describe('in a home folder (a workbench of its own whose HOME is the workspace)', () => {
    let home: ArborWorkbench | undefined;
    let server: FakeAnthropic | undefined;
    let root: string | undefined;
    const sessions = (): string => path.join(root!, 'sessions-out');

    before(async function () {
      this.timeout(5 * 60_000);
      server = await startFakeAnthropic({ apiKey: E2E_KEY });
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-e2e-home-'));
      const workspace = path.join(root, 'me');
      home = await ArborWorkbench.start({
        workspace,
        env: { ANTHROPIC_API_KEY: E2E_KEY, HOME: workspace, XDG_STATE_HOME: path.join(root, 'state') },
        userSettings: { 'arbor.baseUrl': server.url, 'arbor.model': E2E_MODEL, 'arbor.thinking': 'off', 'arbor.sessionsDirectory': sessions() },
      });
    });

    afterEach(async function () {
      if (home && this.currentTest?.state === 'failed') {
        console.log(`    screenshot: ${await home.screenshot(`failed-home-${this.currentTest.fullTitle()}`)}`);
        // This workbench is not the one the root hooks report on: its own log, for the reason.
        console.log(`    Arbor's log in the home-folder workbench:\n${home.arborLog().split('\n').slice(-40).join('\n')}`);
      }
    });

    after(async () => {
      await home?.stop();
      await server?.close();
      if (root) fs.rmSync(root, { recursive: true, force: true });
    });

    it('refuses to record it: the chat says so once, prompts still get their replies, no store is made and the session records no files', async () => {
      const wb = home!;
      await wb.openArbor();
      const frame = await wb.chatFrame();
      const refusal = `Checkpoints are off: ${fs.realpathSync(wb.workspaceDir)} is your home folder or holds it; open a project folder to record its files. Moving in the session tree will not restore the workspace's files.`;
      server!.script(text('Home answer one.'), text('Home answer two.'));
      // Sending clears the chat's notices: after the first reply the refusal shows, after the second it is not told again.
      const told: string[] = [];
      for (const [prompt, answer] of [['Hello from home', 'Home answer one.'], ['Hello again from home', 'Home answer two.']] as const) {
        await frame.waitForFunction(() => (document.getElementById('conversation')?.childElementCount ?? 0) > 0 || document.querySelector('.empty-state') !== null);
        const input = frame.locator('textarea:visible').first();
        await input.fill(prompt);
        await input.press('Enter');
        await poll(`the chat to show "${answer}"`, async () => ((await frame.locator('#conversation').innerText()).includes(answer) ? true : undefined));
        told.push(await chatNotices(frame));
      }
      assert.deepEqual(told, [refusal, ''], `Arbor's log:\n${wb.arborLog()}`);
      assert.equal(fs.existsSync(path.join(root!, 'state', 'arbor')), false, 'a checkpoint store was made');
      const files = fs.readdirSync(sessions(), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.jsonl'));
      assert.equal(files.length, 1);
      assert.deepEqual(fileCauses(readEntries(path.join(sessions(), files[0]!))), []);
      assert.deepEqual(wb.takeProblems(), []);
    });
  });
});
