import { strict as assert } from 'node:assert';
import { branchItems, branchLeaves, type BranchLeaf } from '../../../src/core/navigation';
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

/** The leaves without their times (the builders' clock decides those). */
const timeless = (leaves: BranchLeaf[]) => leaves.map(({ time: _time, ...rest }) => rest);

describe('Switch Branch: the leaves of the tree', () => {
  it('lists one item per leaf, newest in the file first, with where it leaves the others, its last message, label and message count; the current one marked', () => {
    assert.deepEqual(timeless(branchLeaves(branched(), 'a3')), [
      { entryId: 'a4', role: 'user', text: 'Option three', divergence: 'Option three', label: undefined, current: false, ahead: false, messages: 4 },
      { entryId: 'lab2', role: 'assistant', text: 'One is fast.', divergence: 'Option one', label: undefined, current: false, ahead: false, messages: 4 },
      { entryId: 'a3', role: 'assistant', text: 'Two is small.', divergence: 'Option two', label: 'idea', current: true, ahead: false, messages: 4 },
    ]);
  });

  it('gives each leaf the time its entry was written', () => {
    const tree = SessionTree.fromEntries([msg('u1', null, user('Hello'), '2026-03-05T14:07:00.000Z'), entry('label', 'l1', 'u1', { targetId: 'u1', label: 'x' }, 'not a time')]);
    assert.deepEqual(branchLeaves(tree, 'u1').map((leaf) => leaf.time), [undefined]);
    assert.deepEqual(branchLeaves(SessionTree.fromEntries([msg('u1', null, user('Hello'), '2026-03-05T14:07:00.000Z')]), 'u1').map((leaf) => leaf.time), [Date.parse('2026-03-05T14:07:00.000Z')]);
  });

  it('names a branch by its first own user message below the last branch point, in plain words', () => {
    // u1 ─ a1 ┬ u2 "**Use** the cache" ─ a2 ─ u3 ─ a3 "Done." (a nested branch point at a2: u3 and u4)
    //         │                             └ u4 "Try `tabs`" ─ a4 "Done."
    //         └ a5 "Done." (a regenerated reply: no user message of its own)
    const tree = SessionTree.fromEntries([
      ...chain(msg('u1', null, user('Start')), msg('a1', null, assistant('Options.')), msg('u2', null, user('**Use** the cache')), msg('a2', null, assistant('Cached.')), msg('u3', null, user('Now spaces')), msg('a3', null, assistant('Done.'))),
      msg('u4', 'a2', user('Try `tabs`')),
      msg('a4', 'u4', assistant('Done.')),
      msg('a5', 'a1', assistant('# Other options')),
    ]);
    assert.deepEqual(branchLeaves(tree, 'a3').map((leaf) => [leaf.entryId, leaf.divergence, leaf.text]), [
      ['a5', 'Other options', 'Other options'],
      ['a4', 'Try tabs', 'Done.'],
      ['a3', 'Now spaces', 'Done.'],
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
    assert.deepEqual(timeless(branchLeaves(linear, 'lab')), [{ entryId: 'lab', role: 'assistant', text: 'Hi', divergence: 'Hello', label: 'start', current: true, ahead: false, messages: 2 }]);
  });

  it('lists no branch for a label or a name written while the position was at an earlier message, unless the position is there', () => {
    // u1 ─ a1 ┬ u2 ─ a2          (the position went back to a1, a label and a name were set, then it went to a2)
    //         └ lab ─ name
    const tree = SessionTree.fromEntries([
      ...chain(msg('u1', null, user('Plan the cache')), msg('a1', null, assistant('Three options.')), msg('u2', null, user('Option one')), msg('a2', null, assistant('One is fast.'))),
      entry('label', 'lab', 'a1', { targetId: 'u1', label: 'start' }),
      entry('session_info', 'name', 'lab', { name: 'Cache plans' }),
    ]);
    assert.deepEqual(branchLeaves(tree, 'a2').map((leaf) => leaf.entryId), ['a2']);
    assert.deepEqual(branchLeaves(tree, 'name').map((leaf) => [leaf.entryId, leaf.current]), [['name', true], ['a2', false]]);
  });

  it('treats several roots as branches, and a branch without messages as an item with no text', () => {
    const tree = SessionTree.fromEntries([
      entry('thinking_level_change', 't', null, { thinkingLevel: 'off' }),
      msg('u1', null, user('   ')),
      msg('u2', null, user('A second root')),
    ]);
    assert.deepEqual(timeless(branchLeaves(tree, 't')), [
      { entryId: 'u2', role: 'user', text: 'A second root', divergence: 'A second root', label: undefined, current: false, ahead: false, messages: 1 },
      { entryId: 'u1', role: undefined, text: '', divergence: '', label: undefined, current: false, ahead: false, messages: 1 },
      { entryId: 't', role: undefined, text: '', divergence: '', label: undefined, current: true, ahead: false, messages: 0 },
    ]);
  });

  it('cuts a long first line and gives nothing for an empty session', () => {
    const tree = SessionTree.fromEntries([msg('u1', null, user(`${'word '.repeat(40)}\nsecond line`))]);
    const [leaf] = branchLeaves(tree, 'u1', 20);
    assert.equal(leaf!.text, 'word word word word…');
    assert.equal(leaf!.divergence, 'word word word word…');
    assert.deepEqual(branchLeaves(new SessionTree(), null), []);
  });

  it('walks a 30 000-entry chain without recursion', () => {
    const entries = Array.from({ length: 30_000 }, (_, i) => msg(`e${i}`, i === 0 ? null : `e${i - 1}`, i % 2 === 0 ? user(`q${i}`) : assistant(`a${i}`)));
    const leaves = branchLeaves(SessionTree.fromEntries(entries), 'e29999');
    assert.deepEqual(leaves.map((leaf) => [leaf.entryId, leaf.text, leaf.messages]), [['e29999', 'a29999', 30_000]]);
  });

  it('walks 1 000 branches hanging off a 20 000-entry chain without text, carrying what each leaf needs down the walk', () => {
    const chainEntries = Array.from({ length: 20_000 }, (_, i) => entry('custom', `c${i}`, i === 0 ? null : `c${i - 1}`, { customType: 'state' }));
    const leaves = Array.from({ length: 1000 }, (_, i) => msg(`u${i}`, `c${19_000 + i}`, user(`branch ${i}`)));
    const found = branchLeaves(SessionTree.fromEntries([...chainEntries, ...leaves]), null);
    assert.equal(found.length, 1000);
    assert.deepEqual(found.slice(0, 2).map((leaf) => [leaf.entryId, leaf.divergence, leaf.text]), [['u999', 'branch 999', 'branch 999'], ['u998', 'branch 998', 'branch 998']]);
  });

  it('lists the leaves of an entry with 200 000 children', () => {
    // Replies without text: each is a branch of the conversation, none gives it words.
    const children = Array.from({ length: 200_000 }, (_, i) => msg(`c${i}`, 'r', assistant([])));
    const leaves = branchLeaves(SessionTree.fromEntries([msg('r', null, user('root')), ...children]), null);
    assert.equal(leaves.length, 200_000);
    assert.deepEqual([leaves[0]!.entryId, leaves[0]!.divergence, leaves[0]!.text], ['c199999', '', 'root']);
  });
});

describe('Switch Branch: the items', () => {
  const NOW = new Date('2026-03-05T14:07:00.000Z');
  const leaf = (over: Partial<BranchLeaf>): BranchLeaf => ({
    entryId: 'e1', role: 'assistant', text: 'A leek.', divergence: 'Name a vegetable', label: undefined, current: false, ahead: false, messages: 4, time: NOW.getTime() - 5 * 60_000, ...over,
  });

  it('names the branch by where it leaves the others; current or ahead, age, size and label on its line; its last message below', () => {
    assert.deepEqual(branchItems([leaf({ current: true, label: 'veg' }), leaf({ entryId: 'e2', ahead: true, divergence: 'Name a fruit', text: 'A pear.', messages: 1, time: undefined })], NOW), [
      { icon: 'target', label: 'Name a vegetable', description: 'current · 5 min ago · 4 messages · “veg”', detail: 'last: assistant: A leek.', leaf: leaf({ current: true, label: 'veg' }) },
      { icon: 'git-branch', label: 'Name a fruit', description: 'continues from the current position · 1 message', detail: 'last: assistant: A pear.', leaf: leaf({ entryId: 'e2', ahead: true, divergence: 'Name a fruit', text: 'A pear.', messages: 1, time: undefined }) },
    ]);
  });

  it('tells apart two branches whose last messages read the same: by where they leave, else by the leaf', () => {
    const byWhere = branchItems([leaf({ entryId: 'e1', divergence: 'Use tabs' }), leaf({ entryId: 'e2', divergence: 'Use spaces' })], NOW);
    assert.deepEqual(byWhere.map((item) => [item.label, item.detail]), [['Use tabs', 'last: assistant: A leek.'], ['Use spaces', 'last: assistant: A leek.']]);
    const twins = branchItems([leaf({ entryId: 'e1' }), leaf({ entryId: 'e2' }), leaf({ entryId: 'e3', messages: 6 })], NOW);
    assert.deepEqual(twins.map((item) => item.detail), ['last: assistant: A leek. · entry e1', 'last: assistant: A leek. · entry e2', 'last: assistant: A leek.']);
  });

  it('says so for a branch without messages', () => {
    const [item] = branchItems([leaf({ role: undefined, text: '', divergence: '', messages: 0 })], NOW);
    assert.deepEqual([item!.label, item!.detail], ['(no messages)', 'no messages yet']);
  });
});
