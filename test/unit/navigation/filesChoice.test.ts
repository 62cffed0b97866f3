// The second question of a move: restore the workspace's files to the target's checkpoint, keep
// them, or preview first; and what the note after the move says about the files.
import { strict as assert } from 'node:assert';
import { filesChoices, filesOutcome, filesRequest, filesRestoredText, filesStep, planDifference, restoreWarning } from '../../../src/core/navigation';
import { moveNote } from '../../../src/core/sessionTree';
import { SessionTree } from '../../../src/core/session';
import { assistant, chain, msg, user } from '../../support/builders';

const three = { paths: ['src/a.ts', 'src/b.ts', 'notes.md'], outside: [] };
const oneOutside = { paths: ['src/a.ts', 'src/b.ts', 'notes.md'], outside: ['notes.md'] };

describe('the files question of a move', () => {
  it('offers exactly "Restore files (N files)", "Keep files as they are" and "Preview changes…", in that order', () => {
    assert.deepEqual(filesChoices(three).map((choice) => [choice.id, choice.label]), [
      ['restore', 'Restore files (3 files)'],
      ['keep', 'Keep files as they are'],
      ['preview', 'Preview changes…'],
    ]);
    assert.equal(filesChoices({ paths: ['a'], outside: [] })[0]!.label, 'Restore files (1 file)');
  });

  it('counts only what the restore writes and adds an item that overwrites files changed outside the agent', () => {
    const choices = filesChoices(oneOutside);
    assert.deepEqual(choices.map((choice) => [choice.id, choice.label]), [
      ['restore', 'Restore files (2 files)'],
      ['overwrite', 'Restore files and overwrite changes made outside (3 files)'],
      ['keep', 'Keep files as they are'],
      ['preview', 'Preview changes…'],
    ]);
    assert.match(choices[0]!.detail, /1 file changed outside the agent is left alone\.$/);
  });

  it('leaves out the plain restore when every file that differs was changed outside the agent (it would write nothing)', () => {
    assert.deepEqual(filesChoices({ paths: ['notes.md', 'todo.md'], outside: ['notes.md', 'todo.md'] }).map((choice) => [choice.id, choice.label]), [
      ['overwrite', 'Restore files and overwrite changes made outside (2 files)'],
      ['keep', 'Keep files as they are'],
      ['preview', 'Preview changes…'],
    ]);
  });

  it('asks only when files differ and the setting is "ask"', () => {
    assert.deepEqual(filesStep('ask', three), { kind: 'ask' });
    assert.deepEqual(filesStep('ask', { paths: [], outside: [] }), { kind: 'keep' });
    assert.deepEqual(filesStep('ask', undefined), { kind: 'keep' }, 'no checkpoint known for the target');
    assert.deepEqual(filesStep('never', three), { kind: 'keep' });
  });

  it('restores without asking under "always", leaving files changed outside the agent alone', () => {
    assert.deepEqual(filesStep('always', oneOutside), { kind: 'restore', overwriteOutside: false });
  });

  it('asks under "always" when the restore writes or removes a protected path, and says which', () => {
    const protectedPaths = ['.vscode/settings.json', '.vscode/tasks.json', '.git', '.pi/settings.json', 'AGENTS.md', 'docs/CLAUDE.md', 'team.code-workspace', '.devcontainer/devcontainer.json'];
    for (const file of protectedPaths) {
      const written = planDifference({ restore: ['src/a.ts', file], remove: [], changedOutside: [] });
      assert.deepEqual(filesStep('always', written), { kind: 'ask' }, file);
      const removed = planDifference({ restore: ['src/a.ts'], remove: [file], changedOutside: [] });
      assert.deepEqual(filesStep('always', removed), { kind: 'ask' }, `${file} removed`);
      assert.deepEqual(filesStep('never', written), { kind: 'keep' }, file);
    }
    assert.equal(
      restoreWarning(planDifference({ restore: ['src/a.ts', '.vscode/settings.json', 'AGENTS.md'], remove: [], changedOutside: [] })),
      'It changes files that configure the editor, git or the agent: .vscode/settings.json, AGENTS.md.',
    );
    assert.equal(
      restoreWarning(planDifference({ restore: protectedPaths, remove: [], changedOutside: [] })),
      'It changes files that configure the editor, git or the agent: .vscode/settings.json, .vscode/tasks.json, .git, .pi/settings.json, AGENTS.md and 3 more.',
    );
    assert.deepEqual(filesStep('always', planDifference({ restore: ['src/a.ts', 'docs/guide.md'], remove: [], changedOutside: [] })), { kind: 'restore', overwriteOutside: false });
  });

  it('asks under "always" when the restore removes more than five files, and says how many', () => {
    const files = (count: number): string[] => Array.from({ length: count }, (_, index) => `src/f${index}.ts`);
    assert.deepEqual(filesStep('always', planDifference({ restore: [], remove: files(5), changedOutside: [] })), { kind: 'restore', overwriteOutside: false });
    const six = planDifference({ restore: ['README.md'], remove: files(6), changedOutside: [] });
    assert.deepEqual(filesStep('always', six), { kind: 'ask' });
    assert.equal(restoreWarning(six), 'It removes 6 files.');
    assert.equal(restoreWarning(planDifference({ restore: ['a.ts'], remove: files(5), changedOutside: [] })), undefined);
  });

  it('names protected paths in the warning as plain text', () => {
    const warning = restoreWarning(planDifference({ restore: ['[x](command:workbench.action.terminal.new)/AGENTS.md'], remove: [], changedOutside: [] }));
    assert.equal(warning, 'It changes files that configure the editor, git or the agent: [x]\u200b(command:workbench.action.terminal.new)/AGENTS.md.');
  });

  it('counts a recorded folder that was a link apart from the files, made a folder again or left alone', () => {
    const back = filesOutcome({ restored: ['dir/b.txt'], removed: ['dir', 'old.txt'], leftAlone: [], skipped: [], linkedFolders: ['dir'] });
    assert.deepEqual(back, { restored: 1, removed: 1, leftAlone: 0, skipped: 0, foldersBack: 1 });
    assert.equal(filesRestoredText(back), 'Files restored: 1 changed, 1 removed, 1 folder back in place of a link.');
    const alone = filesOutcome({ restored: ['a.txt'], removed: [], leftAlone: ['dir', 'dir/b.txt'], skipped: [], linkedFolders: ['dir'] });
    assert.deepEqual(alone, { restored: 1, removed: 0, leftAlone: 1, skipped: 0, linksLeftAlone: 1 });
    assert.equal(filesRestoredText(alone), 'Files restored: 1 changed; 1 left alone (changed outside), 1 folder left alone (a link now).');
  });

  it('turns each answer into the restore it asks for', () => {
    assert.deepEqual(filesRequest('restore'), { overwriteOutside: false });
    assert.deepEqual(filesRequest('overwrite'), { overwriteOutside: true });
    assert.equal(filesRequest('keep'), undefined);
    assert.equal(filesRequest('preview'), undefined);
  });

  it('tells what a restore did in one sentence', () => {
    assert.equal(filesRestoredText({ restored: 3, removed: 1, leftAlone: 1, skipped: 0 }), 'Files restored: 3 changed, 1 removed; 1 left alone (changed outside).');
    assert.equal(filesRestoredText({ restored: 1, removed: 0, leftAlone: 0, skipped: 0 }), 'Files restored: 1 changed.');
    assert.equal(filesRestoredText({ restored: 0, removed: 0, leftAlone: 2, skipped: 1 }), 'No files restored; 2 left alone (changed outside), 1 skipped.');
  });

  it('adds the files sentence to the note after the move', () => {
    const tree = SessionTree.fromEntries(chain(msg('q1', null, user('q1 text')), msg('a1', null, assistant('a1 text')), msg('q2', null, user('q2 text')), msg('a2', null, assistant('a2 text'))));
    assert.deepEqual(moveNote(tree, { kind: 'go', from: 'a2', to: 'a1', files: { restored: 2, removed: 1, leftAlone: 0, skipped: 0 } }), {
      happened: 'Files restored: 2 changed, 1 removed.',
      position: 'Continuing after: a1 text',
      back: true,
      undoRestore: true,
    });
    assert.deepEqual(moveNote(tree, { kind: 'go', from: 'a2', to: 'a1', files: { restored: 0, removed: 0, leftAlone: 2, skipped: 0 } }), {
      happened: 'No files restored; 2 left alone (changed outside).',
      position: 'Continuing after: a1 text',
      back: true,
    });
  });
});
