import { strict as assert } from 'node:assert';
import { SessionTree, type SessionEntry } from '../../../src/core/session';
import { getDisplayTree, LazyDisplayTree, type DisplayNode } from '../../../src/core/sessionTree';
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

/** A repeatable pseudo-random sequence in [0, 1). */
function seeded(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** `count` entries, each under a random earlier one (a few roots), a `hidden` share of them position markers. */
function randomEntries(random: () => number, count: number, hidden: number): SessionEntry[] {
  const entries: SessionEntry[] = [];
  for (let i = 0; i < count; i++) {
    const parent = i === 0 || random() < 0.05 ? null : entries[Math.floor(random() * i)]!.id;
    entries.push(random() < hidden ? entry('custom', `e${i}`, parent, { customType: 'arbor.position' }, at(i % 60)) : msg(`e${i}`, parent, user(`m${i}`), at(i % 60)));
  }
  return entries;
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
    const random = seeded(7);
    for (let round = 0; round < 30; round++) {
      const entries = randomEntries(random, 60, 0.1);
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

  it('names the row each row sits under: the branch point for heads, the run\'s owner for run members', () => {
    const lazy = new LazyDisplayTree(branched(), 'y2');
    const parents = ['u1', 'a1', 'x1', 'x2', 'y1', 'y2', 'z1', 'mk', 'nope'].map((id) => lazy.parentRowOf(id));
    assert.deepEqual(parents, [null, null, 'a1', 'x1', 'a1', 'y1', 'y1', undefined, undefined]);
  });

  it('agrees with the levels: every row of childrenOf(id) names id as its parent row, on random trees', () => {
    const random = seeded(11);
    for (let round = 0; round < 20; round++) {
      const entries = randomEntries(random, 50, 0.15);
      const lazy = new LazyDisplayTree(SessionTree.fromEntries(entries), entries[Math.floor(random() * 50)]!.id);
      const work: (string | null)[] = [null];
      let seen = 0;
      for (let owner = work.pop(); owner !== undefined; owner = work.pop()) {
        for (const row of lazy.childrenOf(owner)) {
          assert.equal(lazy.parentRowOf(row.entry.id), owner, `round ${round}, ${row.entry.id}`);
          seen++;
          if (row.hasChildren) work.push(row.entry.id);
        }
      }
      assert.equal(seen, entries.filter((e) => e.type === 'message').length, 'every shown entry has one row');
    }
  });

  it('marks a hidden position on its nearest shown ancestor', () => {
    const lazy = new LazyDisplayTree(branched(), 'mk');
    assert.equal(lazy.shownPosition(), 'y2');
    assert.equal(new LazyDisplayTree(branched(), null).shownPosition(), null);
  });
});
