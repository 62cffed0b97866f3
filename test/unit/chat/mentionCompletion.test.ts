// The `@` list with the chat's input on jsdom's DOM, wired as the chat wires them (the list takes
// its keys first): an answer that comes after Enter sent the message opens nothing, and a file taken
// from the list ends at its path, so a line range typed next is the mention's. The e2e suite
// (mentions.test.ts) does the same in a real browser against the host's real answers.
import { strict as assert } from 'node:assert';
import { JSDOM } from 'jsdom';
import type { MentionCompletion as MentionCompletionClass } from '../../../src/webview/mentionCompletion';

const { window } = new JSDOM(
  `<!DOCTYPE html><body><form id="composer"><textarea id="prompt"></textarea><button id="stop" type="button" hidden></button><button id="send" type="submit"></button></form></body>`,
  { pretendToBeVisual: true },
);
const document = window.document;
// jsdom does no layout: the list scrolls its active option into view through this.
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView(): void {};

describe('The @ list in the chat input', () => {
  const input = document.getElementById('prompt') as HTMLTextAreaElement;
  const list = (): HTMLElement => document.getElementById('mention-list')!;
  const sent: string[] = [];
  const queries: { id: number; text: string }[] = [];
  let mentions: MentionCompletionClass;
  let restore: () => void;

  const press = (key: string): boolean => input.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  /** Types `text` at the end of the input, one `input` event for all of it. */
  const type = (text: string): void => {
    input.value += text;
    input.setSelectionRange(input.value.length, input.value.length);
    input.dispatchEvent(new window.Event('input', { bubbles: true }));
  };
  /** Past the list's wait before it asks the host. */
  const queryAsked = (): Promise<void> => new Promise((resolve) => window.setTimeout(resolve, 120));

  before(async () => {
    const globals = globalThis as unknown as Record<string, unknown>;
    const saved = { document: globals['document'], window: globals['window'], Event: globals['Event'] };
    globals['document'] = document;
    globals['window'] = window;
    // The list tells the composer of its insert with `new Event('input')`, the page's own Event.
    globals['Event'] = window.Event;
    restore = () => Object.assign(globals, saved);
    const { Composer } = await import('../../../src/webview/composer');
    const { MentionCompletion } = await import('../../../src/webview/mentionCompletion');
    new Composer({ send: (text) => sent.push(text), stop: () => undefined, draftChanged: () => undefined, prompts: () => [], interceptKey: (event) => mentions.handleKey(event) });
    mentions = new MentionCompletion(input, { query: (id, text) => queries.push({ id, text }) });
  });

  after(() => restore());

  beforeEach(() => {
    sent.length = 0;
    queries.length = 0;
    input.value = '';
    input.dispatchEvent(new window.Event('input', { bubbles: true }));
  });

  it('opens nothing when its answer comes after Enter sent the message', async () => {
    type('look at @alp');
    press('Enter');
    assert.deepEqual([sent, input.value], [['look at @alp'], '']);
    await queryAsked();
    for (const query of queries) mentions.show(query.id, [{ kind: 'file', path: 'src/alpha.ts' }]);
    assert.equal(list().hidden, true);
    assert.equal(input.getAttribute('aria-expanded'), 'false');
    // The next Enter is the input's again: nothing is inserted from a list no one sees.
    type('next');
    press('Enter');
    assert.deepEqual(sent, ['look at @alp', 'next']);
  });

  it('puts a file in with the caret right after its path, so "#L1-2" typed next is its line range', async () => {
    type('see @alp');
    await queryAsked();
    mentions.show(queries.at(-1)!.id, [{ kind: 'file', path: 'src/alpha.ts' }]);
    assert.equal(list().hidden, false);
    // Cut short in a narrow side bar, whole in the tooltip.
    assert.equal(list().querySelector('[role="option"]')?.getAttribute('title'), 'src/alpha.ts');
    press('Enter');
    assert.deepEqual([input.value, input.selectionStart, list().hidden], ['see @src/alpha.ts', 'see @src/alpha.ts'.length, true]);
    type('#L1-2');
    await queryAsked();
    assert.deepEqual(queries.map((query) => query.text), ['alp'], 'the list asked again about the path just taken');
    press('Enter');
    assert.deepEqual(sent, ['see @src/alpha.ts#L1-2']);
  });

  it('keeps a folder open for what is inside it, with nothing after its slash', async () => {
    type('@sr');
    await queryAsked();
    mentions.show(queries.at(-1)!.id, [{ kind: 'folder', path: 'src' }]);
    press('Tab');
    await queryAsked();
    assert.deepEqual([input.value, queries.map((query) => query.text)], ['@src/', ['sr', 'src/']]);
  });
});
