import { strict as assert } from 'node:assert';
import { promptContent } from '../../../src/core/session/text';

describe('message text', () => {
  it('builds the user content as pi does: the text, then the images in order', () => {
    const png = { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' };
    const gif = { type: 'image' as const, data: 'BBBB', mimeType: 'image/gif' };
    assert.deepEqual(promptContent('look', [png, gif]), [{ type: 'text', text: 'look' }, png, gif]);
    assert.deepEqual(promptContent('only text', []), [{ type: 'text', text: 'only text' }]);
  });
});
