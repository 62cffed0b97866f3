import { strict as assert } from 'node:assert';
import { SessionTree } from '../../../src/core/session';
import { flattenDisplayTree, getDisplayTree, getTree, type TreeNode } from '../../../src/core/sessionTree';
import { appendTurns, assistant, chain, entry, memorySession, msg, user } from '../../support/builders';

const shape = (nodes: TreeNode[]): unknown => nodes.map((n) => ({ [n.entry.id]: shape(n.children) }));

describe('the session tree', () => {
  it('gives no roots for an empty session and one nested chain for a linear one (D36)', () => {
    assert.deepEqual(getTree(new SessionTree()), []);
    const tree = SessionTree.fromEntries(chain(msg('1', null, user('a')), msg('2', null, assistant('b')), msg('3', null, user('c'))));
    assert.deepEqual(shape(getTree(tree)), [{ 1: [{ 2: [{ 3: [] }] }] }]);
  });

  it('adds a second child after branching and keeps deep branching (D36)', async () => {
    const session = memorySession();
    const [u1, a1, u2] = await appendTurns(session, 2);
    await session.branch(a1!);
    const other = await session.appendMessage(user('other'));
    await session.branch(a1!);
    const third = await session.appendMessage(user('third'));
    const deep = await session.appendMessage(assistant('deep'));
    await session.branch(third);
    const deeper = await session.appendMessage(assistant('sibling of deep'));
    const nodeA1 = getTree(session.tree)[0]!.children[0]!;
    assert.equal(getTree(session.tree)[0]!.entry.id, u1);
    assert.deepEqual(nodeA1.children.map((n) => n.entry.id), [u2, other, third]);
    assert.deepEqual(nodeA1.children[2]!.children.map((n) => n.entry.id), [deep, deeper]);
  });

  it('orders children by entry timestamp in getTree and by file order in childrenOf (D37)', () => {
    const tree = SessionTree.fromEntries([
      msg('p', null, user('p'), '2026-01-01T00:00:00.000Z'),
      msg('late', 'p', user('t2'), '2026-01-01T00:00:02.000Z'),
      msg('early', 'p', user('t1'), '2026-01-01T00:00:01.000Z'),
      msg('tie1', 'early', user('x'), '2026-01-01T00:00:05.000Z'),
      msg('tie2', 'early', user('y'), '2026-01-01T00:00:05.000Z'),
    ]);
    assert.deepEqual(getTree(tree)[0]!.children.map((n) => n.entry.id), ['early', 'late']);
    assert.deepEqual(tree.childrenOf('p').map((e) => e.id), ['late', 'early']);
    assert.deepEqual(getTree(tree)[0]!.children[0]!.children.map((n) => n.entry.id), ['tie1', 'tie2']);
  });

  it('returns [] for an unknown id and the path root→id otherwise (D39)', () => {
    const tree = SessionTree.fromEntries(chain(msg('1', null, user('a')), msg('2', null, user('b')), msg('3', null, user('c')), msg('4', null, user('d'))));
    assert.deepEqual(tree.pathTo('nope'), []);
    assert.deepEqual(tree.pathTo('2').map((e) => e.id), ['1', '2']);
  });

  it('makes an entry with a missing parent a root and reports it', () => {
    const tree = SessionTree.fromEntries([msg('1', null, user('a')), msg('2', 'ghost', user('b'))]);
    assert.deepEqual(tree.roots.map((e) => e.id), ['1', '2']);
    assert.deepEqual(tree.problems.orphans, [{ id: '2', parentId: 'ghost' }]);
  });

  it('breaks a parent cycle at its earliest entry, reports it, and terminates path walks', () => {
    const tree = SessionTree.fromEntries([
      msg('r', null, user('root')),
      msg('a', 'c', user('a')),
      msg('b', 'a', user('b')),
      msg('c', 'b', user('c')),
      msg('self', 'self', user('self')),
    ]);
    assert.deepEqual(tree.problems.cycles, [['a', 'c', 'b'], ['self']]);
    assert.deepEqual(tree.roots.map((e) => e.id), ['r', 'a', 'self']);
    assert.deepEqual(tree.pathTo('c').map((e) => e.id), ['a', 'b', 'c']);
    assert.deepEqual(getTree(tree).map((n) => n.entry.id), ['r', 'a', 'self']);
  });

  it('re-keys a later entry that reuses an id and reports it', () => {
    const first = msg('dup', null, user('first'));
    const second = msg('dup', 'dup', user('second'));
    const tree = SessionTree.fromEntries([first, second]);
    assert.equal(tree.problems.duplicateIds.length, 1);
    const { id, newId } = tree.problems.duplicateIds[0]!;
    assert.equal(id, 'dup');
    assert.match(newId, /^[0-9a-f]{8}$/);
    assert.equal(tree.get('dup'), first);
    assert.equal(tree.get(newId), second);
    assert.deepEqual(tree.pathTo(newId).map((e) => e.id), ['dup', newId]);
  });

  it('resolves labels last-wins, clears on empty or absent label, and keeps the label time (D42, D44)', () => {
    const tree = SessionTree.fromEntries(
      chain(
        msg('m', null, user('a')),
        entry('label', 'l1', null, { targetId: 'm', label: 'one' }, '2026-01-01T00:00:01.000Z'),
        entry('label', 'l2', null, { targetId: 'm', label: 'two' }, '2026-01-01T00:00:02.000Z'),
      ),
    );
    assert.deepEqual(tree.labelOf('m'), { label: 'two', timestamp: '2026-01-01T00:00:02.000Z' });
    assert.deepEqual({ label: getTree(tree)[0]!.label, at: getTree(tree)[0]!.labelTimestamp }, { label: 'two', at: '2026-01-01T00:00:02.000Z' });
    tree.add(entry('label', 'l3', 'l2', { targetId: 'm', label: '' }));
    assert.equal(tree.labelOf('m'), undefined);
    tree.add(entry('label', 'l4', 'l3', { targetId: 'm', label: 'back' }));
    tree.add(entry('label', 'l5', 'l4', { targetId: 'm' }));
    assert.equal(tree.labelOf('m'), undefined);
  });
});

