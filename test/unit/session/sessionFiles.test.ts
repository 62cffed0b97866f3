import { strict as assert } from 'node:assert';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { sessionFilesNewestFirst } from '../../../src/core/session/disk/sessionFiles';
import { useTempDir } from '../../support/tempDir';

describe('session files by age', () => {
  const tmp = useTempDir();

  it('lists the .jsonl files of a folder newest first with their sizes, nothing else', async () => {
    const write = (name: string, text: string, mtime: string): void => {
      writeFileSync(path.join(tmp(), name), text);
      utimesSync(path.join(tmp(), name), new Date(mtime), new Date(mtime));
    };
    write('old.jsonl', 'a', '2026-01-01T00:00:00Z');
    write('new.jsonl', 'abc', '2026-03-01T00:00:00Z');
    write('mid.jsonl', 'ab', '2026-02-01T00:00:00Z');
    write('notes.txt', 'x', '2026-04-01T00:00:00Z');
    mkdirSync(path.join(tmp(), 'dir.jsonl'));
    const listed = await sessionFilesNewestFirst(tmp());
    assert.deepEqual(
      listed.map((f) => [path.basename(f.file), f.size, f.modified.toISOString()]),
      [
        ['new.jsonl', 3, '2026-03-01T00:00:00.000Z'],
        ['mid.jsonl', 2, '2026-02-01T00:00:00.000Z'],
        ['old.jsonl', 1, '2026-01-01T00:00:00.000Z'],
      ],
    );
  });

  it('returns nothing for a folder that does not exist', async () => {
    assert.deepEqual(await sessionFilesNewestFirst(path.join(tmp(), 'missing')), []);
  });
});
