import { strict as assert } from 'node:assert';
import { checkReport, checkText, loadSessionFile, problemCount, problemsNotice } from '../../../src/core/session';
import { fixturePath } from '../../support/fixtures';

describe('session check', () => {
  it('counts every problem arbor check lists: an unreadable line and an orphan in the fixture', async () => {
    const loaded = await loadSessionFile(fixturePath('synthetic-branched.jsonl'));
    const report = checkReport(loaded);
    assert.equal(problemCount(report), 2);
    assert.equal(report.ok, false);
    assert.deepEqual(checkText(loaded, report).split('\n').slice(0, 3), [
      `${loaded.file}: 2 problems found`,
      "line 16: invalid JSON: Expected property name or '}' in JSON at position 2",
      'orphan: o01 names parent deadbeef, which is not in the file',
    ]);
  });

  it('counts a torn last line as one problem', () => {
    const none = { malformedLines: [], orphans: [], cycles: [], duplicateIds: [], tornTail: false };
    assert.equal(problemCount(none), 0);
    assert.equal(problemCount({ ...none, tornTail: true }), 1);
  });

  it('tells the chat how many problems a session has, in words', () => {
    assert.equal(problemsNotice(1), 'This session file has a problem: Arbor skipped what it could not read and shows the rest.');
    assert.equal(problemsNotice(3), 'This session file has 3 problems: Arbor skipped what it could not read and shows the rest.');
  });
});
