// grep's patterns come from the model, which may have read a hostile file: they run on RE2's
// linear-time engine. The lines below make a backtracking engine try about 2^40 ways before it
// gives up; with RE2 each is one pass. (The time is measured in bench/grep.bench.ts.)
import { strict as assert } from 'node:assert';
import { createGrepTool } from '../../../../src/core/agent/tools/grep';
import { textOf, useWorkspace } from './support';

const A40 = 'a'.repeat(40);
const X40 = 'x'.repeat(40);

describe('grep tool: patterns a backtracking engine cannot finish', () => {
  const workspace = useWorkspace();
  const grep = createGrepTool();

  it('finds the matching lines for (a+)+$ over lines of 40 a’s, with and without a match at the end', async () => {
    const ws = workspace();
    ws.file('a.txt', `${A40}!\n${A40}\n`);
    assert.equal(textOf(await ws.run(grep, { pattern: '(a+)+$' })), `a.txt:2: ${A40}`);
  });

  it('finds the matching lines for (x+x+)+y and other nested quantifiers', async () => {
    const ws = workspace();
    ws.file('x.txt', `${X40}\n${X40}y\n${'word '.repeat(12)}!\n`);
    assert.equal(textOf(await ws.run(grep, { pattern: '(x+x+)+y' })), `x.txt:2: ${X40}y`);
    assert.equal(textOf(await ws.run(grep, { pattern: '(\\w+\\s?)+$' })), `x.txt:1: ${X40}\nx.txt:2: ${X40}y`);
    assert.equal(textOf(await ws.run(grep, { pattern: '^(a|aa)+$', path: '.' })), 'No matches found.');
    assert.equal(textOf(await ws.run(grep, { pattern: '(.*x){20}y' })), `x.txt:2: ${X40}y`);
  });

  it('matches without case through RE2 too, a literal with regex characters as it is', async () => {
    const ws = workspace();
    ws.file('n.txt', 'A.B\naxb\nÉcole\n');
    assert.equal(textOf(await ws.run(grep, { pattern: 'a.b', literal: true, ignoreCase: true })), 'n.txt:1: A.B');
    assert.equal(textOf(await ws.run(grep, { pattern: 'école', ignoreCase: true })), 'n.txt:3: École');
    assert.equal(textOf(await ws.run(grep, { pattern: '(a+)+$', literal: true })), 'No matches found.');
  });

  it('anchors each line as a line of its own, whatever the file around it (CRLF ends, \\A and \\z, inline flags)', async () => {
    const ws = workspace();
    ws.file('crlf.txt', 'x\r\nfoo\r\n');
    ws.file('lf.txt', 'a\nbar\nbaz\n');
    assert.equal(textOf(await ws.run(grep, { pattern: 'foo$' })), 'crlf.txt:2: foo');
    assert.equal(textOf(await ws.run(grep, { pattern: '\\Abar' })), 'lf.txt:2: bar');
    assert.equal(textOf(await ws.run(grep, { pattern: 'ba\\z' })), 'No matches found.');
    assert.equal(textOf(await ws.run(grep, { pattern: 'r\\z' })), 'lf.txt:2: bar');
    assert.equal(textOf(await ws.run(grep, { pattern: '(?-m)^baz$' })), 'lf.txt:3: baz');
    assert.equal(textOf(await ws.run(grep, { pattern: '^$', path: 'lf.txt' })), 'lf.txt:4: ');
  });

  it('numbers the lines of a file searched in several slices right, context included', async () => {
    const ws = workspace();
    const lines = Array.from({ length: 100_000 }, (_, index) => (index % 49_999 === 0 ? `needle ${index + 1}` : `filler ${'x'.repeat(92)}`));
    ws.file('big.txt', `${lines.join('\n')}\n`);
    const expected = [1, 50_000, 99_999].map((line) => `big.txt:${line}: needle ${line}`);
    assert.equal(textOf(await ws.run(grep, { pattern: 'needle \\d+$' })), expected.join('\n'));
    assert.equal(textOf(await ws.run(grep, { pattern: 'needle', literal: true })), expected.join('\n'));
    const withContext = textOf(await ws.run(grep, { pattern: 'needle 5', context: 1 })).split('\n');
    assert.deepEqual(withContext.map((line) => line.slice(0, 18)), ['big.txt-49999- fil', 'big.txt:50000: nee', 'big.txt-50001- fil']);
  });

  it('refuses lookaround and backreferences with what to write instead', async () => {
    const ws = workspace();
    ws.file('f.txt', 'foobar\nabab\n');
    const failures = await Promise.all(['foo(?=bar)', 'foo(?!baz)', '(?<=foo)bar', '(?<!x)bar', '(ab)\\1', '(?<w>ab)\\k<w>'].map((pattern) => ws.run(grep, { pattern })));
    assert.deepEqual(
      failures.map((result) => ({ isError: result.isError, text: textOf(result) })),
      [
        lookaround('(?='),
        lookaround('(?!'),
        lookaround('(?<='),
        lookaround('(?<!'),
        { isError: true, text: 'RE2 syntax has no backreferences (\\1): write the repeated text out, or search for one part and read the matching lines.' },
        { isError: true, text: 'RE2 syntax has no backreferences (\\k): write the repeated text out, or search for one part and read the matching lines.' },
      ],
    );
  });

  it('refuses a pattern whose compiled program would be huge, and one of more than 4096 characters', async () => {
    const ws = workspace();
    ws.file('f.txt', 'abc\n');
    const huge = await ws.run(grep, { pattern: '[a-z]{1000}[0-9]{1000}' });
    assert.deepEqual(
      { isError: huge.isError, text: textOf(huge) },
      { isError: true, text: 'The pattern is too complex (its repetition counts or alternatives make it very large); use smaller counts such as {1,50}, or fewer alternatives.' },
    );
    const long = await ws.run(grep, { pattern: 'a'.repeat(5000) });
    assert.deepEqual({ isError: long.isError, text: textOf(long) }, { isError: true, text: 'The pattern is 5000 characters long; the limit is 4096.' });
  });
});

function lookaround(piece: string): { isError: boolean; text: string } {
  return {
    isError: true,
    text: `RE2 syntax has no lookahead or lookbehind (${piece}…): match the surrounding text itself (a wider pattern), or search for the part you want and read the lines around it.`,
  };
}
