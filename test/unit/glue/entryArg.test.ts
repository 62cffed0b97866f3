// What a Session Tree command acts on: the clicked row, or the selection when the clicked row is in it.
import { strict as assert } from 'node:assert';
import { entryIdOf, entryIdsOf } from '../../../src/vscode/commands/entryArg';

const row = (id: string) => ({ kind: 'entry', entry: { id } });

describe('the entries a tree command is given', () => {
  it('reads an entry id from a row, an id, or nothing', () => {
    assert.equal(entryIdOf(row('a1')), 'a1');
    assert.equal(entryIdOf('b2'), 'b2');
    assert.equal(entryIdOf(''), undefined);
    assert.equal(entryIdOf({ entry: { id: 7 } }), undefined);
    assert.equal(entryIdOf(undefined), undefined);
  });

  it('takes the selection when the clicked row is part of it, else the clicked row alone', () => {
    assert.deepEqual(entryIdsOf(row('b'), [row('a'), row('b'), { kind: 'earlier' }]), ['a', 'b']);
    assert.deepEqual(entryIdsOf(row('c'), [row('a'), row('b')]), ['c']);
    assert.deepEqual(entryIdsOf('c', undefined), ['c']);
    assert.deepEqual(entryIdsOf(undefined, [row('a')]), []);
  });
});
