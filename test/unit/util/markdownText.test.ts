import { strict as assert } from 'node:assert';
import { codeSpans, plainFirstLine, plainLine } from '../../../src/core/util/markdownText';

describe('Markdown read as plain words (one-line labels)', () => {
  it('strips emphasis, strikethrough, headings with their closing hashes, quotes, list markers and task boxes', () => {
    assert.equal(plainLine('**TypeScript** is *nice* and __bold__, ~~gone~~'), 'TypeScript is nice and bold, gone');
    assert.equal(plainLine('## Goal ##'), 'Goal');
    assert.equal(plainLine('> - [x] Wrote the test'), 'Wrote the test');
    assert.equal(plainLine('12) twelfth'), 'twelfth');
    assert.equal(plainLine('| name | size |'), 'name | size');
  });

  it('reads links, images and reference links as their text, autolinks as their address, code spans verbatim', () => {
    assert.equal(plainLine('See [the docs](https://x.y/z) and ![logo](a.png) or [that][ref], <https://a.b/c>'), 'See the docs and logo or that, https://a.b/c');
    assert.equal(plainLine('Use `a ** b` and `` a ` b `` here'), 'Use a ** b and a ` b here');
  });

  it('drops HTML tags that are HTML\'s own and decodes entities, but keeps angle brackets that are words', () => {
    assert.equal(plainLine('<b>bold</b><br>next &amp; &lt;b&gt; &#x1F600; &#0;'), 'bold next & <b> 😀 \ufffd');
    assert.equal(plainLine('Vec<String> and <angle> brackets'), 'Vec<String> and <angle> brackets');
  });

  it('leaves what is not markup alone: lone stars, snake_case, #hashtags, escaped punctuation', () => {
    assert.equal(plainLine('2 * 3 * 4 in snake_case_name #hashtag'), '2 * 3 * 4 in snake_case_name #hashtag');
    assert.equal(plainLine('\\*not emphasis\\* and a\\_b'), '*not emphasis* and a_b');
  });

  it('takes the first line with words: fences, rules, table separators and empty markup are skipped', () => {
    assert.equal(plainFirstLine('```ts\nexport function slugify() {}\n```'), 'export function slugify() {}');
    assert.equal(plainFirstLine('---\n\n* * *\n|---|:-:|\n<details>\n![](x.png)\nthe words'), 'the words');
    assert.equal(plainFirstLine('   \n\n'), '');
    assert.equal(plainFirstLine('A **very** long line', 8), 'A very…');
  });

  it('finds every code span in one pass, pairing each run with the next of the same length', () => {
    assert.deepEqual(codeSpans('a `b` ``c`d`` `e'), [
      { start: 2, end: 5, contentStart: 3, contentEnd: 4 },
      { start: 6, end: 13, contentStart: 8, contentEnd: 11 },
    ]);
    assert.deepEqual(codeSpans('no code'), []);
  });

  it('reads a hostile megabyte line of brackets, stars, underscores and backticks without choking, and cuts it', () => {
    const hostile = `${'['.repeat(300_000)}${'*'.repeat(300_000)}${'_a'.repeat(100_000)}${'`'.repeat(100_000)}${'<b '.repeat(100_000)}`;
    assert.equal(plainFirstLine(hostile, 10), '[[[[[[[[[…');
    assert.equal(plainFirstLine(`${'\n```'.repeat(100_000)}\nfinally`), '');
  });
});
