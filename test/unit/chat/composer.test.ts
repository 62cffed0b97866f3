// The chat's input on jsdom's DOM: Send only when there is something to send, Up and Down through
// the session's earlier prompts like a shell (the draft comes back), and what is saved as the draft.
// The e2e suite presses the same keys in a real browser; this pins the rules in seconds.
import { strict as assert } from 'node:assert';
import { JSDOM } from 'jsdom';
import type { Composer as ComposerClass } from '../../../src/webview/composer';
import { PromptHistory } from '../../../src/webview/promptHistory';

const { window } = new JSDOM(
  `<!DOCTYPE html><body><form id="composer"><textarea id="prompt"></textarea><button id="stop" type="button" hidden></button><button id="send" type="submit"></button></form></body>`,
  { pretendToBeVisual: true },
);
const document = window.document;

function installGlobals(): () => void {
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = { document: globals['document'], window: globals['window'] };
  globals['document'] = document;
  globals['window'] = window;
  return () => Object.assign(globals, saved);
}

describe('Prompt history (Up and Down in the input)', () => {
  it('walks older with Up, newer with Down, and gives the draft back past the newest', () => {
    const history = new PromptHistory(() => ['first', 'second', 'third']);
    assert.deepEqual([history.older('my draft'), history.older('third'), history.older('second'), history.older('first')], ['third', 'second', 'first', undefined]);
    assert.deepEqual([history.newer(), history.newer(), history.newer(), history.walking], ['second', 'third', 'my draft', false]);
    assert.equal(history.newer(), undefined, 'Down without a walk recalls nothing');
  });

  it('takes the prompts when a walk starts, skips repeats in a row and blank prompts, and starts again from the newest after stop()', () => {
    const prompts = ['a', 'b', 'b', ' ', 'c'];
    const history = new PromptHistory(() => prompts);
    assert.deepEqual([history.older(''), history.older('c'), history.older('b')], ['c', 'b', 'a']);
    history.stop();
    prompts.push('d');
    assert.deepEqual([history.older('typed'), history.draft], ['d', 'typed']);
  });

  it('recalls nothing when the session has no prompts yet', () => {
    const history = new PromptHistory(() => []);
    assert.deepEqual([history.older('x'), history.walking], [undefined, false]);
  });
});

