import { strict as assert } from 'node:assert';
import { plainText } from '../../../src/core/util/plainText';

const ZWSP = '\u200b';

describe('plainText: session text for notifications, prompts and quick picks', () => {
  it('breaks Markdown links of every kind, keeping every character the user reads', () => {
    assert.equal(plainText('[Click me](command:arbor.clearApiKey)'), `[Click me]${ZWSP}(command:arbor.clearApiKey)`);
    assert.equal(plainText('see [docs](https://example.com "t") and [f](file:///etc/passwd)'), `see [docs]${ZWSP}(https://example.com "t") and [f]${ZWSP}(file:///etc/passwd)`);
    assert.equal(plainText('[a](command:x)[b](command:y)').replace(new RegExp(ZWSP, 'g'), ''), '[a](command:x)[b](command:y)');
  });

  it('keeps $(icon) from being drawn as an icon', () => {
    assert.equal(plainText('$(warning) Approve $(check)'), `$${ZWSP}(warning) Approve $${ZWSP}(check)`);
  });

  it('leaves no "](" or "$(" whatever comes between them: control and reordering characters go first', () => {
    for (const hostile of [']\u202e(command:x)', ']\n(command:x)', '$\u2066(icon)', '[x]\u200f(command:y)', '](](((']) {
      const shown = plainText(hostile);
      assert.ok(!shown.includes('](') && !shown.includes('$('), JSON.stringify(shown));
    }
  });

  it('turns control characters into spaces and drops bidirectional overrides, isolates and marks', () => {
    assert.equal(plainText('line one\nline two\tend\u0000'), 'line one line two end ');
    assert.equal(plainText('session\u202egnp.jsonl'), 'sessiongnp.jsonl');
    assert.equal(plainText('a\u2066b\u2069c\u200ed\u200fe\u061cf'), 'abcdef');
  });

  it('cuts long text with an ellipsis, never between the halves of a surrogate pair', () => {
    assert.equal(plainText('x'.repeat(600)), `${'x'.repeat(499)}…`);
    assert.equal(plainText('abcdef', 4), 'abc…');
    assert.equal(plainText('ab😀cd', 4), 'ab…');
    assert.equal(plainText('plain words stay as they are'), 'plain words stay as they are');
  });
});
