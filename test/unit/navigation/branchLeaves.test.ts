import { strict as assert } from 'node:assert';
import { branchLeaves } from '../../../src/core/navigation';
import { SessionTree } from '../../../src/core/session';
import { assistant, chain, entry, msg, toolCall, user } from '../../support/builders';

/**
 * u1 ─ a1 ┬ u2 ─ a2 ─ lab ─ lab2     (labels: u3 "idea", a1 "shared", written under a2)
 *         ├ u3 ─ a3 ─ (position marker)
 *         └ u4 ─ a4 (a tool call, no text)
 */
function branched(): SessionTree {
  return SessionTree.fromEntries([
    ...chain(msg('u1', null, user('Plan the cache\nwith details')), msg('a1', null, assistant('Three options.')), msg('u2', null, user('Option one')), msg('a2', null, assistant('One is fast.\nIt uses more memory.'))),
    msg('u3', 'a1', user('Option two')),
    msg('a3', 'u3', assistant('Two is small.')),
    entry('custom', 'm1', 'a3', { customType: 'arbor.position' }),
    entry('label', 'lab', 'a2', { targetId: 'u3', label: 'idea' }),
    entry('label', 'lab2', 'lab', { targetId: 'a1', label: 'shared' }),
    msg('u4', 'a1', user('Option three')),
    msg('a4', 'u4', assistant([toolCall('read', { path: 'x' }, 'tc-4')], { stopReason: 'toolUse' })),
  ]);
}

describe('Switch Branch: the leaves of the tree', () => {
  it('lists one item per leaf, newest in the file first, with its last message, label and message count; the current one marked', () => {
    assert.deepEqual(branchLeaves(branched(), 'a3'), [
      { entryId: 'a4', role: 'user', text: 'Option three', label: undefined, current: false, ahead: false, messages: 4 },
      { entryId: 'lab2', role: 'assistant', text: 'One is fast.', label: undefined, current: false, ahead: false, messages: 4 },
      { entryId: 'a3', role: 'assistant', text: 'Two is small.', label: 'idea', current: true, ahead: false, messages: 4 },
    ]);
  });

  it('marks the leaves that continue from the current position as ahead', () => {
    const leaves = branchLeaves(branched(), 'u3');
    assert.deepEqual(leaves.map((leaf) => [leaf.entryId, leaf.current, leaf.ahead]), [
      ['a4', false, false],
      ['lab2', false, false],
      ['a3', false, true],
    ]);
    const fromFork = branchLeaves(branched(), 'a1');
    assert.deepEqual(fromFork.map((leaf) => leaf.ahead), [true, true, true]);
    assert.deepEqual(branchLeaves(branched(), null).map((leaf) => leaf.current || leaf.ahead), [false, false, false]);
  });

  it('keeps a label set above the last branch point off the list, and one on a linear session', () => {
    const linear = SessionTree.fromEntries([
      ...chain(msg('u1', null, user('Hello')), msg('a1', null, assistant('Hi')), entry('label', 'lab', null, { targetId: 'u1', label: 'start' })),
    ]);
    assert.deepEqual(branchLeaves(linear, 'lab'), [{ entryId: 'lab', role: 'assistant', text: 'Hi', label: 'start', current: true, ahead: false, messages: 2 }]);
  });

  it('treats several roots as branches, and a branch without messages as an item with no text', () => {
    const tree = SessionTree.fromEntries([
      entry('thinking_level_change', 't', null, { thinkingLevel: 'off' }),
      msg('u1', null, user('   ')),
      msg('u2', null, user('A second root')),
    ]);
    assert.deepEqual(branchLeaves(tree, 't'), [
      { entryId: 'u2', role: 'user', text: 'A second root', label: undefined, current: false, ahead: false, messages: 1 },
      { entryId: 'u1', role: undefined, text: '', label: undefined, current: false, ahead: false, messages: 1 },
      { entryId: 't', role: undefined, text: '', label: undefined, current: true, ahead: false, messages: 0 },
    ]);
  });

  it('cuts a long first line and gives nothing for an empty session', () => {
    const tree = SessionTree.fromEntries([msg('u1', null, user(`${'word '.repeat(40)}\nsecond line`))]);
    const [leaf] = branchLeaves(tree, 'u1', 20);
    assert.equal(leaf!.text, 'word word word word…');
    assert.deepEqual(branchLeaves(new SessionTree(), null), []);
  });

  it('walks a 30 000-entry chain without recursion', () => {
    const entries = Array.from({ length: 30_000 }, (_, i) => msg(`e${i}`, i === 0 ? null : `e${i - 1}`, i % 2 === 0 ? user(`q${i}`) : assistant(`a${i}`)));
    const leaves = branchLeaves(SessionTree.fromEntries(entries), 'e29999');
    assert.deepEqual(leaves.map((leaf) => [leaf.entryId, leaf.text, leaf.messages]), [['e29999', 'a29999', 30_000]]);
  });
});
