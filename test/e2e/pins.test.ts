// Pins through the real UI: Pin on a message in the chat, Pin on a reply's row in the Session Tree,
// and a pin another program appends to the file; each shows in the chat (its mark follows the pin
// entry, wherever it was appended from) and the tree. Compact up to Here then writes a summary that
// carries the pinned texts verbatim; the chat's compaction card shows them and counts them, and its
// "Show what was summarized" opens the read-only document of the originals beside the chat.
import * as assert from 'node:assert/strict';
import { setPinned } from '../../src/core/pins';
import { openSessionFile } from '../../src/core/session';
import { text } from '../support/fakeAnthropic';
import { allItems, assertNoProblems, chatButton, clickItemButton, entryWith, readEntries, waitForCardText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { openArborForTree, quickInput, rowMenu, sessionWithTurns } from './support/treeUi';
import { poll } from './support/workbench';

const PINNED_PROMPT = 'The release branch is called pins-e2e-harbour';
const ANSWER = 'Noted: the release branch (pins e2e).';
const ASKED = 'Which port does the staging proxy use for pins e2e?';
const PINNED_REPLY = 'The staging proxy listens on port 4711 (pins e2e).';
const LAST = 'Summarize the plan for pins e2e';
const LAST_REPLY = 'The plan is ready (pins e2e).';
const SUMMARY = 'Pins e2e summary marker: a branch and a port were discussed.';

/** The pinned state in the file: the latest arbor.pin entry per target wins. */
function pinnedInFile(file: string): string[] {
  const pinned = new Set<string>();
  for (const entry of readEntries(file)) {
    const data = entry.customType === 'arbor.pin' ? (entry.data as { targetId: string; pinned: boolean }) : undefined;
    if (!data) continue;
    pinned.delete(data.targetId);
    if (data.pinned) pinned.add(data.targetId);
  }
  return [...pinned];
}

/** The chat items that show the pinned mark, by the text they show. */
async function pinnedItemsShowing(...texts: string[]): Promise<true | undefined> {
  const items = await allItems();
  return texts.every((said) => items.some((item) => item.text.includes(said) && item.content.includes('Pinned'))) ? true : undefined;
}

describe('Pins in the chat and the tree', () => {
  before(async () => {
    await openArborForTree();
  });

  afterEach(async () => {
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
  });

  it('Pin from the chat and from the tree → Compact: the card carries the pinned texts, and "Show what was summarized" opens the originals', async () => {
    const wb = workbench();
    const file = await sessionWithTurns([
      [PINNED_PROMPT, ANSWER],
      [ASKED, PINNED_REPLY],
      [LAST, LAST_REPLY],
    ]);
    const prompt = entryWith(readEntries(file), 'user', PINNED_PROMPT);
    const reply = entryWith(readEntries(file), 'assistant', PINNED_REPLY);

    // From the chat: the pin entry is written, the message shows its mark, the tree's row says it is pinned.
    await clickItemButton(PINNED_PROMPT, /^Pin this message$/);
    await poll('the pin of the prompt in the file', async () => (pinnedInFile(file).includes(prompt.id) ? true : undefined));
    await poll('the chat to mark the pinned prompt', () => pinnedItemsShowing(PINNED_PROMPT));
    await poll('the tree to mark the pinned prompt', async () => ((await wb.treeRows()).some((row) => row.label.startsWith(`user: ${PINNED_PROMPT}`) && /, (.* · )?pinned\b/.test(row.label)) ? true : undefined));

    // From the tree: the chat follows the pin entry (no reset), marking the reply.
    await rowMenu(`assistant: ${PINNED_REPLY}`, 'Pin');
    await poll('the pin of the reply in the file', async () => (pinnedInFile(file).includes(reply.id) ? true : undefined));
    await poll('the chat to mark the pinned reply too', () => pinnedItemsShowing(PINNED_PROMPT, PINNED_REPLY));

    // From another program writing the same file (as `arbor pin` or another window does).
    const asked = entryWith(readEntries(file), 'user', ASKED);
    const other = await openSessionFile(file, { createIfMissing: false });
    await setPinned(other.session, asked.id, true);
    await other.session.sync();
    await poll('the chat to mark the message another program pinned', () => pinnedItemsShowing(PINNED_PROMPT, PINNED_REPLY, ASKED));

    fake().server.setHandler(() => text(SUMMARY));
    try {
      await rowMenu(`assistant: ${PINNED_REPLY}`, 'Compact up to Here');
      await quickInput().waitFor({ state: 'visible' });
      await quickInput().locator('input').press('Enter');
      await waitForCardText(SUMMARY);
    } finally {
      fake().server.setHandler(undefined);
    }
    const compaction = await poll('the compaction entry', async () => readEntries(file).find((entry) => entry.type === 'compaction'));
    const summary = compaction.summary as string;
    assert.ok(summary.startsWith(`${SUMMARY}\n\n## Pinned (verbatim)\n`), 'the summary does not carry the pinned section after the model\'s text');
    assert.ok(summary.includes(`### user · entry ${prompt.id}\n\`\`\`\n${PINNED_PROMPT}\n\`\`\``));
    assert.ok(summary.includes(`### assistant · entry ${reply.id}\n\`\`\`\n${PINNED_REPLY}\n\`\`\``));
    assert.ok(summary.includes(`### user · entry ${asked.id}\n\`\`\`\n${ASKED}\n\`\`\``));

    const card = await poll('the compaction card with the pinned texts', async () => {
      const found = (await allItems()).find((item) => item.kind === 'compaction');
      return found && found.content.includes(PINNED_PROMPT) && found.content.includes(PINNED_REPLY) ? found : undefined;
    });
    assert.ok(card.content.includes('Pinned (verbatim)'));
    assert.ok(card.text.includes('3 pinned carried verbatim'), `the card does not count the pins: ${card.text}`);

    await (await chatButton(/^Show what was summarized$/)).click();
    // The tab is named by what it shows, not by the compaction's id.
    const tab = wb.page.locator('.tabs-container .tab.active', { hasText: 'What was summarized.md' });
    await tab.waitFor();
    const lines = wb.page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    // Monaco draws spaces as no-break spaces, and a narrow editor wraps a line into several.
    const shownLines = async (): Promise<string> => (await lines.innerText()).replace(/[\s\u00a0]+/g, ' ');
    await poll('the document\'s title', async () => ((await shownLines()).includes(`What compaction ${compaction.id} summarized`) ? true : undefined));
    // The originals come after the summary: the last of them at the document's end.
    await lines.click();
    await wb.page.keyboard.press('Control+End');
    await poll('the originals at the end of the document', async () => {
      const shown = await shownLines();
      return shown.includes(ANSWER) && shown.includes(`entry ${reply.id}`) ? true : undefined;
    });
    await wb.runCommand('View: Close Editor');
    assertNoProblems();
  });
});
