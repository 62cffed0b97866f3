// The Session Tree view in the real browser: a session with two branches and a compaction, built
// through the chat and the palette, shows both branches nested at their branch point, the
// compaction row with its numbers, and the current position marked first in its row; the filter
// commands change the rows (user messages only, then everything again).
import * as assert from 'node:assert/strict';
import { text } from '../support/fakeAnthropic';
import { assertNoProblems, clickItemButton, newSession, send, waitForCardText, waitForInput, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { answerInputBox, openArborForTree, pickItem, quickPickShows } from './support/treeUi';
import { docsImage, widenSideBar } from './support/screenshots';
import { poll, type TreeRow } from './support/workbench';

const PROMPTS = ['Outline the cache plan for the tree test', 'Now the eviction rule for the tree test', 'Now the metrics for the tree test'];
const EDITED = 'Now the persistence for the tree test';
const SUMMARY = 'Tree test summary: the cache plan and its eviction rule.';
/** Wide enough for the rows' labels whole in the README's picture. */
const TREE_PICTURE_WIDTH = 920;

/** A reply of about 1 500 tokens, so that a few turns give Compact Session something to summarize. */
function longReply(step: number): string {
  return `${`Part ${step} of the tree test plan keeps every cached count keyed by the text hash, so repeated questions cost nothing. `.repeat(48)}End of part ${step}.`;
}

/** The rows once they are as `ready` wants (the Chat collapsed first: the list renders only the rows in view). */
async function rowsWhen(what: string, ready: (rows: TreeRow[]) => boolean): Promise<TreeRow[]> {
  const wb = workbench();
  return poll(`the Session Tree to show ${what}`, async () => {
    // From the top: the tree reveals the current position, and rows scrolled away are not in the DOM.
    await wb.page.locator('.pane', { has: wb.paneHeader('Session Tree') }).locator('.monaco-list').first().press('Home');
    const rows = await wb.treeRows();
    return ready(rows) ? rows : undefined;
  });
}

/** The side bar's width where the rows must still say what matters (VS Code's default is about 300 px). */
const SIDE_BAR_NARROW = 300;

/**
 * What a Session Tree row shows of its label and description: the characters laid out before the
 * row's clip edge, less room for the ellipsis VS Code draws there (text cut off is still laid out,
 * past the edge).
 */
async function visibleRowText(ariaLabel: string): Promise<string> {
  const row = workbench().page.locator('.pane', { has: workbench().paneHeader('Session Tree') }).locator(`.monaco-list-row[aria-label="${ariaLabel}"]`).first();
  return row.evaluate((element) => {
    const container = element.querySelector<HTMLElement>('.monaco-icon-label-container')!;
    const clip = container.getBoundingClientRect();
    // The ellipsis as wide as the row's font draws it.
    const probe = container.appendChild(document.createElement('span'));
    probe.textContent = '…';
    const ellipsis = probe.getBoundingClientRect().width;
    probe.remove();
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    let shown = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0 && box.right <= clip.right - ellipsis) shown += text[i];
        else if (box.width > 0) return shown;
      }
      shown += ' ';
    }
    return shown.trim();
  });
}

const rowOf = (rows: TreeRow[], start: string): TreeRow | undefined => rows.find((row) => row.label.startsWith(start));

