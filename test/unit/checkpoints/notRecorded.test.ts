import { strict as assert } from 'node:assert';
import { notRecordedText } from '../../../src/core/checkpoints';

describe('the notice of paths checkpoints do not record', () => {
  it('names each path with its reason and says a restore leaves them alone', () => {
    assert.equal(
      notRecordedText([
        { path: 'big.bin', reason: 'too-large', size: 6 * 1024 * 1024 },
        { path: 'vendor/lib', reason: 'nested-repository' },
      ]),
      'Workspace checkpoints do not record 2 paths: big.bin (6.0MB, over the size limit), vendor/lib (a nested repository). A restore leaves them as they are.',
    );
    assert.equal(notRecordedText([{ path: 'sub', reason: 'nested-repository' }]), 'Workspace checkpoints do not record 1 path: sub (a nested repository). A restore leaves it as it is.');
  });

  it('names at most ten paths and counts the rest', () => {
    const skipped = Array.from({ length: 12 }, (_, index) => ({ path: `repo${index}`, reason: 'nested-repository' as const }));
    const text = notRecordedText(skipped);
    assert.ok(text.includes('repo9 (a nested repository) and 2 more.'), text);
    assert.equal(text.includes('repo10'), false);
  });

  it('keeps a hostile name from becoming a link, a second line or a wall of text', () => {
    const text = notRecordedText([{ path: `[run](command:workbench.action.terminal.new)\n${'x'.repeat(5000)}`, reason: 'nested-repository' }]);
    assert.equal(text.includes(']('), false);
    assert.equal(text.includes('\n'), false);
    assert.ok(text.length < 300, String(text.length));
  });
});
