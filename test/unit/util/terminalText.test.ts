import { strict as assert } from 'node:assert';
import { terminalSafe, terminalSafeJson } from '../../../src/core/util/terminalText';

describe('text made safe to print on a terminal', () => {
  it('shows escape sequences, other C0 controls and DEL as visible symbols, keeping newlines and tabs', () => {
    assert.equal(terminalSafe('a\x1b[2Jb\x1b]0;title\x07c\x00\x08\x7fd\te\nf'), 'a␛[2Jb␛]0;title␇c␀␈␡d\te\nf');
  });

  it('drops the carriage return of a CRLF line end and shows a lone one', () => {
    assert.equal(terminalSafe('one\r\ntwo\rthree'), 'one\ntwo␍three');
  });

  it('names C1 controls and bidirectional overrides and isolates by their code point', () => {
    assert.equal(terminalSafe('x\u009b31my\u0085'), 'x<U+009B>31my<U+0085>');
    assert.equal(terminalSafe('\u202eevil\u202c \u2066iso\u2069'), '<U+202E>evil<U+202C> <U+2066>iso<U+2069>');
  });

  it('returns text without controls as it is, other scripts included', () => {
    const text = 'plain — ünïcödé 中文 עברית 😀\n\tindented';
    assert.equal(terminalSafe(text), text);
  });

  it('escapes the same characters inside JSON so that it parses to the same values', () => {
    const value = { text: 'a\u009bb\u202ec\u007f\x1b', ['key\u2066']: 1 };
    const safe = terminalSafeJson(JSON.stringify(value));
    assert.equal(safe, '{"text":"a\\u009bb\\u202ec\\u007f\\u001b","key\\u2066":1}');
    assert.deepEqual(JSON.parse(safe), value);
  });
});
