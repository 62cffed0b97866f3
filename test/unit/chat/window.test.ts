import { strict as assert } from 'node:assert';
import { branchWindow, buildItems, windowBefore } from '../../../src/core/chat';
import { assistant, chain, msg, toolCall, toolResult, user } from '../../support/builders';

const call = toolCall('read', { path: 'a' }, 'c1');
const call2 = toolCall('ls', {}, 'c2');
// u1 a1(call) r1 r2 a2 u2 a3
const branch = chain(
  msg('u1', null, user('q')),
  msg('a1', null, assistant([call, call2])),
  msg('r1', null, toolResult(call, 'x')),
  msg('r2', null, toolResult(call2, 'y')),
  msg('a2', null, assistant('done')),
  msg('u2', null, user('q2')),
  msg('a3', null, assistant('a')),
);
const ids = (entries: { id: string }[]): string[] => entries.map((entry) => entry.id);

describe('chat render model: windows of a long branch', () => {
  it('sends a short branch whole', () => {
    const window = branchWindow(branch, branch.length, 200);
    assert.deepEqual([ids(window.entries), window.hasEarlier], [['u1', 'a1', 'r1', 'r2', 'a2', 'u2', 'a3'], false]);
  });

  it('sends the end of a long one and says more is before it', () => {
    const window = branchWindow(branch, branch.length, 2);
    assert.deepEqual([ids(window.entries), window.hasEarlier], [['u2', 'a3'], true]);
  });

  it('never starts a window on a tool result: it moves back to the call', () => {
    const window = branchWindow(branch, branch.length, 4);
    assert.deepEqual([ids(window.entries), window.hasEarlier], [['a1', 'r1', 'r2', 'a2', 'u2', 'a3'], true]);
    assert.equal(buildItems(window.entries).filter((item) => item.kind === 'toolResult').length, 0);
  });

  it('gives the window before an entry, and nothing for an entry not on the branch', () => {
    const before = windowBefore(branch, 'a2', 2);
    assert.deepEqual([ids(before.entries), before.hasEarlier], [['a1', 'r1', 'r2'], true]);
    assert.deepEqual(windowBefore(branch, 'u1', 2), { entries: [], hasEarlier: false });
    assert.deepEqual(windowBefore(branch, 'nope', 2), { entries: [], hasEarlier: false });
  });
});