describe('Session Tree', () => {
  before(async () => {
    await openArborForTree();
  });

  after(async () => {
    await workbench().setPaneExpanded('Chat', true);
  });

  it('shows both branches nested at their branch point, the compaction with its numbers, and the current position; the filters change the rows', async () => {
    const wb = workbench();
    await newSession();
    for (const [index, prompt] of PROMPTS.entries()) {
      // The third reply short, so that its prompt (and its Edit & branch button) stays in the chat's view.
      fake().script(text(index < 2 ? longReply(index + 1) : 'End of part 3.'));
      await send(prompt);
      await waitForText(`End of part ${index + 1}.`);
    }
    // A sibling of the third prompt: two branches from the second reply.
    await clickItemButton(PROMPTS[2]!, /^Edit & branch$/);
    // Leaving the branch asks about a summary, as the Session Tree does (arbor.branchSummary: ask).
    await quickPickShows(['No summary', 'Summarize', 'Summarize with focus…']);
    await pickItem('No summary');
    await waitForInput(PROMPTS[2]!);
    fake().script(text(longReply(4)));
    await send(EDITED);
    await waitForText('End of part 4.');

    fake().server.setHandler(async () => text(SUMMARY));
    try {
      await wb.runCommand('Arbor: Compact Session');
      await answerInputBox(/focus/i, ''); // no focus instructions
      await waitForCardText(SUMMARY);
    } finally {
      fake().server.setHandler(undefined);
    }

    await wb.setPaneExpanded('Chat', false);
    const rows = await rowsWhen('the compaction', (found) => found.some((row) => row.label.startsWith('compaction ·')));
    const labels = rows.map((row) => `${row.level} ${row.label}`).join('\n');
    // The first turns are one flat run; the two branches sit one level deeper, the current one first.
    const top = rowOf(rows, `user: ${PROMPTS[0]}`);
    assert.ok(top, labels);
    assert.equal(rowOf(rows, `user: ${PROMPTS[1]}`)?.level, top.level, labels);
    const current = rowOf(rows, `user: ${EDITED}`);
    const old = rowOf(rows, `user: ${PROMPTS[2]}`);
    assert.ok(current && old, labels);
    assert.equal(current.level, top.level + 1, labels);
    assert.equal(old.level, top.level + 1, labels);
    assert.ok(rows.indexOf(current) < rows.indexOf(old), `the current branch is not listed first:\n${labels}`);
    // The compaction row: the tokens before → after and what it summarized, the position mark first.
    const compaction = rowOf(rows, 'compaction ·')!;
    assert.match(compaction.label, /^compaction · \d+(\.\d)?k? → about \d+(\.\d)?k? · \d+ entr(y|ies), ● current$/, labels);
    // Shown with the numbers first (the icon says compaction): "● 5.3k → ~1.5k compaction · 9 entries".
    const [, before, after, entries] = /^compaction · (.+) → about (.+) · (\d+ entr(?:y|ies)), ● current$/.exec(compaction.label)!;
    assert.equal(compaction.shown, `● ${before} → ~${after} compaction · ${entries}`, labels);
    assert.equal(compaction.level, current.level + 1, labels);
    // A message row shows its text alone (its icon says who wrote it).
    assert.equal(current.shown, EDITED, labels);
    // Wide, and the Sessions list (the suite's own sessions) folded away: the rows' descriptions show whole.
    await docsImage('session-tree', { sideBarWidth: TREE_PICTURE_WIDTH, fold: ['Sessions'] });
    await widenSideBar();
    assert.deepEqual(
      rows.filter((row) => row.label.includes('● current')),
      [compaction],
      labels,
    );

    await wb.runCommand('Arbor: Session Tree: Show User Messages Only');
    const users = await rowsWhen('only user messages', (found) => found.length === 4 && found.every((row) => row.label.startsWith('user: ')));
    assert.deepEqual(
      users.map((row) => row.label.split(',')[0]),
      [`user: ${PROMPTS[0]}`, `user: ${PROMPTS[1]}`, `user: ${EDITED}`, `user: ${PROMPTS[2]}`],
    );
    assert.match(await wb.paneHeader('Session Tree').innerText(), /user messages/);

    await wb.runCommand('Arbor: Session Tree: Show All Entries');
    await rowsWhen('every entry again', (found) => found.some((row) => row.label.startsWith('compaction ·')) && found.some((row) => row.label.startsWith('assistant: ')));
    await wb.setPaneExpanded('Chat', true);
    assertNoProblems();
  });

  it('keeps the position mark and the compaction numbers in view at a 300 px side bar', async () => {
    const wb = workbench();
    // The session of the test before, at its compaction; the Chat folded so that the rows are in view.
    await wb.setPaneExpanded('Chat', false);
    await widenSideBar(SIDE_BAR_NARROW);
    try {
      const rows = await rowsWhen('the compaction', (found) => found.some((row) => row.label.startsWith('compaction ·')));
      const compaction = rowOf(rows, 'compaction ·')!;
      // No pointer over the tree: a hovered row gives room to its buttons.
      await wb.page.mouse.move(900, 500);
      const visible = await visibleRowText(compaction.label);
      // The mark and both numbers whole ("● 5.3k → ~1.5k"), whatever is cut after them.
      const numbers = /^compaction · (\d+(\.\d)?k?) → about (\d+(\.\d)?k?) · /.exec(compaction.label);
      assert.ok(numbers, compaction.label);
      assert.ok(visible.startsWith(`● ${numbers[1]} → ~${numbers[3]} `), `what the row shows at ${SIDE_BAR_NARROW} px: "${visible}"`);
    } finally {
      await widenSideBar();
      await wb.setPaneExpanded('Chat', true);
    }
    assertNoProblems();
  });
});
