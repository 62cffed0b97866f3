import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { OutputTail } from '../../../src/core/agent/tools/outputTail';
import { truncateHead, truncateTail } from '../../../src/core/workspace/truncate';
import { formatSize } from '../../../src/core/util/byteSize';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

const numbered = (count: number, width = 1) => Array.from({ length: count }, (_, index) => `${index + 1}`.padEnd(width, '.')).join('\n');

/** Inputs around both limits: short, many lines, wide lines, one huge line, multi-byte text, empty. */
const SAMPLES: [string, string][] = [
  ['short', 'a\nb\nc'],
  ['empty', ''],
  ['3000 lines', numbered(3000)],
  ['wide lines', numbered(900, 120)],
  ['one 80KB line', 'x'.repeat(80 * 1024)],
  ['lines then a huge last line', `head\n${'y'.repeat(60 * 1024)}`],
  ['multi-byte', 'é€😀\n'.repeat(8000)],
  ['2000 lines and a final newline', `${numbered(2000)}\n`],
  ['3000 lines and a final newline', `${numbered(3000)}\n`],
  ['a newline alone', '\n'],
  ['two newlines', '\n\n'],
  ['the byte limit reached by the final newline', `${'z'.repeat(51_199)}\n`],
  ['the byte limit passed by the final newline', `head\n${'z'.repeat(51_195)}\n`],
];

describe('truncation', () => {
  before(async function () {
    this.timeout(120_000); // the reference build takes a while to import
    await loadPi();
  });

  for (const [name, text] of SAMPLES) {
    it(`cuts "${name}" from the head and the tail exactly as pi does`, async () => {
      const pi = await loadPi();
      assert.deepEqual(truncateHead(text), pi.truncateHead(text));
      assert.deepEqual(truncateTail(text), pi.truncateTail(text));
      assert.deepEqual(truncateHead(text, { maxLines: 10, maxBytes: 100 }), pi.truncateHead(text, { maxLines: 10, maxBytes: 100 }));
    });
  }

  it('writes sizes as pi does', async () => {
    const pi = await loadPi();
    for (const bytes of [0, 1023, 1024, 51_200, 1_048_575, 10_000_000]) assert.equal(formatSize(bytes), pi.formatSize(bytes));
  });
});

describe('streamed output tail', () => {
  const temp = useTempDir();

  it('holds at most twice the byte limit plus one chunk while 10 MB stream through', async () => {
    const tail = new OutputTail({ directory: temp(), maxBytes: 50 * 1024 });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let most = 0;
    for (let sent = 0; sent < 10_000_000; sent += chunk.length) {
      tail.append(chunk);
      await tail.drained();
      most = Math.max(most, tail.bytesInMemory);
    }
    assert.equal(most <= 2 * 50 * 1024 + chunk.length, true, `held ${most} bytes`);
    await tail.close();
  });

  it('gives the same tail as pi’s truncateTail over the whole output, with every byte in the file', async () => {
    const pi = await loadPi();
    const text = `${numbered(5000, 30)}\nend without newline`;
    const tail = new OutputTail({ directory: temp() });
    const bytes = Buffer.from(text);
    // Chunks of an odd size cut lines (and would cut characters) anywhere.
    for (let at = 0; at < bytes.length; at += 4093) tail.append(bytes.subarray(at, at + 4093));
    const snapshot = tail.snapshot();
    await tail.close();
    assert.deepEqual(snapshot.truncation, pi.truncateTail(text));
    assert.equal(readFileSync(snapshot.fullOutputPath!, 'utf8'), text);
  });

  it('counts the lines of an output that ends in a newline as pi 1.6 does, the newline starting no line of its own', async () => {
    const pi = await loadPi();
    const text = `${numbered(3000, 30)}\n`;
    const tail = new OutputTail({ directory: temp() });
    tail.append(Buffer.from(text));
    const snapshot = tail.snapshot();
    await tail.close();
    assert.deepEqual(snapshot.truncation, pi.truncateTail(text));
    assert.equal(snapshot.truncation.totalLines, 3000);
  });

  it('keeps characters whole when a chunk ends inside one', () => {
    const tail = new OutputTail({ directory: temp() });
    const bytes = Buffer.from('héllo wörld');
    for (const piece of [bytes.subarray(0, 2), bytes.subarray(2, 9), bytes.subarray(9)]) tail.append(piece);
    assert.equal(tail.snapshot().truncation.content, 'héllo wörld');
  });
});
