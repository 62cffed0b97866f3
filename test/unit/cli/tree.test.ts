import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { expectedOf, fixturePath } from '../../support/fixtures';
import { useTempDir } from '../../support/tempDir';
import { arbor, arborJson } from './runArbor';

interface ExpectedNode {
  id: string;
  parentId: string | null;
  type: string;
  children: number;
  label?: string;
}
interface TreeJson {
  leafId: string | null;
  roots: string[];
  nodes: ExpectedNode[];
}

const withoutDepth = (nodes: (ExpectedNode & { depth: number })[]): ExpectedNode[] => nodes.map(({ depth: _depth, ...node }) => node);

describe('arbor tree', () => {
  const tmp = useTempDir();

  it('lists every entry of the synthetic fixture in file order, as pi 0.73.1 does', async () => {
    const expected = expectedOf<{ tree: { roots: string[]; nodes: (ExpectedNode & { depth: number })[] } }>('synthetic-branched');
    const tree = await arborJson<TreeJson>('tree', fixturePath('synthetic-branched.jsonl'));
    assert.equal(tree.leafId, 'l03');
    assert.deepEqual(tree.roots, ['e01', 'o01']);
    // The expected file lists nodes in tree order; `arbor tree` lists them in file order.
    const byId = new Map(withoutDepth(expected.tree.nodes).map((node) => [node.id, node]));
    assert.deepEqual(tree.nodes, tree.nodes.map((node) => byId.get(node.id)));
    assert.equal(tree.nodes.length, 29);
    assert.deepEqual(tree.nodes.slice(9, 16).map((node) => node.id), ['e10', 'e11', 'e12', 'e13', 'e14', 'b01', 'b02']);
  });

  it('gives a label only to labelled entries (b02 "tests"; e03 was cleared)', async () => {
    const tree = await arborJson<TreeJson>('tree', fixturePath('synthetic-branched.jsonl'));
    assert.deepEqual(
      tree.nodes.filter((node) => 'label' in node).map((node) => [node.id, node.label]),
      [['b02', 'tests']],
    );
  });

  it('reads a v1 file as v3 in memory without rewriting it', async () => {
    const file = path.join(tmp(), 'legacy.jsonl');
    const original = readFileSync(fixturePath('legacy-v1.jsonl'));
    writeFileSync(file, original);
    const tree = await arborJson<TreeJson>('tree', file);
    assert.deepEqual(
      tree.nodes.map((node) => node.type),
      ['message:user', 'message:assistant', 'message:user', 'message:assistant', 'compaction', 'message:custom', 'thinking_level_change', 'message:user', 'message:assistant'],
    );
    assert.equal(tree.nodes[0]!.parentId, null);
    tree.nodes.slice(1).forEach((node, index) => assert.equal(node.parentId, tree.nodes[index]!.id));
    assert.equal(tree.leafId, tree.nodes[8]!.id);
    assert.deepEqual(readFileSync(file), original);
  });

  it('shows a header-only file as an empty session', async () => {
    const file = path.join(tmp(), 'empty.jsonl');
    writeFileSync(file, '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}\n');
    const tree = await arborJson<TreeJson>('tree', file);
    assert.deepEqual(tree, { leafId: null, roots: [], nodes: [], exitCode: 0 });
  });

  it('draws the tree for people: current position starred, its path dotted, labels in brackets', async () => {
    const run = await arbor('tree', fixturePath('synthetic-branched.jsonl'));
    assert.equal(run.code, 0);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], 'session 0194a000-0000-7000-8000-000000000001 "Synthetic fixture": 29 entries, 2 roots, current position l03');
    assert.match(run.stdout, /^\* +l03 label e03 \(cleared\)$/m);
    assert.match(run.stdout, /^• +b02 user \[tests\] Write tests for src\/a\.ts instead$/m);
    assert.match(run.stdout, /^ {3,}e14 assistant Docs written\.$/m);
  });
});
