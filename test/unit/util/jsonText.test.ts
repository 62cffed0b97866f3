import { strict as assert } from 'node:assert';
import { limitJsonDepth, NESTED_TOO_DEEP, previewJson, stringifyJson } from '../../../src/core/util/jsonText';
import { deepJsonText as deepObjectText } from '../../support/builders';

const SHALLOW: unknown[] = [
  { path: 'src/a.ts', limit: 10, flags: [true, false, null], nested: { 'é "q"': 'line\nbreak\t', n: -0.5e-7 } },
  { skipped: undefined, fn: () => 1, kept: [undefined, 1, () => 2] },
  [],
  {},
  { empty: [], none: {}, big: 1e21, nan: Number.NaN },
  { when: new Date('2026-01-01T00:00:00.000Z') },
  '😀 text',
  42,
  null,
];

describe('JSON text of any depth', () => {
  it('writes what JSON.stringify writes for ordinary values, compact and indented', () => {
    for (const value of SHALLOW) {
      assert.equal(stringifyJson(value), JSON.stringify(value));
      assert.equal(previewJson(value), JSON.stringify(value, null, 2));
      assert.equal(previewJson(value, { indent: 0 }), JSON.stringify(value));
    }
  });

  it('writes a value nested 100 000 deep exactly as the file held it (JSON.stringify throws)', () => {
    const text = deepObjectText(100_000);
    const value: unknown = JSON.parse(text);
    assert.throws(() => JSON.stringify(value), RangeError);
    assert.equal(stringifyJson(value), text);
    assert.equal(stringifyJson({ list: JSON.parse(`${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`) }, (s) => s.toUpperCase()), `{"list":${'['.repeat(100_000)}"X"${']'.repeat(100_000)}}`);
  });

  it('shows containers past the depth limit as [nested too deep], indented no further', () => {
    const value: unknown = JSON.parse(deepObjectText(100_000));
    assert.equal(previewJson(value, { maxDepth: 2 }), `{\n  "a": {\n    "a": ${NESTED_TOO_DEEP}\n  }\n}`);
    const preview = previewJson({ args: value });
    assert.equal(preview.split('\n').length, 2 * 32 + 1);
    assert.ok(preview.includes(`"a": ${NESTED_TOO_DEEP}`));
  });

  it('stops a long picture at about the given length with an ellipsis, a huge string included', () => {
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`key${index}`, index]));
    const cut = previewJson(wide, { maxChars: 1000 });
    assert.ok(cut.length < 1100 && cut.endsWith('…'), `${cut.length} characters`);
    assert.equal(cut, `${JSON.stringify(wide, null, 2).slice(0, cut.length - 1)}…`);
    const long = previewJson({ content: 'x'.repeat(10_000_000) }, { maxChars: 100 });
    assert.equal(long, `{\n  "content": "${'x'.repeat(100 - 15 + 1)}"…`);
  });

  it('gives a shallow value back as it is, and a deep one as a copy with the marker as a string', () => {
    const shallow = { a: { b: [1, 2] } };
    assert.equal(limitJsonDepth(shallow, 3), shallow);
    assert.deepEqual(limitJsonDepth(JSON.parse(deepObjectText(100_000)), 2), { a: { a: NESTED_TOO_DEEP } });
  });
});
