// The chat's items as the webview draws them, on jsdom's DOM: summary cards read as documents (no
// file-block tags, checklists as checks, the files as lists), long prompts fold, and the message
// actions are icon buttons named for screen readers and the tests.
import { strict as assert } from 'node:assert';
import { JSDOM } from 'jsdom';
import { buildItems, markContext, markPinned, markWrittenDiffs, setItemPin, type ChatItem } from '../../../src/core/chat';
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

  it('puts "Show diff" on a card written without review, saying so, and "Open diff" on a recorded one', () => {
    const auto = toolCall('write', { path: 'new.txt', content: 'x' }, 'c-auto');
    const edit = toolCall('edit', { path: 'a.txt', edits: [] }, 'c-edit');
    const failed = toolCall('edit', { path: 'b.txt', edits: [] }, 'c-failed');
    const branch = [
      msg('a1', null, assistant([auto, edit, failed])),
      msg('r1', 'a1', toolResult(auto, 'Wrote 1 bytes to new.txt')),
      msg('r2', 'r1', toolResult(edit, 'Replaced 1 block in a.txt.', { details: { diff: '-1 a\n+1 b' } })),
      msg('r3', 'r2', toolResult(failed, 'Could not find the exact text', { isError: true })),
    ];
    const [item] = markWrittenDiffs(buildItems(branch), (id) => (id === 'c-auto' ? { autoApproved: true } : undefined));
    const cards = Array.from(itemElement(item!).querySelectorAll('.tool-card > summary'));
    const shown = cards.map((summary) => [summary.querySelector('.auto-approved')?.textContent, summary.querySelector('button.written-diff')?.textContent, (summary.querySelector('button.written-diff') as HTMLElement | null)?.dataset['call']]);
    assert.deepEqual(shown, [
      ['written without review', 'Show diff', 'c-auto'],
      [undefined, 'Open diff', 'c-edit'],
      [undefined, undefined, undefined],
    ]);
  });

  it('draws the diff a result recorded, its lines marked added, removed or context, as text', () => {
    const edit = toolCall('edit', { path: 'a.txt', edits: [] }, 'c-edit');
    const diff = ' 1 keep\n-2 <b>old</b>\n+2 new';
    const [item] = buildItems([msg('a1', null, assistant([edit])), msg('r1', 'a1', toolResult(edit, 'Replaced 1 block in a.txt.', { details: { diff } }))]);
    const lines = Array.from(itemElement(item!).querySelectorAll('pre.tool-diff > span')).map((span) => [span.className, span.textContent]);
    assert.deepEqual(lines, [
      ['diff-ctx', ' 1 keep\n'],
      ['diff-del', '-2 <b>old</b>\n'],
      ['diff-add', '+2 new\n'],
    ]);
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

  it('gives a message its actions as icon buttons named "Edit & branch", "Branch from here", "Pin this message", "Hide from the model" and "Edit what the model sees…"', () => {
    const [item] = buildItems([msg('u1', null, user('hello'))]);
    const buttons = Array.from(itemElement(item!).querySelectorAll('.item-actions button')).map((button) => [button.getAttribute('aria-label'), button.textContent, button.className]);
    assert.deepEqual(buttons, [
      ['Edit & branch', '', 'action icon-only'],
      ['Branch from here', '', 'action icon-only'],
      ['Pin this message', '', 'action icon-only'],
      ['Hide from the model', '', 'action icon-only'],
      ['Edit what the model sees…', '', 'action icon-only'],
    ]);
  });

  it('folds a hidden message into one quiet line with Show again, offers Compare on an edited one, and gives a tool result in its card its own actions', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'call-1');
    const items = buildItems([
      msg('u1', null, user('my alarm code is 4321, forget it')),
      msg('a1', 'u1', assistant([{ type: 'text', text: 'reading' }, call])),
      msg('r1', 'a1', toolResult(call, 'body')),
    ]);
    markContext(items, new Map([['u1', 'hidden'], ['a1', 'edited'], ['r1', 'edited']]));
    const contextButtons = (element: Element, within: string): string[] =>
      Array.from(element.querySelectorAll(`${within} button[data-action="context-edit"]`)).map((button) => `${button.getAttribute('aria-label')} ${button.getAttribute('data-id')} ${button.getAttribute('data-edit')}`);
    const hidden = itemElement(items[0]!);
    const fold = hidden.querySelector('details.hidden-fold') as HTMLDetailsElement;
    assert.equal(fold.open, false, 'folded');
    assert.equal(fold.querySelector('summary')!.textContent, 'Youmy alarm code is 4321, forget ithidden from the modelShow again');
    assert.deepEqual(contextButtons(hidden, 'summary'), ['Show again u1 unhide']);
    assert.equal(hidden.querySelectorAll('.context-mark').length, 1, 'the mark once, on the line');
    assert.deepEqual(contextButtons(hidden, '.item-actions'), ['Show to the model again u1 unhide', 'Edit what the model sees… u1 edit']);
    const reply = itemElement(items[1]!);
    assert.deepEqual(contextButtons(reply, '.role'), ['Compare a1 compare']);
    assert.deepEqual(contextButtons(reply, '.tool-card summary'), ['Compare r1 compare']);
    assert.deepEqual(contextButtons(reply, '.card-actions'), [
      'Hide this result from the model r1 hide',
      'Show this result to the model again r1 unhide',
      'Edit what the model sees of this result… r1 edit',
      'Shorten this result for the model r1 shorten',
    ]);
    assert.deepEqual(contextButtons(reply, '.item-actions'), ['Hide from the model a1 hide', 'Show to the model again a1 unhide', 'Edit what the model sees… a1 edit']);
  });

  it('shows a pinned message, reply and tool result as pinned, with Unpin in place of Pin', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'call-1');
    const items = buildItems([msg('u1', null, user('keep this')), msg('a1', 'u1', assistant([call])), msg('r1', 'a1', toolResult(call, 'body'))]);
    const drawn = (): string[][] =>
      items.map((item) => {
        const element = itemElement(item);
        const marks = Array.from(element.querySelectorAll('.pinned-mark')).map((mark) => mark.textContent ?? '');
        const pins = Array.from(element.querySelectorAll('button[data-action="pin"]')).map((button) => `${button.getAttribute('aria-label')} ${button.getAttribute('data-id')} ${button.getAttribute('data-pin')}`);
        return [...marks, ...pins];
      });
    assert.deepEqual(drawn(), [
      ['Pin this message u1 true'],
      ['Pin this result r1 true', 'Pin this reply a1 true'],
    ]);
    markPinned(items, new Set(['u1', 'r1']));
    assert.deepEqual(drawn(), [
      ['Pinned', 'Unpin this message u1 false'],
      ['Result pinned', 'Unpin this result r1 false', 'Pin this reply a1 true'],
    ]);
    assert.equal(setItemPin(items[1]!, 'a1', true), true);
    assert.equal(setItemPin(items[1]!, 'r1', false), true);
    assert.equal(setItemPin(items[0]!, 'r1', false), false);
    assert.deepEqual(drawn()[1], ['Pinned', 'Pin this result r1 true', 'Unpin this reply a1 false']);
  });

  it('marks a hidden message, an edited reply, a hidden tool result and a hidden compaction quietly: a codicon, a few words, the whole sentence as the name a screen reader says', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'call-1');
    const items = buildItems([
      entry<CompactionEntry>('compaction', 'c1', null, { summary: 'S', firstKeptEntryId: 'u1', tokensBefore: 5300 }),
      msg('u1', 'c1', user('keep this')),
      msg('a1', 'u1', assistant([{ type: 'text', text: 'reading' }, call])),
      msg('r1', 'a1', toolResult(call, 'body')),
      msg('u2', 'r1', user('as written')),
    ]);
    markContext(items, new Map([['c1', 'hidden'], ['u1', 'hidden'], ['a1', 'edited'], ['r1', 'hidden']]));
    const marks = items.map((item) => {
      const element = itemElement(item);
      const shown = Array.from(element.querySelectorAll('.context-mark')).map((mark) => [mark.getAttribute('role'), mark.getAttribute('aria-label'), mark.querySelector('.codicon')?.className, mark.textContent]);
      return [element.className, ...shown];
    });
    const hidden = 'Hidden from the model: requests from this position leave it out; the session keeps it as written.';
    assert.deepEqual(marks, [
      ['item item-compaction model-hidden', ['note', hidden, 'codicon codicon-eye-closed', 'hidden from the model']],
      ['item item-user model-hidden', ['note', hidden, 'codicon codicon-eye-closed', 'hidden from the model']],
      [
        'item item-assistant model-edited',
        ['note', 'The model sees an edited version: requests from this position carry the edited content, not what is shown here.', 'codicon codicon-pencil', 'the model sees an edited version'],
        ['note', 'Result hidden from the model: requests from this position leave it out; the session keeps it as written.', 'codicon codicon-eye-closed', 'result hidden from the model'],
      ],
      ['item item-user'],
    ]);
    // The tool card of the hidden result is dimmed as a whole; the reply keeps its own mark in its role line.
    assert.match(itemElement(items[2]!).querySelector('.tool-card')!.className, /\bresult-model-hidden\b/);
  });

  it('gives a compaction card "Show what was summarized", the count of pinned messages it carries and the instructions it was written with, and no Pin', () => {
    const [item] = buildItems([
      entry<CompactionEntry>('compaction', 'c1', null, { summary: 'S', firstKeptEntryId: 'x', tokensBefore: 5300, arbor: { tokensAfter: 1500, summarizedEntries: 9, instructions: 'Keep paths', pins: { ids: ['u1', 'u2'], chars: 40 } } }),
    ]);
    const card = itemElement(item!);
    assert.equal(card.querySelector('.card-heading')?.textContent, 'Context compacted 5.3k → about 1.5k tokens · 9 entries summarized · 2 pinned carried verbatim');
    const show = card.querySelector('button[data-action="show-summarized"]');
    assert.deepEqual([show?.textContent, show?.getAttribute('data-id')], ['Show what was summarized', 'c1']);
    assert.equal(card.querySelector('.summary-instructions')?.textContent, 'Instructions: Keep paths');
    assert.equal(card.querySelector('button[data-action="pin"]'), null);
  });

  it('says on a compaction card that its summary was edited by the user, and says nothing of the kind otherwise', () => {
    const card = (arbor: object) => itemElement(buildItems([entry<CompactionEntry>('compaction', 'c1', null, { summary: 'S', firstKeptEntryId: 'x', tokensBefore: 5300, arbor })])[0]!);
    assert.equal(card({ tokensAfter: 1500, summarizedEntries: 9, summaryEdited: true }).querySelector('.card-heading')?.textContent, 'Context compacted 5.3k → about 1.5k tokens · 9 entries summarized · summary edited by you');
    assert.equal(card({ tokensAfter: 1500, summarizedEntries: 9 }).querySelector('.card-heading')?.textContent, 'Context compacted 5.3k → about 1.5k tokens · 9 entries summarized');
    // Only Arbor's own mark counts: a string in its place is not taken for it.
    assert.equal(card({ tokensAfter: 1500, summarizedEntries: 9, summaryEdited: 'yes' }).querySelector('.card-heading')?.textContent, 'Context compacted 5.3k → about 1.5k tokens · 9 entries summarized');
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
