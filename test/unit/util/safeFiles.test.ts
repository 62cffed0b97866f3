import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { openRegularFile, readRegularFile, readRegularFileStart, replaceFile, UnsafeFileError, writeNewFile, type OpenRegularOptions } from '../../../src/core/util/safeFiles';
import { useTempDir } from '../../support/tempDir';

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UnsafeFileError) return error.reason;
    throw error;
  }
  return 'read';
}

describe('writing and reading files where links may be planted', () => {
  const tmp = useTempDir();

  /** `regular` with `text`, and beside it `link` (to it), `zero` (a link to /dev/zero) and a FIFO `fifo`. */
  function plantReadTargets(regular: string, text: string): void {
    writeFileSync(regular, text);
    symlinkSync(regular, path.join(tmp(), 'link'));
    symlinkSync('/dev/zero', path.join(tmp(), 'zero'));
    execFileSync('mkfifo', [path.join(tmp(), 'fifo')]);
  }

  it('creates a new file readable by its owner only', async () => {
    const file = path.join(tmp(), 'new.json');
    await writeNewFile(file, 'content', { durable: true });
    assert.equal(readFileSync(file, 'utf8'), 'content');
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it('refuses to create a file where a link already is, dangling or not, and leaves its target alone', async () => {
    const victim = path.join(tmp(), 'victim');
    writeFileSync(victim, 'mine');
    symlinkSync(victim, path.join(tmp(), 'link'));
    symlinkSync(path.join(tmp(), 'would-be-created'), path.join(tmp(), 'dangling'));
    await assert.rejects(writeNewFile(path.join(tmp(), 'link'), 'x'), { code: 'EEXIST' });
    await assert.rejects(writeNewFile(path.join(tmp(), 'dangling'), 'x'), { code: 'EEXIST' });
    assert.equal(readFileSync(victim, 'utf8'), 'mine');
    assert.deepEqual(readdirSync(tmp()).sort(), ['dangling', 'link', 'victim']);
  });

  it('replaces a link at the target by a regular file, and what it pointed at stays as it was', async () => {
    const victim = path.join(tmp(), 'victim');
    writeFileSync(victim, 'mine');
    const target = path.join(tmp(), 'out.md');
    symlinkSync(victim, target);
    await replaceFile(target, 'export');
    assert.equal(lstatSync(target).isFile(), true);
    assert.equal(readFileSync(target, 'utf8'), 'export');
    assert.equal(statSync(target).mode & 0o777, 0o600);
    assert.equal(readFileSync(victim, 'utf8'), 'mine');
    assert.deepEqual(readdirSync(tmp()).sort(), ['out.md', 'victim']);
  });

  it('leaves the old file and no temporary file when the check before the rename fails', async () => {
    const target = path.join(tmp(), 'session.jsonl');
    writeFileSync(target, 'old');
    const changed = new Error('changed meanwhile');
    await assert.rejects(replaceFile(target, 'new', { beforeRename: async () => Promise.reject(changed) }), changed);
    assert.equal(readFileSync(target, 'utf8'), 'old');
    assert.deepEqual(readdirSync(tmp()), ['session.jsonl']);
  });

  it('reads a regular file within the limit', async () => {
    const file = path.join(tmp(), 'a.json');
    writeFileSync(file, '{"a":1}');
    assert.equal((await readRegularFile(file, 7)).toString(), '{"a":1}');
  });

  it('refuses at once a link, a link to /dev/zero, a FIFO, a device and a file over the limit', async () => {
    const regular = path.join(tmp(), 'regular');
    plantReadTargets(regular, 'x');
    const big = path.join(tmp(), 'big');
    writeFileSync(big, '');
    truncateSync(big, 1025); // sparse: nothing is written
    assert.deepEqual(
      [
        await refusal(readRegularFile(path.join(tmp(), 'link'), 1024)),
        await refusal(readRegularFile(path.join(tmp(), 'zero'), 1024)),
        await refusal(readRegularFile(path.join(tmp(), 'fifo'), 1024)),
        await refusal(readRegularFile('/dev/zero', 1024)),
        await refusal(readRegularFile(big, 1024)),
        await refusal(readRegularFile(regular, 1024)),
      ],
      ['link', 'link', 'not-a-file', 'not-a-file', 'too-large', 'read'],
    );
  });

  /** What `openRegularFile` made of `file`: 'opened', or the refusal's reason and kind. */
  async function opening(file: string, options: OpenRegularOptions): Promise<string> {
    try {
      await (await openRegularFile(file, options)).close();
      return 'opened';
    } catch (error) {
      if (error instanceof UnsafeFileError) return error.kind ? `${error.reason} (${error.kind})` : error.reason;
      throw error;
    }
  }

  it('follows a link to a regular file only when asked to, and never to a FIFO or a device', async () => {
    const regular = path.join(tmp(), 'regular');
    writeFileSync(regular, 'x');
    execFileSync('mkfifo', [path.join(tmp(), 'fifo')]);
    symlinkSync(regular, path.join(tmp(), 'to-regular'));
    symlinkSync(path.join(tmp(), 'fifo'), path.join(tmp(), 'to-fifo'));
    symlinkSync('/dev/null', path.join(tmp(), 'to-null'));
    const names = ['to-regular', 'to-fifo', 'to-null', 'fifo'];
    assert.deepEqual(await Promise.all(names.map((name) => opening(path.join(tmp(), name), {}))), ['link', 'link', 'link', 'not-a-file (pipe)']);
    assert.deepEqual(await Promise.all(names.map((name) => opening(path.join(tmp(), name), { followLinks: true }))), [
      'opened',
      'not-a-file (pipe)',
      'not-a-file (device)',
      'not-a-file (pipe)',
    ]);
  });

  it('refuses at once a FIFO opened to append or update, which would wait for a reader, and a folder', async () => {
    const fifo = path.join(tmp(), 'fifo');
    execFileSync('mkfifo', [fifo]);
    assert.deepEqual(
      [await opening(fifo, { access: 'append' }), await opening(fifo, { access: 'update' }), await opening(tmp(), { access: 'append' }), await opening(tmp(), {})],
      ['not-a-file (pipe)', 'not-a-file (pipe)', 'not-a-file (folder)', 'not-a-file (folder)'],
    );
  });

  it('never creates the file it is asked to open', async () => {
    const missing = path.join(tmp(), 'missing.jsonl');
    await assert.rejects(openRegularFile(missing, { access: 'append' }), { code: 'ENOENT' });
    assert.deepEqual(readdirSync(tmp()), []);
  });

  it('reads the start of a regular file, cut at the limit, following a link only when asked, and never a FIFO or a device', async () => {
    const regular = path.join(tmp(), 'AGENTS.md');
    plantReadTargets(regular, 'abcdef');
    const start = await readRegularFileStart(path.join(tmp(), 'link'), 4, { followLinks: true });
    assert.deepEqual([start.bytes.toString(), start.stat.size], ['abcd', 6]);
    assert.equal((await readRegularFileStart(regular, 100)).bytes.toString(), 'abcdef');
    assert.deepEqual(
      [
        await refusal(readRegularFileStart(path.join(tmp(), 'link'), 4)),
        await refusal(readRegularFileStart(path.join(tmp(), 'zero'), 4, { followLinks: true })),
        await refusal(readRegularFileStart(path.join(tmp(), 'fifo'), 4, { followLinks: true })),
        await refusal(readRegularFileStart(tmp(), 4, { followLinks: true })),
      ],
      ['link', 'not-a-file', 'not-a-file', 'not-a-file'],
    );
  });
});
