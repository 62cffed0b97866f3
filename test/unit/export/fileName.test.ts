import { strict as assert } from 'node:assert';
import { exportFileName } from '../../../src/core/export/fileName';

describe('export file names', () => {
  it('takes the session title with the format\'s extension', () => {
    assert.equal(exportFileName('Parser work', 'md'), 'Parser work.md');
    assert.equal(exportFileName('Parser work', 'html'), 'Parser work.html');
    assert.equal(exportFileName('Parser work', 'jsonl'), 'Parser work.jsonl');
  });

  it('drops characters file systems refuse and squeezes whitespace', () => {
    assert.equal(exportFileName('Fix the "parser" bug?\tin a/b:c\\d <now>|*', 'md'), 'Fix the parser bug in abcd now.md');
    assert.equal(exportFileName('line one\nline two\u0007', 'md'), 'line one line two.md');
  });

  it('cuts a long title to 60 characters, without a trailing dot or space', () => {
    assert.equal(exportFileName(`${'a'.repeat(58)}. b`, 'md'), `${'a'.repeat(58)}.md`);
    assert.equal(exportFileName('x'.repeat(100), 'html'), `${'x'.repeat(60)}.html`);
  });

  it('falls back to "session" when nothing usable is left', () => {
    assert.equal(exportFileName(undefined, 'jsonl'), 'session.jsonl');
    assert.equal(exportFileName(' ?*. ', 'md'), 'session.md');
    assert.equal(exportFileName('..', 'md'), 'session.md');
  });
});
