// The Sessions view lists this workspace's sessions newest first; Search Sessions… finds a word said
// only on an abandoned branch of an older session and goes there; Export Session… writes the
// current branch as Markdown, HTML and a JSONL that `arbor check` passes and that opens as a session.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkReport } from '../../src/cli/commands/check';
import { createSessionFile, loadSessionFile } from '../../src/core/session';
import { assistant, user } from '../support/builders';
import { assertNoProblems, conversationText, newSessionWithTurn, projectSessionsDir, waitForText } from './support/chat';
import { workbench } from './support/hooks';
import { clickQuickPickRow, quickInput, rowMenu, treeRow } from './support/treeUi';
import { exactly, poll } from './support/workbench';

const OLDER_NAME = 'Older garden session';
const ASKED = 'Which insects help the garden?';
const ABANDONED = 'Marzipan bees live under the tulips.';
const CURRENT_REPLY = 'Tulips and roses bloom in May.';
const NEWEST_PROMPT = 'Sessions view: the newest session';
const NEW_NAME = 'Garden plans, renamed';

/** An older session written straight into the folder: its bee reply sits on the branch it does not reopen at. */
let olderFile = '';

async function olderSessionOnDisk(): Promise<string> {
  const session = await createSessionFile({ dir: projectSessionsDir(), cwd: workbench().workspaceDir });
  await session.appendMessage(user('Plan the garden'));
  const fork = await session.appendMessage(assistant('Plant tomatoes.'));
  await session.appendMessage(user(ASKED));
  await session.appendMessage(assistant(ABANDONED));
  await session.branch(fork);
  await session.appendMessage(user('What about flowers?'));
  await session.appendMessage(assistant(CURRENT_REPLY));
  await session.appendSessionInfo(OLDER_NAME);
  await session.sync();
  return session.file!;
}

/** Clicks the quick pick item whose label is exactly `label`. */
async function choose(label: string): Promise<void> {
  await clickQuickPickRow(quickInput().locator('.monaco-list-row').filter({ has: workbench().page.locator('.label-name', { hasText: exactly(label) }) }).first());
}

/** Answers a save dialog (VS Code's own, a quick input in the browser) with a path that does not exist yet. */
async function answerSaveDialog(file: string): Promise<void> {
  const input = quickInput().locator('input');
  // The dialog first fills in its proposal (folder and file name); a path typed before that is overwritten.
  await poll('the save dialog to propose a file', async () => ((await input.inputValue().catch(() => '')).endsWith(path.extname(file)) ? true : undefined));
  await poll('the save dialog to take the path', async () => {
    if ((await input.inputValue()) !== file) await input.fill(file);
    return (await input.inputValue()) === file ? true : undefined;
  });
  await input.press('Enter');
  await quickInput().waitFor({ state: 'hidden' });
}

