// The user's message shown the moment Enter is pressed, before the session has it: at the end of
// the conversation (before a reply being streamed), kept while the host makes the session (a
// `reset` of the new, empty session), replaced by the session's own entry, drawn without actions.
import { strict as assert } from 'node:assert';
import { JSDOM } from 'jsdom';
import { buildItems, PENDING_ID, pendingUserItem, startReply, type ChatItem } from '../../../src/core/chat';
import { ChatStore } from '../../../src/webview/store';
import { chain, msg, user } from '../../support/builders';

const { window } = new JSDOM('<!DOCTYPE html><body></body>', { pretendToBeVisual: true });

describe('The message shown as it is sent', () => {
  const earlier = buildItems(chain(msg('u1', null, user('earlier question'))));

  it('counts after the branch and before the streamed reply', () => {
    const store = new ChatStore();
    store.reset([...earlier], startReply('claude-sonnet-4-5'));
    store.pending = pendingUserItem('my new question');
    assert.equal(store.count, 3);
    assert.deepEqual([0, 1, 2].map((index) => store.at(index).id), [earlier[0]!.id, PENDING_ID, '__streaming__']);
    assert.deepEqual(store.at(1), { kind: 'user', id: PENDING_ID, text: 'my new question', images: [] });
  });

  it('stays through the reset of the session made for it, and gives way to the session’s own entry', () => {
    const store = new ChatStore();
    store.pending = pendingUserItem('first words', [{ mimeType: 'image/png', data: 'iVBORw0KGgo=', name: 'shot.png' }]);
    store.reset([], undefined);
    assert.deepEqual(store.at(0), { kind: 'user', id: PENDING_ID, text: 'first words', images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }] });
    const [entry] = buildItems(chain(msg('u2', null, user('first words'))));
    store.append(entry!);
    assert.equal(store.pending, undefined);
    assert.equal(store.count, 1);
    assert.equal(store.at(0).id, entry!.id);
  });

  describe('as drawn', () => {
    let itemElement: (item: ChatItem) => HTMLElement;
    let restore: () => void;
    before(async () => {
      const globals = globalThis as unknown as Record<string, unknown>;
      const saved = { document: globals['document'], window: globals['window'] };
      globals['document'] = window.document;
      globals['window'] = window;
      restore = () => Object.assign(globals, saved);
      ({ itemElement } = await import('../../../src/webview/render/items'));
    });
    after(() => restore());

    it('reads as the user’s message being sent, with no Edit & branch, Branch or Pin on it', () => {
      const element = itemElement(pendingUserItem('my new question'));
      assert.equal(element.className, 'item item-user item-pending');
      assert.equal(element.querySelector('.role')?.textContent, 'You (sending…)');
      assert.equal(element.querySelector('.user-text')?.textContent, 'my new question');
      assert.equal(element.querySelectorAll('button').length, 0);
    });
  });
});