describe('the display tree', () => {
  it('shows linear runs flat and nests only at branch points, the active branch first', () => {
    const tree = SessionTree.fromEntries([
      msg('u1', null, user('u1'), '2026-01-01T00:00:01.000Z'),
      msg('a1', 'u1', assistant('a1'), '2026-01-01T00:00:02.000Z'),
      msg('x1', 'a1', user('x1'), '2026-01-01T00:00:03.000Z'),
      msg('x2', 'x1', assistant('x2'), '2026-01-01T00:00:04.000Z'),
      msg('y1', 'a1', user('y1'), '2026-01-01T00:00:05.000Z'),
      msg('y2', 'y1', assistant('y2'), '2026-01-01T00:00:06.000Z'),
    ]);
    const rows = flattenDisplayTree(getDisplayTree(tree, 'y2')).map((r) => `${r.depth}:${r.node.entry.id}${r.node.isLeaf ? '*' : ''}${r.node.onActivePath ? '•' : ''}`);
    assert.deepEqual(rows, ['0:u1•', '0:a1•', '1:y1•', '2:y2*•', '1:x1', '2:x2']);
  });

  it('treats several roots as branches and hides position markers', () => {
    const tree = SessionTree.fromEntries([
      msg('r1', null, user('r1')),
      entry('custom', 'mk', 'r1', { customType: 'arbor.position' }),
      msg('r2', null, user('r2')),
      msg('r3', 'r2', user('r3')),
    ]);
    const rows = flattenDisplayTree(getDisplayTree(tree, 'r1')).map((r) => `${r.depth}:${r.node.entry.id}`);
    assert.deepEqual(rows, ['0:r1', '0:r2', '1:r3']);
  });

  it('handles a 100 000-entry chain without recursion', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => msg(`e${i}`, i === 0 ? null : `e${i - 1}`, user(`m${i}`), '2026-01-01T00:00:00.000Z'));
    const tree = SessionTree.fromEntries(entries);
    const display = getDisplayTree(tree, 'e99999');
    assert.equal(display.length, 100_000);
    assert.equal(getTree(tree).length, 1);
    assert.equal(tree.pathTo('e99999').length, 100_000);
  });
});
