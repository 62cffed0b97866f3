import { strict as assert } from 'node:assert';
import { anchorOf, groupParts, groupsAround, levelParts } from '../../../src/core/sessionTree';

describe('Session Tree paging of long levels', () => {
  it('shows a short level whole', () => {
    assert.deepEqual(levelParts(10, 9, 10), [{ kind: 'rows', from: 0, to: 10 }]);
    assert.deepEqual(levelParts(0, undefined, 10), []);
  });

  it('shows a long level around its current-path row, the rest in earlier and later groups', () => {
    // page 10, path row at 50: the window runs 10 rows, ending 100 rows after the path row or at the end.
    assert.deepEqual(levelParts(1000, 999, 10), [
      { kind: 'group', direction: 'earlier', from: 0, to: 990 },
      { kind: 'rows', from: 990, to: 1000 },
    ]);
    assert.deepEqual(levelParts(1000, 500, 200), [
      { kind: 'group', direction: 'earlier', from: 0, to: 401 },
      { kind: 'rows', from: 401, to: 601 },
      { kind: 'group', direction: 'later', from: 601, to: 1000 },
    ]);
  });

  it('starts a long level off the current path at its beginning', () => {
    assert.deepEqual(levelParts(25, undefined, 10), [
      { kind: 'rows', from: 0, to: 10 },
      { kind: 'group', direction: 'later', from: 10, to: 25 },
    ]);
  });

  it('pages a group from the side next to the shown rows', () => {
    assert.deepEqual(groupParts('earlier', 0, 25, 10), [
      { kind: 'group', direction: 'earlier', from: 0, to: 15 },
      { kind: 'rows', from: 15, to: 25 },
    ]);
    assert.deepEqual(groupParts('later', 10, 25, 10), [
      { kind: 'rows', from: 10, to: 20 },
      { kind: 'group', direction: 'later', from: 20, to: 25 },
    ]);
    assert.deepEqual(groupParts('later', 20, 25, 10), [{ kind: 'rows', from: 20, to: 25 }]);
  });

  it('finds the groups that hold a row, outermost first', () => {
    assert.deepEqual(groupsAround(35, 34, 3, 10), [
      { kind: 'group', direction: 'earlier', from: 0, to: 25 },
      { kind: 'group', direction: 'earlier', from: 0, to: 15 },
      { kind: 'group', direction: 'earlier', from: 0, to: 5 },
    ]);
    assert.deepEqual(groupsAround(35, 34, 30, 10), []);
  });

  it('places the window at the last row on the current path', () => {
    assert.equal(anchorOf([{ onActivePath: true }, { onActivePath: true }, { onActivePath: false }]), 1);
    assert.equal(anchorOf([{ onActivePath: false }]), undefined);
  });
});
