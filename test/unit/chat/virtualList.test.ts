// The chat's virtualized list on jsdom's DOM: an item whose content changed (a streamed reply
// becoming its stored entry, a tool card getting its result) is swapped in one step, so the
// conversation never lacks it between a message from the host and the next frame.
import { strict as assert } from 'node:assert';
import { JSDOM } from 'jsdom';
import type { VirtualList as VirtualListClass } from '../../../src/webview/virtualList';

const { window } = new JSDOM('<!DOCTYPE html><body><div id="conversation"></div></body>', { pretendToBeVisual: true });

/** The browser globals the list uses, from jsdom (it has no ResizeObserver: nothing resizes here). */
function installGlobals(): () => void {
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = { document: globals['document'], requestAnimationFrame: globals['requestAnimationFrame'], ResizeObserver: globals['ResizeObserver'] };
  globals['document'] = window.document;
  globals['requestAnimationFrame'] = window.requestAnimationFrame.bind(window);
  globals['ResizeObserver'] = class {
    observe(): void {}
  };
  return () => Object.assign(globals, saved);
}

describe('Chat virtual list', () => {
  let restore: () => void;
  let VirtualList: typeof VirtualListClass;
  const items: { key: string; text: string }[] = [];
  const scroller = window.document.getElementById('conversation')!;
  const shown = (): string[] => Array.from(scroller.querySelectorAll('article')).map((element) => `${element.dataset['id']}=${element.textContent}`);

  before(async () => {
    restore = installGlobals();
    ({ VirtualList } = await import('../../../src/webview/virtualList'));
  });
  after(() => restore());

  it('keeps the old element of an invalidated item until the next update replaces it in one step', () => {
    items.push({ key: 'u1', text: 'question' }, { key: '__streaming__', text: 'partial' });
    const list = new VirtualList(scroller, {
      count: () => items.length,
      key: (index) => items[index]!.key,
      render: (index) => {
        const element = window.document.createElement('article');
        element.dataset['id'] = items[index]!.key;
        element.textContent = items[index]!.text;
        return element;
      },
    });
    list.update();
    assert.deepEqual(shown(), ['u1=question', '__streaming__=partial']);

    list.invalidate('__streaming__');
    items[1] = { key: '__streaming__', text: 'partial and more' };
    assert.deepEqual(shown(), ['u1=question', '__streaming__=partial'], 'the item left the DOM before the update');
    list.update();
    assert.deepEqual(shown(), ['u1=question', '__streaming__=partial and more']);

    // The streamed reply becomes its stored entry: the one leaves as the other arrives.
    list.invalidate('__streaming__');
    items[1] = { key: 'a1', text: 'the whole answer' };
    assert.deepEqual(shown(), ['u1=question', '__streaming__=partial and more']);
    list.update();
    assert.deepEqual(shown(), ['u1=question', 'a1=the whole answer']);
  });

  it('puts the focus back on the same button when the item holding it is drawn again, else on the list', () => {
    scroller.tabIndex = 0;
    const texts = new Map([['u1', 'question'], ['a1', 'answer']]);
    const keys = ['u1', 'a1'];
    const list = new VirtualList(scroller, {
      count: () => keys.length,
      key: (index) => keys[index]!,
      render: (index) => {
        const element = window.document.createElement('article');
        element.dataset['id'] = keys[index]!;
        element.textContent = texts.get(keys[index]!)!;
        const button = window.document.createElement('button');
        button.dataset['action'] = 'branch';
        element.append(button);
        return element;
      },
    });
    list.clear();
    list.update();
    const focusedItem = (): string | undefined => (window.document.activeElement as HTMLElement | null)?.closest('article')?.dataset['id'];
    (scroller.querySelector('[data-id="a1"] button') as HTMLElement).focus();

    list.invalidate('a1');
    texts.set('a1', 'answer, redrawn');
    list.update();
    assert.deepEqual([focusedItem(), (window.document.activeElement as HTMLElement).dataset['action']], ['a1', 'branch']);

    // A reset (another branch) where the item is gone: the focus stays in the conversation.
    list.clear();
    keys.splice(1, 1);
    list.update();
    assert.equal(window.document.activeElement, scroller);
  });
});
