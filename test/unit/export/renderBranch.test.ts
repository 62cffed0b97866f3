import { strict as assert } from 'node:assert';
import { EXPORT_FORMATS, renderBranch } from '../../../src/core/export';
import { HEADER, smallTree } from './smallSession';

describe('renderBranch', () => {
  it('renders the branch in each format from one call', () => {
    const tree = smallTree();
    const path = tree.pathTo('x1');
    const now = new Date('2026-05-01T09:00:00.000Z');
    const starts = EXPORT_FORMATS.map((format) => renderBranch(format, HEADER, tree, path, now).split('\n')[0]);
    assert.deepEqual(starts, ['# Demo', '<!DOCTYPE html>', '{"type":"session","version":3,"id":"sess-1","timestamp":"2026-05-01T09:00:00.000Z","cwd":"/home/ana/proyecto"}']);
  });
});
