import { strict as assert } from 'node:assert';
import { visibleSegments, visibleText } from '../../../src/core/util/visibleText';

/** The code point as written in a test (escapes keep the hidden characters readable here). */
const char = (codePoint: number): string => String.fromCodePoint(codePoint);

describe('visibleText: hidden characters shown as tokens', () => {
  it('leaves ordinary text, spaces, tabs and line feeds alone in one segment', () => {
    const text = 'echo "héllo wörld" | grep -c \'ö\'\n\tnext line — ✓ 日本語';
    assert.deepEqual(visibleSegments(text), [{ kind: 'text', text }]);
    assert.equal(visibleText(text), text);
  });

  it('shows a right-to-left override and a zero-width space where they are, between the text around them', () => {
    assert.deepEqual(visibleSegments('rm -rf ./a\u202Etxt.exe\u200B/'), [
      { kind: 'text', text: 'rm -rf ./a' },
      { kind: 'hidden', text: '⟨U+202E⟩', description: 'right-to-left override' },
      { kind: 'text', text: 'txt.exe' },
      { kind: 'hidden', text: '⟨U+200B⟩', description: 'zero-width space' },
      { kind: 'text', text: '/' },
    ]);
  });

  it('shows every bidi embedding, override and isolate', () => {
    const codePoints = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];
    for (const codePoint of codePoints) {
      const segments = visibleSegments(`a${char(codePoint)}b`);
      assert.equal(segments.length, 3, `U+${codePoint.toString(16)} was not found`);
      assert.equal(segments[1]!.text, `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`);
    }
  });

  it('shows C0 controls but tab and line feed, DEL and C1 controls, a carriage return included', () => {
    assert.equal(visibleText('a\u0000b\u0007c\u001Bd\re\u007Ff\u0085g\u009Bh'), 'a⟨U+0000⟩b⟨U+0007⟩c⟨U+001B⟩d⟨U+000D⟩e⟨U+007F⟩f⟨U+0085⟩g⟨U+009B⟩h');
    assert.equal(visibleText('one\ttwo\nthree'), 'one\ttwo\nthree');
  });

  it('shows zero-width and other invisible format characters, separators and odd spaces', () => {
    const cases: [string, string][] = [
      ['\u200B', '⟨U+200B⟩'],
      ['\u200C', '⟨U+200C⟩'],
      ['\u200D', '⟨U+200D⟩'],
      ['\u2060', '⟨U+2060⟩'],
      ['\uFEFF', '⟨U+FEFF⟩'],
      ['\u00AD', '⟨U+00AD⟩'],
      ['\u2028', '⟨U+2028⟩'],
      ['\u2029', '⟨U+2029⟩'],
      ['\u00A0', '⟨U+00A0⟩'],
      ['\u3000', '⟨U+3000⟩'],
      ['\u3164', '⟨U+3164⟩'],
      ['\u2800', '⟨U+2800⟩'],
      ['\uFE0F', '⟨U+FE0F⟩'],
      [char(0xe0041), '⟨U+E0041⟩'],
    ];
    for (const [hidden, token] of cases) assert.equal(visibleText(`x${hidden}y`), `x${token}y`);
  });

  it('spells out text hidden in tag characters one token per character, in one segment', () => {
    const hidden = Array.from('hi', (letter) => char(0xe0000 + letter.charCodeAt(0))).join('');
    assert.deepEqual(visibleSegments(`ok${hidden}`), [
      { kind: 'text', text: 'ok' },
      { kind: 'hidden', text: '⟨U+E0068⟩⟨U+E0069⟩', description: 'tag character' },
    ]);
  });

  it('counts a run of the same hidden character instead of repeating its token', () => {
    assert.deepEqual(visibleSegments(`a${'\u200B'.repeat(40)}\u202Eb`), [
      { kind: 'text', text: 'a' },
      { kind: 'hidden', text: '⟨U+200B ×40⟩⟨U+202E⟩', description: 'zero-width space, right-to-left override' },
      { kind: 'text', text: 'b' },
    ]);
  });

  it('shows a lone surrogate and keeps a real astral character (an emoji) as text', () => {
    assert.equal(visibleText('a\uD800b'), 'a⟨U+D800⟩b');
    assert.equal(visibleText('ok 😀'), 'ok 😀');
  });

  it('returns no segment for the empty text and only hidden ones for text that is all hidden', () => {
    assert.deepEqual(visibleSegments(''), []);
    assert.deepEqual(visibleSegments('\u202E'), [{ kind: 'hidden', text: '⟨U+202E⟩', description: 'right-to-left override' }]);
  });

  it('keeps markup as plain text (the segments are drawn as text nodes)', () => {
    assert.deepEqual(visibleSegments('<img src=x onerror=alert(1)>'), [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });
});
