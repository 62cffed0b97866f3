// The one question of a move: which parts are asked, the items that combine the summary and the
// files answers, the last answers preselected, and what a picked item asks of the move.
import { strict as assert } from 'node:assert';
import { moveAnswer, movePick, moveQuestion, rememberAnswers, type MoveQuestion } from '../../../src/core/navigation';

const two = { paths: ['src/a.ts', 'src/b.ts'], outside: [] };
const oneOutside = { paths: ['src/a.ts', 'src/b.ts'], outside: ['src/b.ts'] };

function labels(question: MoveQuestion, last = {}): string[] {
  return movePick(question, last).items.map((item) => item.label);
}

describe('the one question of a move', () => {
  it('asks nothing when neither the summary nor the files are asked, and only the parts that are', () => {
    assert.equal(moveQuestion(false, undefined), undefined);
    assert.deepEqual(moveQuestion(true, undefined), { summary: true });
    assert.deepEqual(moveQuestion(false, two), { summary: false, files: two });
    assert.deepEqual(moveQuestion(true, two), { summary: true, files: two });
  });

  it('offers the summary answers alone when the files are not asked, and the files answers alone when the summary is not', () => {
    assert.deepEqual(labels({ summary: true }), ['No summary', 'Summarize', 'Summarize with focus…']);
    assert.equal(movePick({ summary: true }).title, 'Leave this branch');
    assert.deepEqual(labels({ summary: false, files: two }), ['Restore files (2 files)', 'Keep files as they are', 'Preview changes…']);
    assert.equal(movePick({ summary: false, files: two }).title, 'Files at that point');
  });

  it('combines each summary answer with each files answer in one list, then the preview', () => {
    assert.deepEqual(labels({ summary: true, files: two }), [
      'No summary · Restore files (2 files)',
      'No summary · Keep files as they are',
      'Summarize · Restore files (2 files)',
      'Summarize · Keep files as they are',
      'Summarize with focus… · Restore files (2 files)',
      'Summarize with focus… · Keep files as they are',
      'Preview changes…',
    ]);
    assert.equal(movePick({ summary: true, files: two }).title, 'Leave this branch: summary and files');
    assert.deepEqual(labels({ summary: true, files: oneOutside }).slice(0, 3), [
      'No summary · Restore files (1 file)',
      'No summary · Restore files and overwrite changes made outside (2 files)',
      'No summary · Keep files as they are',
    ]);
  });

  it('says in the title when the restore writes a protected path', () => {
    const guarded = { paths: ['.vscode/settings.json'], outside: [], protectedPaths: ['.vscode/settings.json'] };
    assert.equal(movePick({ summary: true, files: guarded }).title, 'Leave this branch: summary and files — It changes files that configure the editor, git or the agent: .vscode/settings.json.');
  });

  it('preselects the last answers, the part still offered when the other is not, and the first item with none', () => {
    const both: MoveQuestion = { summary: true, files: two };
    const active = (question: MoveQuestion, last: object): string => {
      const pick = movePick(question, last);
      return pick.items[pick.active]!.label;
    };
    assert.equal(active(both, {}), 'No summary · Restore files (2 files)');
    assert.equal(active(both, { summary: 'summarize', files: 'keep' }), 'Summarize · Keep files as they are');
    assert.equal(active(both, { summary: 'summarize', files: 'overwrite' }), 'Summarize · Restore files (2 files)');
    assert.equal(active(both, { files: 'keep' }), 'No summary · Keep files as they are');
    assert.equal(active({ summary: true }, { summary: 'summarize', files: 'keep' }), 'Summarize');
    assert.equal(active({ summary: false, files: two }, { summary: 'summarize', files: 'keep' }), 'Keep files as they are');
  });

  it('turns a picked item into the summary request and the files answer, and the preview into no answer', () => {
    const items = movePick({ summary: true, files: oneOutside }).items;
    const find = (label: string) => items.find((item) => item.label === label)!;
    assert.deepEqual(moveAnswer(find('No summary · Restore files and overwrite changes made outside (2 files)')), { summary: { summarize: false }, files: { overwriteOutside: true } });
    assert.deepEqual(moveAnswer(find('Summarize with focus… · Keep files as they are'), ' the bug '), { summary: { summarize: true, customInstructions: 'the bug' }, files: 'keep' });
    assert.deepEqual(moveAnswer(find('Summarize · Restore files (1 file)')), { summary: { summarize: true }, files: { overwriteOutside: false } });
    assert.equal(moveAnswer(find('Preview changes…')), undefined);
    assert.deepEqual(moveAnswer(movePick({ summary: true }).items[1]!), { summary: { summarize: true } });
  });

  it('remembers the parts answered and keeps the last answer of a part not asked', () => {
    const summaryOnly = movePick({ summary: true }).items[1]!;
    assert.deepEqual(rememberAnswers({ summary: 'none', files: 'keep' }, summaryOnly), { summary: 'summarize', files: 'keep' });
    const keep = movePick({ summary: false, files: two }).items[1]!;
    assert.deepEqual(rememberAnswers({ summary: 'focus' }, keep), { summary: 'focus', files: 'keep' });
  });
});
