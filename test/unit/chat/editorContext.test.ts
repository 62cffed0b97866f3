// The editor's context in the chat's input: a selection's mention, the active editor's file added
// unless named, and text put in at the caret without losing what was typed.
import { strict as assert } from 'node:assert';
import { insertAtCaret, mentionsFile, selectionMention, withActiveEditor } from '../../../src/core/chat/editorContext';

describe('the editor context', () => {
  it('mentions a selection over several lines as @path#Lx-y, counting from 1', () => {
    assert.equal(selectionMention('src/a.ts', { line: 9, character: 2 }, { line: 19, character: 5 }), '@src/a.ts#L10-20');
  });

  it('mentions one line as @path#Lx, also for an empty selection (the caret line)', () => {
    assert.equal(selectionMention('a.ts', { line: 4, character: 1 }, { line: 4, character: 7 }), '@a.ts#L5');
    assert.equal(selectionMention('a.ts', { line: 4, character: 3 }, { line: 4, character: 3 }), '@a.ts#L5');
  });

  it('leaves out the line a selection ends at the start of', () => {
    assert.equal(selectionMention('a.ts', { line: 2, character: 0 }, { line: 5, character: 0 }), '@a.ts#L3-5');
    assert.equal(selectionMention('a.ts', { line: 2, character: 0 }, { line: 3, character: 0 }), '@a.ts#L3');
  });

  it('knows a file is mentioned alone or with lines, and not as part of a longer path', () => {
    assert.equal(mentionsFile('see @src/a.ts please', 'src/a.ts'), true);
    assert.equal(mentionsFile('@src/a.ts#L3-4', 'src/a.ts'), true);
    assert.equal(mentionsFile('see @src/a.tsx', 'src/a.ts'), false);
    assert.equal(mentionsFile('mail@src/a.ts', 'src/a.ts'), false);
    assert.equal(mentionsFile('(@src/a.ts).', 'src/a.ts'), true);
  });

  it('quotes a path with a space, so the mention names the whole path', () => {
    assert.equal(selectionMention('my notes/a b.md', { line: 0, character: 0 }, { line: 1, character: 2 }), '@"my notes/a b.md"#L1-2');
    assert.equal(withActiveEditor('see', 'my notes/a b.md'), 'see\n\n@"my notes/a b.md"');
    assert.equal(withActiveEditor('see @"my notes/a b.md"', 'my notes/a b.md'), 'see @"my notes/a b.md"');
  });

  it('adds the active editor after the text unless the text names it', () => {
    assert.equal(withActiveEditor('fix this  \n', 'src/a.ts'), 'fix this\n\n@src/a.ts');
    assert.equal(withActiveEditor('fix @src/a.ts#L2', 'src/a.ts'), 'fix @src/a.ts#L2');
    assert.equal(withActiveEditor('fix this', undefined), 'fix this');
  });

  it('puts text in at the caret, spaced from the words around it, the caret after it', () => {
    assert.deepEqual(insertAtCaret('look at and fix', 8, 8, '@a.ts#L2'), { text: 'look at @a.ts#L2 and fix', caret: 17 });
    assert.deepEqual(insertAtCaret('', 0, 0, '@a.ts'), { text: '@a.ts ', caret: 6 });
    assert.deepEqual(insertAtCaret('draft', 5, 5, '@a.ts'), { text: 'draft @a.ts ', caret: 12 });
  });

  it('replaces the selected text of the input, keeping the rest', () => {
    assert.deepEqual(insertAtCaret('see THIS now', 4, 8, '@b.ts'), { text: 'see @b.ts now', caret: 9 });
  });

  it('clamps a caret past the end of the input', () => {
    assert.deepEqual(insertAtCaret('hi', 99, 120, '@c.ts'), { text: 'hi @c.ts ', caret: 9 });
  });
});
