import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSessionFile, loadSessionFile, openSessionFile, parseSessionText } from '../../../src/core/session';
import { assistant, bash, toolCall, toolResult, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

/** A real session file written by Arbor, ending in lines with multi-byte UTF-8 text. */
async function writeRealSession(dir: string): Promise<string> {
  const session = await createSessionFile({ dir, cwd: '/home/dev/app' });
  await session.appendModelChange('anthropic', 'claude-sonnet-4-5');
  await session.appendThinkingLevelChange('medium');
  await session.appendMessage(user('Read src/main.ts and explain it'));
  const call = toolCall('read', { path: 'src/main.ts' });
  await session.appendMessage(assistant([{ type: 'text', text: 'Reading it.' }, call], { stopReason: 'toolUse' }));
  await session.appendMessage(toolResult(call, 'export const main = () => "héllo wörld";\n'));
  await session.appendMessage(bash('npm test', '✓ 3 passing'));
  await session.appendMessage(user('Ahora en español, por favor: ¿qué hace? 中文也可以 🌳'));
  await session.appendMessage(assistant('Exporta una función «main» que devuelve un saludo — 这是一个问候 🌲'));
  await session.sync();
  return session.file!;
}

describe('crash safety', function () {
  this.timeout(120_000);
  const tmp = useTempDir();

  it('survives a cut at every byte of the last three lines: nothing complete is lost, the next append is clean (also for pi)', async () => {
    const { parseSessionEntries } = await loadPi();
    const original = readFileSync(await writeRealSession(tmp()));
    const lineStarts = [0];
    original.forEach((byte, index) => {
      if (byte === 0x0a && index + 1 < original.length) lineStarts.push(index + 1);
    });
    const firstCut = lineStarts[lineStarts.length - 3]!;
    const file = path.join(tmp(), 'cut.jsonl');
    let tornFilesExpected = 0;
    for (let cut = firstCut; cut < original.length; cut++) {
      const truncated = original.subarray(0, cut);
      writeFileSync(file, truncated);
      const completeLines = completeLineCount(truncated);

      const { session, report } = await openSessionFile(file);
      assert.equal(session.entries.length, completeLines - 1, `cut at ${cut}: every complete entry is present`);
      const wasTorn = report.tornTail !== undefined && !report.tornTail.complete;
      if (wasTorn) tornFilesExpected++;

      await session.appendCustomEntry('after-crash', { cut });
      await session.sync();

      const text = readFileSync(file, 'utf8');
      const ours = parseSessionText(text);
      assert.deepEqual(ours.malformed, [], `cut at ${cut}: no malformed line after the append`);
      assert.equal(ours.entries.length, completeLines, `cut at ${cut}`);
      const nonEmpty = text.split('\n').filter((l) => l.trim() !== '').length;
      assert.equal(parseSessionEntries(text).length, nonEmpty, `cut at ${cut}: pi parses every line`);
      assert.equal((await loadSessionFile(file)).tree.entries.at(-1)!.customType, 'after-crash');
    }
    const saved = readdirSync(tmp()).filter((name) => name.startsWith('cut.jsonl.torn-'));
    assert.equal(saved.length, tornFilesExpected);
    assert.ok(tornFilesExpected > 100);
  });

  it('keeps the torn bytes beside the file before cutting them off', async () => {
    const original = readFileSync(await writeRealSession(tmp()));
    const file = path.join(tmp(), 'torn.jsonl');
    const cut = original.length - 10;
    writeFileSync(file, original.subarray(0, cut));
    const { session } = await openSessionFile(file, { clock: () => new Date('2026-05-05T05:05:05.005Z') });
    await session.appendCustomEntry('next');
    const lastLineStart = original.subarray(0, original.length - 1).lastIndexOf(0x0a) + 1;
    assert.deepEqual(readFileSync(`${file}.torn-2026-05-05T05-05-05-005Z`), original.subarray(lastLineStart, cut));
  });
});

/** Lines that end in a newline, plus a last line that is whole JSON without its newline. */
function completeLineCount(bytes: Buffer): number {
  const text = bytes.toString('utf8');
  const parts = text.split('\n');
  const tail = parts.pop()!;
  let count = parts.filter((l) => l.trim() !== '').length;
  if (tail.trim() !== '') {
    try {
      JSON.parse(tail);
      count++;
    } catch {
      // torn
    }
  }
  return count;
}
