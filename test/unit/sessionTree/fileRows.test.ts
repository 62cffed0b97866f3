// The Session Tree's rows of steps that changed the workspace's files: "✎ 3 files", the paths in
// the tooltip as plain text, the `arbor.files` entries themselves folded into the step's row.
import { strict as assert } from 'node:assert';
import { FILES_CUSTOM_TYPE, type FilesEntryData } from '../../../src/core/checkpoints';
import { SessionTree, type SessionEntry } from '../../../src/core/session';
import { filesMark, presentRow, stepFiles } from '../../../src/core/sessionTree';
import { assistant, chain, entry, msg, toolCall, toolResult, user } from '../../support/builders';

const edit = toolCall('edit', { path: 'src/a.ts', oldText: 'a', newText: 'b' }, 'tc-1');
const A = '1'.repeat(40);
const B = '2'.repeat(40);
const C = '3'.repeat(40);

function files(id: string, parentId: string, data: Partial<FilesEntryData>): SessionEntry {
  const full: FilesEntryData = { v: 1, before: A, after: B, changed: [], changedCount: 0, cause: 'tool', ...data };
  return entry('custom', id, parentId, { customType: FILES_CUSTOM_TYPE, data: full });
}

/** q → call → result → (files after the edit) → reply → (files at the turn's end, outside). */
function session(...more: SessionEntry[]): SessionTree {
  return SessionTree.fromEntries([
    ...chain(msg('q', null, user('fix it')), msg('call', null, assistant([edit], { stopReason: 'toolUse' })), msg('result', null, toolResult(edit, 'edited'))),
    ...more,
  ]);
}

describe('Session Tree rows of steps that changed files', () => {
  it('counts the files recorded right after a step, agent changes and outside changes apart', () => {
    const tree = session(
      files('f1', 'result', { changed: ['src/a.ts', 'src/b.ts'], changedCount: 2 }),
      files('f2', 'result', { before: B, after: C, changed: ['src/b.ts', 'src/c.ts'], changedCount: 5, cause: 'turn' }),
      files('f3', 'result', { before: C, after: A, changed: ['notes.md'], changedCount: 1, cause: 'outside' }),
    );
    assert.deepEqual(stepFiles(tree, 'result'), { changed: ['src/a.ts', 'src/b.ts', 'src/c.ts'], count: 6, outside: ['notes.md'], outsideCount: 1 });
    assert.equal(stepFiles(tree, 'call'), undefined);
  });

  it('does not count the starting state, a restore, or an arbor.files entry of the wrong shape', () => {
    const tree = session(
      files('f1', 'result', { changed: ['x'], changedCount: 1, cause: 'start' }),
      files('f2', 'result', { changed: ['y'], changedCount: 1, cause: 'restore' }),
      entry('custom', 'f3', 'result', { customType: FILES_CUSTOM_TYPE, data: { v: 1, changed: ['../../etc/passwd'] } }),
    );
    assert.equal(stepFiles(tree, 'result'), undefined);
  });

  it('says "✎ N files" in the description, adds the word "files" for the menus, and lists the paths in the tooltip as code', () => {
    const view = presentRow({
      entry: msg('result', 'call', toolResult(edit, 'edited')),
      label: 'fix',
      onActivePath: false,
      isCurrent: false,
      call: edit,
      files: { changed: ['src/a.ts', 'src/*b*.ts'], count: 2, outside: [], outsideCount: 0 },
    });
    assert.equal(view.description, '✎ 2 files');
    assert.equal(view.contextValue, 'entry toolResult labeled files');
    assert.equal(view.accessibilityLabel, 'tool edit: src/a.ts, fix · ✎ 2 files');
    assert.ok(view.tooltip.endsWith('\n\nFiles changed:\n\n- `src/a.ts`\n- `src/*b*.ts`'), view.tooltip);
  });

  it('names one file, and files noticed as changed outside when the agent changed none', () => {
    assert.equal(filesMark({ changed: ['a'], count: 1, outside: [], outsideCount: 0 }), '✎ 1 file');
    assert.equal(filesMark({ changed: [], count: 0, outside: ['a', 'b'], outsideCount: 2 }), '✎ 2 files changed outside');
  });
});
