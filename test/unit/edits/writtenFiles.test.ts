import { strict as assert } from 'node:assert';
import type { WrittenFile } from '../../../src/core/agent/tools/approval';
import { WrittenFiles } from '../../../src/core/edits/writtenFiles';

function written(toolCallId: string, after: string, before = ''): WrittenFile {
  return { toolCallId, toolName: 'write', path: 'a.txt', real: '/ws/a.txt', before, after, autoApproved: false };
}

describe('written files kept in memory', () => {
  it('finds a file by session and call', () => {
    const files = new WrittenFiles({ maxFiles: 5, maxChars: 100 });
    files.add('s1', written('c1', 'one'));
    assert.equal(files.get('s1', 'c1')?.after, 'one');
    assert.equal(files.get('s2', 'c1'), undefined);
  });

  it('drops the oldest past the count', () => {
    const files = new WrittenFiles({ maxFiles: 2, maxChars: 100 });
    for (const id of ['c1', 'c2', 'c3']) files.add('s', written(id, id));
    assert.deepEqual(['c1', 'c2', 'c3'].map((id) => files.get('s', id)?.after), [undefined, 'c2', 'c3']);
    assert.deepEqual(files.usage, { files: 2, chars: 4 });
  });

  it('drops the oldest past the total size, counting both sides', () => {
    const files = new WrittenFiles({ maxFiles: 10, maxChars: 10 });
    files.add('s', written('c1', 'aaaa', 'bb'));
    files.add('s', written('c2', 'cccc'));
    files.add('s', written('c3', 'dd'));
    assert.deepEqual(['c1', 'c2', 'c3'].map((id) => files.get('s', id)?.after), [undefined, 'cccc', 'dd']);
    assert.deepEqual(files.usage, { files: 2, chars: 6 });
  });

  it('keeps nothing of a write larger than the whole budget, and keeps the others', () => {
    const files = new WrittenFiles({ maxFiles: 10, maxChars: 10 });
    files.add('s', written('c1', 'small'));
    files.add('s', written('c2', 'x'.repeat(11)));
    assert.equal(files.get('s', 'c2'), undefined);
    assert.equal(files.get('s', 'c1')?.after, 'small');
    assert.deepEqual(files.usage, { files: 1, chars: 5 });
  });

  it('replaces an earlier record of the same call without counting it twice', () => {
    const files = new WrittenFiles({ maxFiles: 10, maxChars: 10 });
    files.add('s', written('c1', 'aaaaaaaa'));
    files.add('s', written('c1', 'bbbbbbbb'));
    assert.equal(files.get('s', 'c1')?.after, 'bbbbbbbb');
    assert.deepEqual(files.usage, { files: 1, chars: 8 });
  });
});
