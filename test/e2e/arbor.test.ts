// Arbor in a real VS Code workbench, driven through the browser as a user would: the container,
// the chat under its CSP with the empty state, and a session opened through the command palette.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { allItems, assertNoProblems, meterText, newSession, projectSessionsDir } from './support/chat';
import { workbench } from './support/hooks';
import { poll } from './support/workbench';

describe('Arbor in the browser', () => {
  // A test that collapses views gives them back even when it fails, so the next tests find them.
  afterEach(async () => {
    await workbench().setPaneExpanded('Sessions', true);
    await workbench().setPaneExpanded('Chat', true);
  });

  it('shows the Arbor container with the Chat and Session Tree views', async () => {
    const wb = workbench();
    await wb.openArbor();
    assert.ok(await wb.paneHeader('Chat').isVisible());
    assert.ok(await wb.paneHeader('Session Tree').isVisible());
    await wb.screenshot('arbor-container');
    assertNoProblems();
  });

  it('loads the chat webview under its strict CSP and shows the empty state', async () => {
    const wb = workbench();
    const frame = await wb.chatFrame();
    const csp = await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.match(csp ?? '', /default-src 'none'/);
    assert.match(csp ?? '', /script-src 'nonce-[^']+'/);
    // The empty state is drawn by the nonce'd script: seeing it means the script ran under the CSP.
    await newSession();
    const empty = (await wb.chatEmptyState()) ?? '';
    assert.match(empty, /Arbor/);
    assert.match(empty, /tree/i, 'the empty state does not say what Arbor is');
    assertNoProblems();
  });

  it('opens a session file with "Arbor: Open Session…" and shows its entries in the Session Tree', async () => {
    const wb = workbench();
    await wb.browseForSession();
    await wb.answerFileDialog(wb.fixturePath);
    // The tree gets the whole sidebar: the rows read together must be in view together.
    await wb.setPaneExpanded('Chat', false);
    await wb.setPaneExpanded('Sessions', false);
    // Settings entries (the model change among them) show on request.
    await wb.runCommand('Arbor: Session Tree: Show Settings Entries');
    // The tree reveals the current position (its last rows); the list renders only the rows in view.
    const treeList = wb.page.locator('.pane', { has: wb.paneHeader('Session Tree') }).locator('.monaco-list').first();
    const rows = await poll('the Session Tree to show the session', async () => {
      await treeList.press('Home');
      const found = await wb.treeRows();
      // The first rows, not sticky-scroll headers (a model row heads the tree and stays pinned while scrolled).
      return found.some((row) => row.label === 'model: anthropic/claude-sonnet-4-5') && found.some((row) => row.label.startsWith('user: Refactor src/a.ts')) ? found : undefined;
    });
    await wb.screenshot('session-open');
    const labels = rows.map((row) => row.label);
    assert.ok(labels.includes('model: anthropic/claude-sonnet-4-5'), labels.join('\n'));
    // A linear run is flat: the entries after the first user message sit at its level.
    const level = (start: string) => rows.find((row) => row.label.startsWith(start))?.level;
    assert.equal(level('assistant: Let me look at the files.'), level('user: Refactor src/a.ts'));
    // At the branch point the branches are nested one level deeper, and labels are spoken after the text.
    const branchHead = rows.find((row) => row.label.startsWith('user: Write tests for src/a.ts instead'));
    assert.ok(branchHead, labels.join('\n'));
    assert.ok(branchHead.level > level('user: Refactor src/a.ts')!, labels.join('\n'));
    assert.match(branchHead.label, /, tests$/);
    // The current position is marked (at the end of the list).
    const end = await poll('the tree\'s last rows', async () => {
      await treeList.press('End');
      const found = await wb.treeRows();
      return found.some((row) => row.label.includes('● current')) ? found : undefined;
    });
    assert.equal(end.filter((row) => row.label.includes('● current')).length, 1, end.map((row) => row.label).join('\n'));
    await wb.runCommand('Arbor: Session Tree: Hide Settings Entries');
    await wb.setPaneExpanded('Sessions', true);
    await wb.setPaneExpanded('Chat', true);
    assertNoProblems();
  });

  it('renders the current branch in the chat view', async () => {
    const wb = workbench();
    await poll('the chat to render the session', async () => ((await wb.chatMessages()).length > 0 ? true : undefined));
    // Virtualized: only what is on screen is in the DOM, so the test scrolls through it all.
    const messages = await allItems();
    assert.equal(messages[0]?.kind, 'user');
    assert.match(messages[0]?.content ?? '', /Refactor src\/a\.ts/);
    assert.ok(messages.some((message) => message.kind === 'compaction'), 'a compaction card');
    assert.ok(messages.some((message) => message.kind === 'branchSummary'), 'a branch summary card');
    // An assistant turn that failed says why, instead of showing an empty card.
    assert.ok(messages.some((message) => message.kind === 'assistant' && /prompt is too long/.test(message.content)), 'the failed turn');
    await wb.screenshot('chat-session');
    assertNoProblems();
  });

  it('draws the summary cards as documents: no file-block tags or stock preamble, the files as lists', async () => {
    const cards = (await allItems()).filter((item) => item.kind === 'compaction' || item.kind === 'branchSummary');
    assert.deepEqual(
      cards.map((card) => [card.kind, /</.test(card.content), /explored a different conversation branch/.test(card.content)]),
      [
        ['branchSummary', false, false],
        ['compaction', false, false],
      ],
    );
    // The fixture's compaction lists src/a.ts as modified and src/b.ts as read: each list under its
    // title, then the card's one action.
    assert.match(cards[1]!.content, /Modified \(1\)src\/a\.tsRead \(1\)src\/b\.tsShow what was summarized$/);
    assertNoProblems();
  });

  it("shows the session's context tokens against the model's window in the status bar", async () => {
    const wb = workbench();
    assert.match(await meterText(), /\d+(\.\d)?k? \/ 200k · \d+%/);
    await wb.screenshot('status-bar');
    assertNoProblems();
  });

  it('starts "Open Session…" in the folder the arbor.sessionsDirectory setting names', async () => {
    const wb = workbench();
    const projectDir = projectSessionsDir();
    fs.mkdirSync(projectDir, { recursive: true });
    const folder = await poll('Open Session to start in the configured folder', async () => {
      await wb.browseForSession();
      const shown = await wb.fileDialogStartFolder();
      await wb.closeQuickInput();
      return shown === `${projectDir}/` ? shown : undefined;
    });
    assert.equal(folder, `${projectDir}/`);
    assertNoProblems();
  });
});
