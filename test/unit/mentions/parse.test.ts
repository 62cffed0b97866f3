import { strict as assert } from 'node:assert';
import { parseMentions } from '../../../src/core/mentions';

const shapes = (text: string) => parseMentions(text).map(({ start: _s, end: _e, ...rest }) => rest);

describe('mention parsing', () => {
  it('finds a path, a one-line range and a line range', () => {
    assert.deepEqual(shapes('look at @src/a.ts and @b.md#L10 then @c.txt#L2-3'), [
      { kind: 'path', path: 'src/a.ts', raw: '@src/a.ts' },
      { kind: 'path', path: 'b.md', range: { first: 10, last: 10 }, raw: '@b.md#L10' },
      { kind: 'path', path: 'c.txt', range: { first: 2, last: 3 }, raw: '@c.txt#L2-3' },
    ]);
  });

  it('takes #L10-L20 as VS Code writes it, and a quoted path with spaces', () => {
    assert.deepEqual(shapes('@a.ts#L10-L20 @"my notes/plan v2.md"#L4'), [
      { kind: 'path', path: 'a.ts', range: { first: 10, last: 20 }, raw: '@a.ts#L10-L20' },
      { kind: 'path', path: 'my notes/plan v2.md', range: { first: 4, last: 4 }, raw: '@"my notes/plan v2.md"#L4' },
    ]);
  });

  it('leaves out the punctuation that ends a sentence', () => {
    assert.deepEqual(shapes('see (@a.txt), then @b.txt.'), [
      { kind: 'path', path: 'a.txt', raw: '@a.txt' },
      { kind: 'path', path: 'b.txt', raw: '@b.txt' },
    ]);
  });

  it('knows @problems, @selection and @terminal, but not inside a longer word', () => {
    assert.deepEqual(shapes('@problems @selection, @terminal @problems.md'), [
      { kind: 'problems', raw: '@problems' },
      { kind: 'selection', raw: '@selection' },
      { kind: 'terminal', raw: '@terminal' },
      { kind: 'path', path: 'problems.md', raw: '@problems.md' },
    ]);
  });

  it('does not take an e-mail address or a lone @ for a mention', () => {
    assert.deepEqual(shapes('mail me@example.com or write @ alone'), []);
  });

  it('keeps a range that ends before it starts, or line 0, as text after the path', () => {
    assert.deepEqual(shapes('@a.txt#L5-2 @b.txt#L0'), [
      { kind: 'path', path: 'a.txt', raw: '@a.txt' },
      { kind: 'path', path: 'b.txt', raw: '@b.txt' },
    ]);
  });

  it('gives each mention its place in the text', () => {
    const [mention] = parseMentions('x @a.txt#L1-2 y');
    assert.deepEqual([mention!.start, mention!.end], [2, 13]);
  });
});