describe('Chat input', () => {
  let restore: () => void;
  let Composer: typeof ComposerClass;
  const input = document.getElementById('prompt') as HTMLTextAreaElement;
  const sendButton = document.getElementById('send') as HTMLButtonElement;
  const sent: string[] = [];
  let draft = '';
  /** What the input told the host, in order. */
  const told: string[] = [];
  let prompts: string[] = [];
  let composer: ComposerClass;

  const press = (key: string, init: Partial<KeyboardEventInit> = {}): boolean => input.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  const type = (text: string): void => {
    input.value = text;
    input.setSelectionRange(text.length, text.length);
    input.dispatchEvent(new window.Event('input', { bubbles: true }));
  };

  before(async () => {
    restore = installGlobals();
    ({ Composer } = await import('../../../src/webview/composer'));
    composer = new Composer({
      send: (text) => {
        sent.push(text);
        told.push(`send ${text}`);
      },
      stop: () => undefined,
      draftChanged: (text) => {
        draft = text;
        told.push(`draft ${text}`);
      },
      prompts: () => prompts,
    });
  });
  after(() => restore());
  beforeEach(() => {
    sent.length = 0;
    told.length = 0;
    prompts = [];
    composer.setText('');
  });

  it('disables Send while the input is empty or blank, and Enter there sends nothing', () => {
    assert.equal(sendButton.disabled, true);
    type('   \n ');
    assert.equal(sendButton.disabled, true);
    press('Enter');
    assert.deepEqual([sent, input.value], [[], '   \n ']);
    type('hello');
    assert.equal(sendButton.disabled, false);
    press('Enter');
    assert.deepEqual([sent, input.value, sendButton.disabled], [['hello'], '', true]);
  });

  it('tells the host the emptied draft before the message it sends, so a session that message creates does not take the sent text as its draft', () => {
    type('hello');
    told.length = 0;
    press('Enter');
    assert.deepEqual(told, ['draft ', 'send hello']);
  });

  it('recalls earlier prompts with Up on the first line and gives the draft back with Down, saving the draft meanwhile', () => {
    prompts = ['fix the bug', 'now\nadd a test'];
    type('half-typed');
    input.setSelectionRange(0, 0);
    assert.equal(press('ArrowUp'), false, 'Up was taken by the history');
    assert.deepEqual([input.value, input.selectionStart, draft, sendButton.disabled], ['now\nadd a test', 0, 'half-typed', false]);
    press('ArrowUp');
    assert.equal(input.value, 'fix the bug');
    assert.equal(press('ArrowUp'), false, 'Up at the oldest stays there');
    assert.equal(input.value, 'fix the bug');
    press('ArrowDown');
    assert.deepEqual([input.value, input.selectionStart], ['now\nadd a test', 'now\nadd a test'.length]);
    press('ArrowDown');
    assert.deepEqual([input.value, draft], ['half-typed', 'half-typed']);
  });

  it('leaves Up and Down to the text when the caret is not on the first or last line', () => {
    prompts = ['earlier'];
    type('line one\nline two');
    assert.equal(press('ArrowUp'), true, 'Up on the second line moves the caret');
    assert.equal(input.value, 'line one\nline two');
    input.setSelectionRange(0, 0);
    press('ArrowUp');
    assert.equal(input.value, 'earlier');
    input.setSelectionRange(0, 0);
    assert.equal(press('ArrowDown'), false, 'Down on the only line of a recalled prompt walks back');
    assert.equal(input.value, 'line one\nline two');
  });

  it('makes a recalled prompt the draft once the user edits it', () => {
    prompts = ['earlier'];
    input.setSelectionRange(0, 0);
    press('ArrowUp');
    type('earlier, changed');
    assert.equal(draft, 'earlier, changed');
    assert.equal(press('ArrowDown'), true, 'no walk after an edit: Down is the text’s');
    assert.equal(input.value, 'earlier, changed');
  });

  describe('the / commands list', () => {
    const list = (): HTMLElement => document.getElementById('slash-list')!;
    const options = (): string[] => Array.from(list().querySelectorAll('[role="option"]'), (option) => option.querySelector('.slash-name')!.textContent!);
    const active = (): string | null => input.getAttribute('aria-activedescendant');

    it('opens on / at the start as a listbox the input controls, narrowing as the name is typed', () => {
      type('/');
      assert.deepEqual([list().hidden, list().getAttribute('role'), input.getAttribute('aria-controls'), input.getAttribute('aria-expanded')], [false, 'listbox', 'slash-list', 'true']);
      assert.deepEqual(options(), ['/compact', '/tree', '/fork', '/new', '/label', '/export', '/model', '/name', '/undo-compaction', '/context']);
      assert.equal(active(), 'slash-option-compact');
      type('/n');
      assert.deepEqual(options(), ['/new', '/name']);
      type('/compact ');
      assert.deepEqual([list().hidden, input.getAttribute('aria-expanded'), active()], [true, 'false', null]);
      type('say /n');
      assert.equal(list().hidden, true);
    });

    it('moves with Up and Down (not through the history), completes with Tab and runs with Enter', () => {
      prompts = ['earlier'];
      type('/');
      assert.equal(press('ArrowDown'), false);
      assert.equal(active(), 'slash-option-tree');
      assert.equal(list().querySelector('[aria-selected="true"] .slash-name')!.textContent, '/tree');
      press('ArrowUp');
      press('ArrowUp');
      assert.deepEqual([active(), input.value], ['slash-option-context', '/']);
      type('/la');
      assert.equal(press('Tab'), false, 'Tab was left to move the focus');
      assert.deepEqual([input.value, list().hidden], ['/label ', true]);
      type('/co');
      press('Enter');
      assert.deepEqual([sent, input.value, list().hidden], [['/compact'], '', true]);
    });

    it('closes with Escape and stays closed until the input no longer starts with /', () => {
      type('/');
      assert.equal(press('Escape'), false);
      assert.equal(list().hidden, true);
      type('/c');
      assert.equal(list().hidden, true);
      type('');
      type('/c');
      assert.deepEqual([list().hidden, options()], [false, ['/compact', '/context']]);
    });

    it('stays announced as open when the @ list shares the input and sees the same keystroke', async () => {
      // As in the chat: the mention list is built after the composer, on the same textarea.
      const { MentionCompletion } = await import('../../../src/webview/mentionCompletion');
      const queries: string[] = [];
      new MentionCompletion(input, { query: (_id, text) => queries.push(text) });
      type('/');
      assert.deepEqual([input.getAttribute('aria-controls'), input.getAttribute('aria-expanded'), active()], ['slash-list', 'true', 'slash-option-compact']);
      press('Escape');
      assert.deepEqual([input.getAttribute('aria-expanded'), active(), queries], ['false', null, []]);
    });
  });
});