describe('Sessions view, search and export', () => {
  before(async () => {
    await workbench().openArbor();
  });

  it("lists this workspace's sessions newest first, the open one marked", async () => {
    const wb = workbench();
    olderFile = await olderSessionOnDisk();
    await newSessionWithTurn(NEWEST_PROMPT, 'The newest reply.');
    await wb.setPaneExpanded('Sessions', true);
    const rows = await poll('both sessions in the Sessions view', async () => {
      const found = await wb.treeRows('Sessions');
      return found.some((row) => row.label.startsWith(OLDER_NAME)) && found.some((row) => row.label.startsWith(NEWEST_PROMPT)) ? found : undefined;
    });
    assert.ok(rows[0]!.label.startsWith(`${NEWEST_PROMPT}, ● current · `), `first row: ${rows[0]!.label}`);
    assert.ok(rows[1]!.label.startsWith(`${OLDER_NAME}, `), `second row: ${rows[1]!.label}`);
    assert.ok(!rows[1]!.label.includes('●'));
    assertNoProblems();
  });

  it('finds a word said only on an abandoned branch of an older session and goes there', async () => {
    const wb = workbench();
    await wb.runCommand('Arbor: Search Sessions…');
    await quickInput().locator('input').fill('marzipan');
    const result = quickInput().locator('.monaco-list-row', { hasText: ABANDONED }).first();
    await result.waitFor();
    assert.match(await result.innerText(), new RegExp(`${OLDER_NAME} · abandoned branch`));
    await clickQuickPickRow(result);
    // Leaving the branch the session opened at asks about a summary (arbor.branchSummary: ask).
    await quickInput().locator('.monaco-list-row', { hasText: 'No summary' }).first().waitFor();
    await choose('No summary');
    await quickInput().waitFor({ state: 'hidden' });
    const shown = await waitForText(ABANDONED);
    assert.ok(shown.includes(ASKED));
    assert.ok(!shown.includes(CURRENT_REPLY), 'the chat still shows the branch the session opened at');
    await poll('the Session Tree to mark the bee reply current', async () =>
      (await wb.treeRows()).some((row) => row.label.includes(ABANDONED) && row.label.includes('●')) ? true : undefined,
    );
    assertNoProblems();
  });

  it('exports the current branch as Markdown, HTML and a JSONL that arbor check passes and opens as a session from the notification', async () => {
    const wb = workbench();
    // The session from the search, at the bee reply.
    assert.ok((await conversationText()).includes(ABANDONED));
    const stamp = Date.now();
    const written: Record<string, string> = {};
    for (const [format, label] of [['md', 'Markdown'], ['html', 'HTML'], ['jsonl', 'JSONL (pi session)']] as const) {
      const file = path.join(wb.workspaceDir, `garden-export-${stamp}.${format}`);
      await wb.runCommand('Arbor: Export Session…');
      await choose(label);
      await answerSaveDialog(file);
      written[format] = await poll(`${path.basename(file)} to be written`, async () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined));
      const loaded = format === 'jsonl' ? await loadSessionFile(file) : undefined;
      if (loaded) assert.deepEqual(checkReport(loaded), { ok: true, malformedLines: [], orphans: [], cycles: [], duplicateIds: [], tornTail: false });
    }
    for (const format of ['md', 'html', 'jsonl']) {
      for (const said of ['Plan the garden', 'Plant tomatoes.', ASKED, ABANDONED]) assert.ok(written[format]!.includes(said), `${format} lacks "${said}"`);
      assert.ok(!written[format]!.includes(CURRENT_REPLY), `${format} holds the other branch`);
    }
    // The JSONL export's notification opens it as a session: the branch alone, the other one gone from the tree.
    const toast = wb.page.locator('.notification-toast').filter({ hasText: `garden-export-${stamp}.jsonl` });
    await toast.locator('.monaco-button', { hasText: 'Open as Session' }).click();
    await poll('the exported session in the Session Tree', async () => {
      const rows = await wb.treeRows();
      return rows.some((row) => row.label.includes(ABANDONED) && row.label.includes('●')) && !rows.some((row) => row.label.includes(CURRENT_REPLY)) ? true : undefined;
    });
    await wb.runCommand('Notifications: Clear All Notifications');
    assertNoProblems();
  });

  it('renames a session from its context menu, then deletes it to the trash after asking', async () => {
    const wb = workbench();
    await wb.setPaneExpanded('Sessions', true);
    await rowMenu(OLDER_NAME, 'Rename…', 'Sessions');
    const box = quickInput().locator('input');
    await poll('the rename box with the old name', async () => ((await box.inputValue().catch(() => '')) === OLDER_NAME ? true : undefined));
    await box.fill(NEW_NAME);
    await box.press('Enter');
    await treeRow(NEW_NAME, 'Sessions').waitFor();
    const named = fs.readFileSync(olderFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; name?: string });
    assert.deepEqual([named.at(-1)!.type, named.at(-1)!.name], ['session_info', NEW_NAME]);

    await rowMenu(NEW_NAME, 'Delete…', 'Sessions');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), new RegExp(`Delete the session "${NEW_NAME}"\\?`));
    await dialog.locator('.monaco-button', { hasText: 'Move to Trash' }).click();
    await treeRow(NEW_NAME, 'Sessions').waitFor({ state: 'detached' });
    assert.equal(fs.existsSync(olderFile), false);
    // The freedesktop trash of the server's XDG_DATA_HOME: the file whole, and where it came from.
    const trash = path.join(wb.server.dataHome, 'Trash');
    const name = path.basename(olderFile);
    assert.ok(fs.readFileSync(path.join(trash, 'files', name), 'utf8').includes(NEW_NAME));
    const info = fs.readFileSync(path.join(trash, 'info', `${name}.trashinfo`), 'utf8').split('\n');
    assert.deepEqual(info.slice(0, 2), ['[Trash Info]', `Path=${olderFile}`]);
    assertNoProblems();
  });
});
