import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { watchFile } from '../../../src/core/session';
import type { Disposable } from '../../../src/core/util/event';
import { useTempDir } from '../../support/tempDir';

/** Resolves when `probe` holds; fails (bounded) naming what it waited for. */
async function until(what: string, probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

describe('watchFile: noticing what other programs do to a session file', () => {
  const tmp = useTempDir();
  let watch: Disposable | undefined;
  afterEach(() => watch?.dispose());

  it('reports an append made by another process', async () => {
    const file = path.join(tmp(), 's.jsonl');
    writeFileSync(file, '{}\n');
    let changes = 0;
    watch = watchFile(file, { onChange: () => changes++, onFallback: (error) => assert.fail(`fell back to polling: ${String(error)}`) });
    execFileSync(process.execPath, ['-e', 'require("node:fs").appendFileSync(process.argv[1], "{}\\n")', file]);
    await until('a change to be reported', () => changes > 0);
  });

  it('reports a new file renamed over the watched one', async () => {
    const file = path.join(tmp(), 's.jsonl');
    writeFileSync(file, '{}\n');
    let changes = 0;
    watch = watchFile(file, { onChange: () => changes++ });
    writeFileSync(`${file}.new`, '{}\n{}\n');
    renameSync(`${file}.new`, file);
    await until('the rename to be reported', () => changes > 0);
  });

  it('falls back to polling the file when its folder cannot be watched, and still reports appends', async () => {
    const dir = path.join(tmp(), 'not-yet');
    const file = path.join(dir, 's.jsonl');
    const fallbacks: string[] = [];
    let changes = 0;
    watch = watchFile(file, { onChange: () => changes++, onFallback: (error) => fallbacks.push((error as NodeJS.ErrnoException).code ?? String(error)), pollMs: 20 });
    assert.deepEqual(fallbacks, ['ENOENT']);
    mkdirSync(dir);
    writeFileSync(file, '{}\n');
    // The poller's first look may land before or after the file appeared: appends after it are seen.
    await until('the poller to see appends', () => {
      appendFileSync(file, '{}\n');
      return changes > 0;
    });
  });
});
