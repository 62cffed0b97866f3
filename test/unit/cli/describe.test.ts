import { strict as assert } from 'node:assert';
import { clip, contextMessageText, entryPreview } from '../../../src/cli/describe';
import type { SessionEntry } from '../../../src/core/session';

describe('one-line previews', () => {
  it('collapses whitespace runs to one space across parts', () => {
    assert.equal(clip(['  a  b\n\tc ', '', 'd'], 72), 'a b c d');
    assert.equal(clip('word  \n\n  next', 72), 'word next');
    assert.equal(clip('   ', 5), '');
  });

  it('keeps a line of exactly the width and cuts a longer one with an ellipsis', () => {
    assert.equal(clip('abcdefghij', 10), 'abcdefghij');
    assert.equal(clip('abcdefghijk', 10), 'abcdefghi…');
    assert.equal(clip('x'.repeat(100_000), 10), 'xxxxxxxxx…');
    assert.equal(clip(['abcd', 'efghi'], 9), 'abcd efg…');
    assert.equal(clip('a b c d e f g h', 11), 'a b c d e…');
  });

  it('never cuts a surrogate pair in half', () => {
    assert.equal(clip('abcdefgh😀xyz', 10), 'abcdefgh…');
    assert.equal(clip('abcdefg😀xyz', 10), 'abcdefg😀…');
  });

  it('describes messages by their text, tool calls by name, bash by command', () => {
    const base = { id: 'e', parentId: null, timestamp: '2026-01-01T00:00:00.000Z' };
    const assistant = {
      ...base,
      type: 'message',
      message: { role: 'assistant', content: [{ type: 'thinking', thinking: 'hidden' }, { type: 'text', text: 'Reading\nfiles' }, { type: 'toolCall', id: 't', name: 'read', arguments: {} }] },
    } as unknown as SessionEntry;
    assert.equal(entryPreview(assistant), 'Reading files read(…)');
    const bash = { ...base, type: 'message', message: { role: 'bashExecution', command: 'npm test', output: 'ok' } } as unknown as SessionEntry;
    assert.equal(entryPreview(bash), '$ npm test');
    const label = { ...base, type: 'label', targetId: 'x1' } as unknown as SessionEntry;
    assert.equal(entryPreview(label), 'x1 (cleared)');
  });

  it('gives context text: text blocks joined by newlines, summaries raw', () => {
    assert.equal(contextMessageText({ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image', data: '', mimeType: 'image/png' }, { type: 'text', text: 'b' }], timestamp: 0 }), 'a\nb');
    assert.equal(contextMessageText({ role: 'compactionSummary', summary: 'S', tokensBefore: 1, timestamp: 0 }), 'S');
  });
});
