import { strict as assert } from 'node:assert';
import { getDisplayTree, LazyDisplayTree, SessionTree, type DisplayNode, type SessionEntry } from '../../../src/core/session';
import { assistant, entry, msg, user } from '../../support/builders';

const at = (second: number): string => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;

/** u1 → a1 → {x1 → x2, y1 → {y2, z1}}, plus a position marker under y2. */
function branched(): SessionTree {
  return SessionTree.fromEntries([
    msg('u1', null, user('u1'), at(1)),
    msg('a1', 'u1', assistant('a1'), at(2)),
    msg('x1', 'a1', user('x1'), at(3)),
    msg('x2', 'x1', assistant('x2'), at(4)),
    msg('y1', 'a1', user('y1'), at(5)),
    msg('y2', 'y1', assistant('y2'), at(6)),
    entry('custom', 'mk', 'y2', { customType: 'arbor.position' }, at(7)),
    msg('z1', 'y1', assistant('z1'), at(8)),
  ]);
}

const rows = (nodes: { entry: SessionEntry; hasChildren: boolean; onActivePath: boolean; isLeaf: boolean }[]): string[] =>
  nodes.map((node) => `${node.entry.id}${node.hasChildren ? '+' : ''}${node.onActivePath ? '•' : ''}${node.isLeaf ? '*' : ''}`);

describe('the lazily built display tree', () => {
  it('gives each level on request: the top run, the branch heads at a branch point, the rest of a branch under its head', () => {
    const lazy = new LazyDisplayTree(branched(), 'y2');
    assert.deepEqual(rows(lazy.childrenOf(null)), ['u1•', 'a1+•']);
    assert.deepEqual(rows(lazy.childrenOf('u1')), []);
    assert.deepEqual(rows(lazy.childrenOf('a1')), ['y1+•', 'x1+']);
    assert.deepEqual(rows(lazy.childrenOf('x1')), ['x2']);
    assert.deepEqual(rows(lazy.childrenOf('y1')), ['y2•*', 'z1']);
    assert.deepEqual(rows(lazy.childrenOf('y2')), []);
    assert.deepEqual(rows(lazy.childrenOf('mk')), [], 'a hidden entry has no rows');
    assert.deepEqual(rows(lazy.childrenOf('nope')), []);
  });

  it('nests exactly as the whole display tree does, on random trees with hidden entries', () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 30; round++) {
      const entries: SessionEntry[] = [];
      for (let i = 0; i < 60; i++) {
        const parent = i === 0 || random() < 0.05 ? null : entries[Math.floor(random() * i)]!.id;
        entries.push(random() < 0.1 ? entry('custom', `e${i}`, parent, { customType: 'arbor.position' }, at(i % 60)) : msg(`e${i}`, parent, user(`m${i}`), at(i % 60)));
      }
      const tree = SessionTree.fromEntries(entries);
      const leaf = entries[Math.floor(random() * entries.length)]!.id;
      const lazy = new LazyDisplayTree(tree, leaf);
      const compare = (eager: readonly DisplayNode[], id: string | null): void => {
        const level = lazy.childrenOf(id);
        assert.deepEqual(
          level.map((node) => [node.entry.id, node.label, node.onActivePath, node.isLeaf, node.hasChildren]),
          eager.map((node) => [node.entry.id, node.label, node.onActivePath, node.isLeaf, node.children.length > 0]),
        );
        for (const node of eager) compare(node.children, node.entry.id);
      };
      compare(getDisplayTree(tree, leaf), null);
    }
  });

  it('produces the first rows of a 100 000-entry chain without walking the rest', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => msg(`e${i}`, i === 0 ? null : `e${i - 1}`, user(`m${i}`), at(0)));
    const tree = SessionTree.fromEntries(entries);
    let looked = 0;
    const lazy = new LazyDisplayTree(tree, 'e99999', { hide: () => (looked++, false) });
    const first: string[] = [];
    for (const row of lazy.rowsOf(null)) {
      first.push(row.entry.id);
      if (first.length === 3) break;
    }
    assert.deepEqual(first, ['e0', 'e1', 'e2']);
    assert.ok(looked <= 6, `looked at ${looked} entries for 3 rows`);
    const all = lazy.childrenOf(null);
    assert.equal(all.length, 100_000);
    assert.equal(all[99_999]!.isLeaf, true);
  });
});
