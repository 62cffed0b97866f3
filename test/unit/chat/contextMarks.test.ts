// The chat's context marks as data: set on a branch's items when it is sent, then changed entry by
// entry in the webview's store as edits are appended (an item or a tool result inside a reply),
// naming the items to draw again and nothing else.
import { strict as assert } from 'node:assert';
import { buildItems, markContext, type AssistantItem, type ToolCallBlock } from '../../../src/core/chat';
import { ChatStore } from '../../../src/webview/store';
import { assistant, msg, toolCall, toolResult, user } from '../../support/builders';

function branchItems() {
  const call = toolCall('read', { path: 'a.ts' }, 'call-1');
  return buildItems([msg('u1', null, user('look')), msg('a1', 'u1', assistant([call])), msg('r1', 'a1', toolResult(call, 'body')), msg('a2', 'r1', assistant('done'))]);
}

const resultBlock = (item: unknown): ToolCallBlock => (item as AssistantItem).blocks[0] as ToolCallBlock;

describe('chat context marks', () => {
  it('marks the items of the entries the position marks, and a tool result inside its reply', () => {
    const items = branchItems();
    markContext(items, new Map([['u1', 'edited'], ['r1', 'hidden']]));
    assert.deepEqual(
      items.map((item) => [item.id, item.contextMark]),
      [
        ['u1', 'edited'],
        ['a1', undefined],
        ['a2', undefined],
      ],
    );
    assert.equal(resultBlock(items[1]).resultContextMark, 'hidden');
  });

  it('changes only the items holding the entries whose mark changed, and clears a mark', () => {
    const store = new ChatStore();
    store.reset(branchItems(), undefined);
    assert.deepEqual(
      store.contextMarks([
        { entryId: 'r1', mark: 'hidden' },
        { entryId: 'a2', mark: 'edited' },
        { entryId: 'not-shown', mark: 'hidden' },
      ]),
      ['a1', 'a2'],
    );
    assert.equal(resultBlock(store.items[1]).resultContextMark, 'hidden');
    assert.equal(store.items[2]!.contextMark, 'edited');
    assert.deepEqual(store.contextMarks([{ entryId: 'r1' }, { entryId: 'a2' }]), ['a1', 'a2']);
    assert.equal('resultContextMark' in resultBlock(store.items[1]), false);
    assert.equal('contextMark' in store.items[2]!, false);
    assert.deepEqual(store.contextMarks([{ entryId: 'u1', mark: 'hidden' }, { entryId: 'u1', mark: 'edited' }]), ['u1']);
    assert.equal(store.items[0]!.contextMark, 'edited');
  });
});
