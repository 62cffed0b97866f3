// Which recorded workspace state a position stands for: a step's row means the files after the
// changes recorded right after it, not the state on its own path (the one before the step).
import { strict as assert } from 'node:assert';
import { FILES_CUSTOM_TYPE, type FilesEntryData } from '../../../src/core/checkpoints';
import { positionState } from '../../../src/core/navigation';
import { SessionTree, type SessionEntry } from '../../../src/core/session';
import { assistant, entry, msg, toolCall, toolResult, user } from '../../support/builders';

const edit = toolCall('edit', { path: 'a.ts', oldText: 'a', newText: 'b' }, 'tc-1');
const S0 = '0'.repeat(40);
const S1 = '1'.repeat(40);
const S2 = '2'.repeat(40);
const S3 = '3'.repeat(40);

function files(id: string, parentId: string, before: string, after: string, cause: FilesEntryData['cause']): SessionEntry {
  return entry('custom', id, parentId, { customType: FILES_CUSTOM_TYPE, data: { v: 1, before, after, changed: ['a.ts'], changedCount: 1, cause } });
}

/** start record → q → call → result → (edit record) → reply → (turn record) → (outside record) */
function session() {
  const tree = SessionTree.fromEntries([
    files('start', 'x', S0, S0, 'start'),
    msg('q', 'start', user('change a.ts')),
    msg('call', 'q', assistant([edit], { stopReason: 'toolUse' })),
    msg('result', 'call', toolResult(edit, 'edited')),
    files('afterEdit', 'result', S0, S1, 'tool'),
    msg('reply', 'afterEdit', assistant('Done.')),
    files('afterTurn', 'reply', S1, S2, 'turn'),
    files('outside', 'afterTurn', S2, S3, 'outside'),
  ]);
  return { tree, entries: tree.entries, getBranch: (id?: string | null) => tree.pathTo(id ?? null) };
}

describe('the workspace state of a position', () => {
  it('is the state after the changes recorded right after a step, not the one before it', () => {
    assert.equal(positionState(session(), 'result'), S1);
    assert.equal(positionState(session(), 'reply'), S2);
  });

  it('is the state on the path when nothing was recorded right after the entry', () => {
    assert.equal(positionState(session(), 'call'), S0);
    assert.equal(positionState(session(), 'outside'), S3);
  });

  it('does not count changes made outside the agent after a step as the step\'s', () => {
    assert.equal(positionState(session(), 'afterTurn'), S2);
  });

  it('is the starting state before the first entry', () => {
    assert.equal(positionState(session(), null), S0);
  });
});
