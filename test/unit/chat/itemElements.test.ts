// The chat's items as the webview draws them, on jsdom's DOM: summary cards read as documents (no
// file-block tags, checklists as checks, the files as lists), long prompts fold, and the message
// actions are icon buttons named for screen readers and the tests.
import { strict as assert } from 'node:assert';
import { JSDOM } from 'jsdom';
import { buildItems, type ChatItem } from '../../../src/core/chat';
import { compact, DEFAULT_COMPACTION_SETTINGS, formatFileOperations, prepareCompaction } from '../../../src/core/compaction';
import type { CompactionEntry } from '../../../src/core/session';
import { assistant, chain, entry, filesRecord, msg, toolCall, toolResult, user } from '../../support/builders';
import { chars, pathOf } from '../compaction/support/path';
import { ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';

const { window } = new JSDOM('<!DOCTYPE html><body></body>', { pretendToBeVisual: true });

function installGlobals(): () => void {
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = { document: globals['document'], window: globals['window'] };
  globals['document'] = window.document;
  globals['window'] = window;
  return () => Object.assign(globals, saved);
}

const SUMMARY = `## Goal\nShip the demo\n\n## Progress\n### Done\n- [x] Read README.md\n- [ ] Edit its first line\n\n## Next Steps\n1. Run the tests`;

describe('Chat items as drawn', () => {
  let restore: () => void;
  let itemElement: (item: ChatItem) => HTMLElement;
  let toggleFold: (id: string) => boolean;

  before(async () => {
    restore = installGlobals();
    ({ itemElement } = await import('../../../src/webview/render/items'));
    ({ toggleFold } = await import('../../../src/webview/render/userText'));
  });
  after(() => restore());

  function compactionCard(summary: string, details: object = {}): HTMLElement {
    const [item] = buildItems([entry<CompactionEntry>('compaction', 'c1', null, { summary, firstKeptEntryId: 'x', tokensBefore: 5300, details, arbor: { tokensAfter: 1500, summarizedEntries: 9 } })]);
    return itemElement(item!);
  }

  it('draws a compaction summary without the file-block tags, its files as lists', () => {
    const card = compactionCard(`${SUMMARY}${formatFileOperations(['src/a.ts'], ['README.md'])}`, { readFiles: ['src/a.ts'], modifiedFiles: ['README.md'] });
    assert.doesNotMatch(card.textContent ?? '', /</);
    const lists = Array.from(card.querySelectorAll('ul.file-list')).map((list) => [list.getAttribute('aria-label'), Array.from(list.querySelectorAll('li')).map((li) => li.textContent)]);
    assert.deepEqual(lists, [['Modified', ['README.md']], ['Read', ['src/a.ts']]]);
    assert.equal(card.querySelector('summary')?.textContent, 'Summary· 1 modified · 1 read');
  });

  it('draws a checklist as checks said as done or not done, and keeps the headings as headings', () => {
    const card = compactionCard(SUMMARY);
    const tasks = Array.from(card.querySelectorAll('li.task-item')).map((li) => [li.querySelector('.task-mark')?.getAttribute('aria-label'), li.textContent]);
    assert.deepEqual(tasks, [['Done:', 'Read README.md'], ['Not done:', 'Edit its first line']]);
    assert.equal(card.querySelectorAll('ul.task-list').length, 1);
    assert.deepEqual(Array.from(card.querySelectorAll('.summary-text h2, .summary-text h3')).map((heading) => heading.textContent), ['Goal', 'Progress', 'Done', 'Next Steps']);
  });

  it('shows a split-turn summary once when both parts say the same', async () => {
    const read = toolCall('read', { path: 'src/a.ts' });
    const path = pathOf(user('first task'), assistant('done first'), user('second task'), assistant([read]), toolResult(read, chars(2000)), assistant(chars(2000)));
    const outcome = await compact(prepareCompaction(path, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 600 })!, { summarizer: new ScriptedSummarizer(() => ({ text: SUMMARY })) });
    assert.ok(outcome.kind === 'compacted');
    const card = compactionCard(outcome.result.summary, outcome.result.details);
    assert.deepEqual(Array.from(card.querySelectorAll('h2')).map((heading) => heading.textContent), ['Goal', 'Progress', 'Next Steps']);
    assert.doesNotMatch(card.textContent ?? '', /Turn Context/);
  });

  it('folds a long prompt behind "Show more" and keeps it unfolded when drawn again', () => {
    const long = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n');
    const [item] = buildItems([msg('u-long', null, user(long))]);
    const folded = itemElement(item!);
    const toggle = folded.querySelector('button[data-action="fold"]')!;
    assert.deepEqual([folded.querySelector('.user-text')?.classList.contains('folded'), toggle.textContent, toggle.getAttribute('aria-expanded')], [true, 'Show more', 'false']);
    assert.equal(folded.querySelector('.user-text')?.textContent, long, 'the whole text is there (copy, search), only shown shorter');
    toggleFold('u-long');
    const open = itemElement(item!);
    assert.deepEqual([open.querySelector('.user-text')?.classList.contains('folded'), open.querySelector('button[data-action="fold"]')?.textContent], [false, 'Show less']);
    const [short] = buildItems([msg('u-short', null, user('a short prompt'))]);
    assert.equal(itemElement(short!).querySelector('button[data-action="fold"]'), null);
  });

  it('gives a message its actions as icon buttons named "Edit & branch" and "Branch from here"', () => {
    const [item] = buildItems([msg('u1', null, user('hello'))]);
    const buttons = Array.from(itemElement(item!).querySelectorAll('.item-actions button')).map((button) => [button.getAttribute('aria-label'), button.textContent, button.className]);
    assert.deepEqual(buttons, [
      ['Edit & branch', '', 'action icon-only'],
      ['Branch from here', '', 'action icon-only'],
    ]);
  });

  it('draws a turn\'s card under its message: the changed paths as text buttons, the count of those not listed, and "Restore files before this turn"', () => {
    const hostile = '<img src=x onerror=alert(1)>.md';
    const [item] = buildItems(chain(msg('q1', null, user('change things')), filesRecord('f1', null, { changed: ['src/a.ts', hostile], changedCount: 3 })));
    const card = itemElement(item!).querySelector('.turn-files-card')!;
    assert.equal(card.querySelector('.card-title')?.textContent, 'Files changed in this turn (3)');
    const paths = Array.from(card.querySelectorAll('button[data-action="turn-file-diff"]')).map((button) => [button.textContent, button.getAttribute('data-turn'), button.getAttribute('data-path')]);
    assert.deepEqual(paths, [
      ['src/a.ts', 'q1', 'src/a.ts'],
      [hostile, 'q1', hostile],
    ]);
    assert.equal(card.querySelector('img'), null, 'a path is text, never markup');
    assert.equal(card.querySelector('.note')?.textContent, '1 more file is not listed here.');
    const restoreButton = card.querySelector('button[data-action="restore-before-turn"]')!;
    assert.deepEqual([restoreButton.textContent, restoreButton.getAttribute('data-turn')], ['Restore files before this turn', 'q1']);
    const [quiet] = buildItems([msg('q2', null, user('just talk'))]);
    assert.equal(itemElement(quiet!).querySelector('.turn-files-card'), null);
  });
});
