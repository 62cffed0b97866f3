/** The reference fixtures (`test/fixtures/`): session files and pi's recorded outputs for them. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadSessionFile, type SessionEntry, type SessionTree } from '../../../../src/core/session';
import { fixturePath } from '../../../support/fixtures';

export interface LoadedFixture {
  tree: SessionTree;
  /** The path root→expected leaf. */
  path: SessionEntry[];
  expected: any; // the reference output, checked field by field
  cwd: string;
}

export async function loadFixture(name: 'synthetic-branched' | 'legacy-v1'): Promise<LoadedFixture> {
  const loaded = await loadSessionFile(fixturePath(`${name}.jsonl`));
  const expected = JSON.parse(readFileSync(fixturePath(`${name}.expected.json`), 'utf8'));
  const leafId: string = expected.leaf.leafId ?? loaded.tree.entries[loaded.tree.size - 1]!.id;
  const leaf = loaded.tree.get(leafId) ? leafId : loaded.tree.entries[loaded.tree.size - 1]!.id;
  return { tree: loaded.tree, path: loaded.tree.pathTo(leaf), expected, cwd: loaded.header.cwd };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
