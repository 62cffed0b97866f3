import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { renderJsonl } from '../../../src/core/export/jsonl';
import { serializeLine } from '../../../src/core/session';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { arborJson } from '../cli/runArbor';
import { ENTRIES, HEADER, smallTree } from './smallSession';

const NOW = new Date('2026-05-01T09:00:00.000Z');

describe('JSONL export', () => {
  const tmp = useTempDir();

  it('writes a new header and the path re-chained, every line as it was but its parent', () => {
    const tree = smallTree();
    const jsonl = renderJsonl(HEADER, tree.pathTo('b1'), NOW);
    const lines = jsonl.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(lines[0], { type: 'session', version: 3, id: 'sess-1', timestamp: '2026-05-01T09:00:00.000Z', cwd: '/home/ana/proyecto' });
    assert.deepEqual(lines.slice(1).map((line) => [line.id, line.parentId]), [['m1', null], ['u1', 'm1'], ['a1', 'u1'], ['t1', 'a1'], ['x1', 't1'], ['b1', 'x1']]);
    assert.equal(jsonl.split('\n')[2], serializeLine(ENTRIES[1]!).trimEnd());
  });

  it('passes arbor check and opens in pi 1.6.0 with the context of the source branch', async () => {
    const pi = await loadPi();
    const tree = smallTree();
    const source = path.join(tmp(), 'source.jsonl');
    writeFileSync(source, [HEADER, ...tree.entries].map((entry) => serializeLine(entry)).join(''));
    const out = path.join(tmp(), 'export.jsonl');
    writeFileSync(out, renderJsonl(HEADER, tree.pathTo('n1'), NOW));

    const check = await arborJson<{ exitCode: number }>('check', out);
    assert.equal(check.exitCode, 0);
    const exported = pi.SessionManager.open(out, tmp());
    const original = pi.SessionManager.open(source, tmp());
    original.branch('n1');
    assert.equal(exported.getLeafId(), 'n1');
    assert.equal(exported.getSessionName(), 'Demo');
    assert.equal(exported.getLabel('u1'), 'start');
    assert.deepEqual(exported.buildSessionContext(), original.buildSessionContext());
    // The abandoned branch is not in the export.
    assert.equal(exported.getEntry('u2'), undefined);
  });
});
