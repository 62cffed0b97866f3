/** The shared reference fixtures (`../shared/fixtures`, beside the repository). */
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { readFileSync } from 'node:fs';
import { loadSessionFile, type SessionEntry, type SessionTree } from '../../../../src/core/session';

export const FIXTURES = path.resolve(__dirname, '../../../../../shared/fixtures');

export interface LoadedFixture {
  tree: SessionTree;
  /** The path root→expected leaf. */
  path: SessionEntry[];
  expected: any; // the reference output, checked field by field
  cwd: string;
}

export async function loadFixture(name: 'synthetic-branched' | 'legacy-v1'): Promise<LoadedFixture> {
  const loaded = await loadSessionFile(path.join(FIXTURES, `${name}.jsonl`));
  const expected = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.expected.json`), 'utf8'));
  const leafId: string = expected.leaf.leafId ?? loaded.tree.entries[loaded.tree.size - 1]!.id;
  const leaf = loaded.tree.get(leafId) ? leafId : loaded.tree.entries[loaded.tree.size - 1]!.id;
  return { tree: loaded.tree, path: loaded.tree.pathTo(leaf), expected, cwd: loaded.header.cwd };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
