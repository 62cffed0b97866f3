import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { parseSessionBytes, parseSessionText } from '../../../src/core/session';
import { fixturePath } from '../../support/fixtures';

const HEADER = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const ENTRY = '{"type":"custom","customType":"x","id":"a1","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z"}';

describe('JSONL parsing', () => {
  it('reports the malformed line of the synthetic fixture and skips the blank one (A1)', () => {
    const parsed = parseSessionText(readFileSync(fixturePath('synthetic-branched.jsonl'), 'utf8'));
    assert.equal(parsed.header?.id, '0194a000-0000-7000-8000-000000000001');
    assert.equal(parsed.entries.length, 29);
    assert.deepEqual(
      parsed.malformed.map((m) => m.line),
      [16],
    );
    assert.match(parsed.malformed[0]!.reason, /^invalid JSON/);
  });

  it('yields no header when the first parsed object is not a session header (A2)', () => {
    assert.equal(parseSessionText('{"type":"message","id":"1"}\n').header, undefined);
    assert.equal(parseSessionText('').header, undefined);
    const garbage = parseSessionText('not json\n');
    assert.equal(garbage.header, undefined);
    assert.deepEqual(garbage.malformed.map((m) => m.line), [1]);
  });

  it('accepts CRLF line ends and a UTF-8 byte-order mark', () => {
    const parsed = parseSessionText(`\uFEFF${HEADER}\r\n${ENTRY}\r\n`);
    assert.equal(parsed.header?.id, 's1');
    assert.deepEqual(parsed.entries.map((e) => e.id), ['a1']);
    assert.deepEqual(parsed.malformed, []);
  });

  it('reports lines that are JSON but not entry objects, with their line numbers', () => {
    const parsed = parseSessionText(`${HEADER}\n[1,2]\n"text"\n{"no":"type"}\n${HEADER}\n${ENTRY}\n`);
    assert.deepEqual(parsed.malformed, [
      { line: 2, reason: 'not a JSON object' },
      { line: 3, reason: 'not a JSON object' },
      { line: 4, reason: 'object without a string "type"' },
      { line: 5, reason: 'extra session header' },
    ]);
    assert.deepEqual(parsed.entries.map((e) => e.id), ['a1']);
    assert.deepEqual(parsed.entryLines, [6]);
  });

  it('detects a torn last line and where it starts', () => {
    const text = `${HEADER}\n${ENTRY}\n${ENTRY.slice(0, 20)}`;
    const parsed = parseSessionBytes(Buffer.from(text));
    assert.deepEqual(parsed.tornTail, { offset: HEADER.length + ENTRY.length + 2, length: 20, complete: false });
    assert.match(parsed.malformed[0]!.reason, /^torn last line/);
    assert.equal(parsed.entries.length, 1);
  });

  it('treats a whole last line without its newline as a complete entry', () => {
    const parsed = parseSessionBytes(Buffer.from(`${HEADER}\n${ENTRY}`));
    assert.deepEqual(parsed.tornTail, { offset: HEADER.length + 1, length: ENTRY.length, complete: true });
    assert.deepEqual(parsed.malformed, []);
    assert.equal(parsed.entries.length, 1);
  });

  it('keeps unknown entry types and unknown fields as they are', () => {
    const odd = '{"type":"future_thing","id":"f1","parentId":null,"timestamp":"t","payload":{"deep":[1,2]},"extra":true}';
    const parsed = parseSessionText(`${HEADER}\n${odd}\n`);
    assert.equal(JSON.stringify(parsed.entries[0]), odd);
  });
});
