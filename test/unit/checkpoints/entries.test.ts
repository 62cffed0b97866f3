import { strict as assert } from 'node:assert';
import { fileSteps, filesEntryData, lastRestore, newFilesData, referencedStates, startingState, stateAt, toFilesJson, MAX_CHANGED_PATHS } from '../../../src/core/checkpoints';
import type { Json } from '../../../src/core/session';
import { appendTurns, memorySession } from '../../support/builders';

const S1 = '1'.repeat(40);
const S2 = '2'.repeat(40);
const S3 = '3'.repeat(40);

function filesJson(before: string, after: string, cause = 'tool', changed: Json = ['a.txt']): Json {
  return { v: 1, before, after, changed, changedCount: Array.isArray(changed) ? changed.length : 0, cause };
}

describe('arbor.files entries', () => {
  it('finds the state of a position: the nearest record above it, else the starting state', async () => {
    const session = memorySession();
    await session.appendCustomEntry('arbor.files', filesJson(S1, S1, 'start', []));
    const [q1, a1] = await appendTurns(session, 1);
    await session.appendCustomEntry('arbor.files', filesJson(S1, S2));
    const [q2] = await appendTurns(session, 1, 'b');
    assert.equal(stateAt(session, q2!), S2);
    assert.equal(stateAt(session, a1!), S1);
    assert.equal(stateAt(session, q1!), S1);
    assert.equal(stateAt(session, null), S1, 'an empty position has the starting state');
    await session.branch(a1!);
    await session.appendCustomEntry('arbor.files', filesJson(S1, S3));
    assert.equal(stateAt(session, session.leafId), S3);
    assert.equal(stateAt(session, q2!), S2, 'the sibling branch keeps its own state');
    assert.equal(startingState(session), S1);
    assert.deepEqual(fileSteps(session, q2!).map((step) => [step.data.before, step.data.after]), [[S1, S2]]);
    assert.deepEqual([...referencedStates(session.entries)].sort(), [S1, S2, S3]);
  });

  it('gives a new root branch (the first message edited) the session\'s starting state', async () => {
    const session = memorySession();
    await session.appendCustomEntry('arbor.files', filesJson(S1, S1, 'start', []));
    await appendTurns(session, 1);
    await session.appendCustomEntry('arbor.files', filesJson(S1, S2));
    await session.resetLeaf();
    const [q] = await appendTurns(session, 1, 'new root ');
    assert.equal(stateAt(session, q!), S1);
  });

  it('ignores entries whose data is not exactly what Arbor writes', async () => {
    const session = memorySession();
    const hostile: Json[] = [
      filesJson('HEAD', S2),
      filesJson(S1, '--output=/etc/passwd'),
      filesJson(S1, S2, 'tool', ['../../etc/passwd']),
      filesJson(S1, S2, 'tool', ['/abs']),
      filesJson(S1, S2, 'tool', ['.git/config']),
      filesJson(S1, S2, 'wipe'),
      { ...(filesJson(S1, S2) as { [key: string]: Json }), v: 2 },
      { ...(filesJson(S1, S2) as { [key: string]: Json }), changedCount: 0, changed: ['a', 'b'] },
      { ...(filesJson(S1, S2) as { [key: string]: Json }), changed: Array.from({ length: MAX_CHANGED_PATHS + 1 }, (_, index) => `f${index}`) },
      filesJson(S1, S2, 'tool', 'a.txt'),
      [S1, S2],
      null,
    ];
    for (const data of hostile) await session.appendCustomEntry('arbor.files', data);
    for (const entry of session.entries) assert.equal(filesEntryData(entry), undefined, JSON.stringify(entry));
    assert.equal(stateAt(session, session.leafId), undefined);
    assert.deepEqual(referencedStates(session.entries).size, 0);
    await session.appendCustomEntry('other.type', filesJson(S1, S2));
    assert.equal(stateAt(session, session.leafId), undefined);
  });

  it('finds the restore a branch ends with (Undo Restore), and none once other files are recorded after it', async () => {
    const session = memorySession();
    await session.appendCustomEntry('arbor.files', filesJson(S1, S1, 'start', []));
    const [, a1] = await appendTurns(session, 1);
    assert.equal(lastRestore(session, session.leafId), undefined, 'the last record is the start');
    const restoreId = await session.appendCustomEntry('arbor.files', filesJson(S2, S1, 'restore'));
    await appendTurns(session, 1, 'b');
    assert.deepEqual(lastRestore(session, session.leafId), { id: restoreId, parentId: a1, data: { v: 1, before: S2, after: S1, changed: ['a.txt'], changedCount: 1, cause: 'restore' } }, 'messages after it do not count');
    await session.appendCustomEntry('arbor.files', filesJson(S1, S3, 'tool'));
    assert.equal(lastRestore(session, session.leafId), undefined);
    assert.equal(lastRestore(session, a1!), undefined, 'a position above the restore');
    assert.equal(lastRestore(session, null), undefined);
  });

  it('cuts a long list of changed paths and keeps their number', () => {
    const changed = Array.from({ length: MAX_CHANGED_PATHS + 5 }, (_, index) => `f${index}.txt`);
    const data = newFilesData({ before: S1, after: S2, changed, cause: 'turn' });
    assert.equal(data.changed.length, MAX_CHANGED_PATHS);
    assert.equal(data.changedCount, MAX_CHANGED_PATHS + 5);
    assert.deepEqual(filesEntryData({ type: 'custom', id: 'x', parentId: null, timestamp: '2026-01-01T00:00:00.000Z', customType: 'arbor.files', data: toFilesJson(data) }), data);
  });
});
