import { strict as assert } from 'node:assert';
import { redact } from '../../../../src/core/mcp/connections/redact';
import { StderrTail } from '../../../../src/core/mcp/connections/stderrTail';

describe('MCP stderr tail', () => {
  it('passes each complete line on once, a line split across chunks put together, blank lines left out', () => {
    const heard: string[] = [];
    const tail = new StderrTail((line) => void heard.push(line));
    tail.write('first li');
    tail.write('ne\r\nsecond\n\n  \nthi');
    assert.deepEqual(heard, ['first line', 'second']);
    tail.flush();
    assert.deepEqual([heard, tail.lines()], [['first line', 'second', 'thi'], ['first line', 'second', 'thi']]);
  });

  it('keeps only the last lines', () => {
    const tail = new StderrTail(() => undefined, 3);
    tail.write('1\n2\n3\n4\n5\n');
    assert.deepEqual(tail.lines(), ['3', '4', '5']);
    tail.clear();
    assert.deepEqual(tail.lines(), []);
  });
});

describe('MCP secret redaction', () => {
  it('replaces every occurrence of each secret, a longer secret before one it contains, and leaves very short values alone', () => {
    assert.equal(redact('token abcd1234 and abcd, key abcd1234 again, flag on', ['abcd', 'abcd1234', 'on']), 'token *** and ***, key *** again, flag on');
  });
});
