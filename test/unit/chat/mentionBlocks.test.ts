import { strict as assert } from 'node:assert';
import { buildItems, MAX_CHIPS, mentionBlocks } from '../../../src/core/chat';
import { formatBlock } from '../../../src/core/mentions';
import { msg, user } from '../../support/builders';

describe('mention blocks read back as chips', () => {
  it('turns the blocks before the text into chips and leaves the typed text', () => {
    const message =
      formatBlock({ tag: 'file', name: 'src/a.ts#L2-3', body: 'two\nthree' }) +
      formatBlock({ tag: 'folder', name: 'src/', body: 'a.ts\nlib/' }) +
      formatBlock({ tag: 'problems', body: 'a.ts:1:1 error x' }) +
      formatBlock({ tag: 'terminal', name: 'bash', body: '$ ls' }) +
      'look at @src/a.ts#L2-3 and @src';
    assert.deepEqual(mentionBlocks(message), {
      chips: [
        { tag: 'file', label: 'src/a.ts#L2-3', path: 'src/a.ts', range: { first: 2, last: 3 }, lines: 2 },
        { tag: 'folder', label: 'src/', path: 'src/', lines: 2 },
        { tag: 'problems', label: 'problems', lines: 1 },
        { tag: 'terminal', label: 'bash', lines: 1 },
      ],
      text: 'look at @src/a.ts#L2-3 and @src',
    });
  });

  it('reads a one-line range and an escaped name back', () => {
    const message = formatBlock({ tag: 'selection', name: 'q/a"<b>.ts#L7', body: 'x' }) + 'explain @selection';
    assert.deepEqual(mentionBlocks(message).chips, [{ tag: 'selection', label: 'q/a"<b>.ts#L7', path: 'q/a"<b>.ts', range: { first: 7, last: 7 }, lines: 1 }]);
  });

  it('reads an empty file as a chip of no lines', () => {
    assert.deepEqual(mentionBlocks(`${formatBlock({ tag: 'file', name: 'empty.txt', body: '' })}@empty.txt`), { chips: [{ tag: 'file', label: 'empty.txt', path: 'empty.txt', lines: 0 }], text: '@empty.txt' });
  });

  it('leaves a message that only looks like a block further on as text', () => {
    const message = `see this:\n${formatBlock({ tag: 'file', name: 'x', body: 'y' })}`;
    assert.deepEqual(mentionBlocks(message), { chips: [], text: message });
  });

  it('leaves a block that never closes, and an unknown tag, as text', () => {
    for (const message of ['<file name="a">\nno end', '<script name="a">\nx\n</script>\nhi']) assert.deepEqual(mentionBlocks(message), { chips: [], text: message });
  });

  it('stops after MAX_CHIPS blocks, the rest shown as text', () => {
    const many = Array.from({ length: MAX_CHIPS + 3 }, (_, index) => formatBlock({ tag: 'file', name: `f${index}`, body: 'x' })).join('');
    const read = mentionBlocks(`${many}hi`);
    assert.equal(read.chips.length, MAX_CHIPS);
    assert.equal(read.text, `${Array.from({ length: 3 }, (_, index) => formatBlock({ tag: 'file', name: `f${MAX_CHIPS + index}`, body: 'x' })).join('')}hi`);
  });

  it("gives the chat's user item the chips and only the typed text", () => {
    const sent = `${formatBlock({ tag: 'file', name: 'a.txt', body: 'alpha' })}what is @a.txt`;
    assert.deepEqual(buildItems([msg('u1', null, user(sent))]), [
      { kind: 'user', id: 'u1', text: 'what is @a.txt', images: [], mentions: [{ tag: 'file', label: 'a.txt', path: 'a.txt', lines: 1 }] },
    ]);
  });
});
