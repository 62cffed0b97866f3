import { strict as assert } from 'node:assert';
import { SessionTree, type SessionEntry } from '../../../src/core/session';
import { DEFAULT_TREE_FILTER, LazyDisplayTree, filterDescription, hiddenBy, isPureToolStep, parseTreeFilter, type TreeFilter } from '../../../src/core/sessionTree';
import { assistant, entry, msg, toolCall, toolResult, user } from '../../support/builders';

const call = toolCall('read', { path: 'a.ts' }, 'tc1');

/** u1 → a1 (tool step) → r1 → model → a2 → label(on u1) → info → thinking → custom → marker. */
function session(): SessionEntry[] {
  return [
    msg('u1', null, user('read a.ts')),
    msg('a1', 'u1', assistant([call], { stopReason: 'toolUse' })),
    msg('r1', 'a1', toolResult(call, 'file text')),
    entry('model_change', 'mc', 'r1', { provider: 'anthropic', modelId: 'claude-x' }),
    msg('a2', 'mc', assistant('done')),
    entry('label', 'lb', 'a2', { targetId: 'u1', label: 'start' }),
    entry('session_info', 'si', 'lb', { name: 'My session' }),
    entry('thinking_level_change', 'th', 'si', { thinkingLevel: 'high' }),
    entry('custom', 'cu', 'th', { customType: 'ext.state' }),
    entry('custom', 'mk', 'cu', { customType: 'arbor.position' }),
  ];
}

function shown(filter: TreeFilter, leaf = 'cu'): string[] {
  const tree = SessionTree.fromEntries(session());
  const hide = hiddenBy(filter, tree, leaf);
  return tree.entries.filter((e) => !hide(e)).map((e) => e.id);
}

describe('Session Tree filters', () => {
  it('hides settings entries, tool-call steps and position markers by default', () => {
    assert.deepEqual(shown(DEFAULT_TREE_FILTER), ['u1', 'r1', 'a2']);
  });

  it('adds the settings entries back with the toggle; markers and tool steps stay hidden', () => {
    assert.deepEqual(shown({ mode: 'all', showSettings: true }), ['u1', 'r1', 'mc', 'a2', 'lb', 'si', 'th', 'cu']);
  });

  it('shows a tool-call step when it is the current position', () => {
    assert.deepEqual(shown(DEFAULT_TREE_FILTER, 'a1'), ['u1', 'a1', 'r1', 'a2']);
  });

  it('shows only user messages, or only labeled entries', () => {
    assert.deepEqual(shown({ mode: 'user', showSettings: true }), ['u1']);
    assert.deepEqual(shown({ mode: 'labeled', showSettings: false }), ['u1']);
  });

  it('tells tool steps from replies: text, or an error or abort, makes a step a reply', () => {
    assert.equal(isPureToolStep(msg('x', null, assistant([call], { stopReason: 'toolUse' }))), true);
    assert.equal(isPureToolStep(msg('x', null, assistant([{ type: 'text', text: '  ' }, call], { stopReason: 'stop' }))), true);
    assert.equal(isPureToolStep(msg('x', null, assistant([{ type: 'text', text: 'Reading.' }, call], { stopReason: 'toolUse' }))), false);
    assert.equal(isPureToolStep(msg('x', null, assistant([], { stopReason: 'error' }))), false);
    assert.equal(isPureToolStep(msg('x', null, assistant([], { stopReason: 'aborted' }))), false);
    assert.equal(isPureToolStep(msg('x', null, user('hi'))), false);
  });

  it('attaches the rows below hidden entries to the nearest shown ancestor', () => {
    const tree = SessionTree.fromEntries(session());
    const lazy = new LazyDisplayTree(tree, 'cu', { hide: hiddenBy({ mode: 'user', showSettings: false }, tree, 'cu') });
    assert.deepEqual(
      lazy.childrenOf(null).map((row) => row.entry.id),
      ['u1'],
    );
    const all = new LazyDisplayTree(tree, 'cu', { hide: hiddenBy(DEFAULT_TREE_FILTER, tree, 'cu') });
    assert.deepEqual(
      all.childrenOf(null).map((row) => row.entry.id),
      ['u1', 'r1', 'a2'],
    );
    assert.equal(all.shownPosition(), 'a2', 'the hidden position is marked on its nearest shown ancestor');
  });

  it('says the filter in the view description, nothing for the default', () => {
    assert.equal(filterDescription(DEFAULT_TREE_FILTER), undefined);
    assert.equal(filterDescription({ mode: 'all', showSettings: true }), 'with settings entries');
    assert.equal(filterDescription({ mode: 'user', showSettings: false }), 'user messages');
    assert.equal(filterDescription({ mode: 'labeled', showSettings: true }), 'labeled entries');
  });

  it('reads a stored filter back, and anything unreadable as the default', () => {
    assert.deepEqual(parseTreeFilter({ mode: 'user', showSettings: true }), { mode: 'user', showSettings: true });
    assert.deepEqual(parseTreeFilter({ mode: 'bogus', showSettings: 'yes' }), { mode: 'all', showSettings: false });
    assert.deepEqual(parseTreeFilter('user'), DEFAULT_TREE_FILTER);
    assert.deepEqual(parseTreeFilter(null), DEFAULT_TREE_FILTER);
    assert.deepEqual(parseTreeFilter(undefined), DEFAULT_TREE_FILTER);
  });
});
