import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { dataHome, moveToTrash, trashInfo, trashName, TrashError } from '../../../src/core/util/trash';
import { useTempDir } from '../../support/tempDir';

// 2026-11-30 18:05:09 local time: the spec's DeletionDate is local, without a zone.
const DELETED = new Date(2026, 10, 30, 18, 5, 9);

describe('the freedesktop trash', () => {
  const tmp = useTempDir();

  it('writes the info file as the specification\'s example has it', () => {
    // The spec's example: Path=foo/bar/meow.bow-wow, DeletionDate=2004-08-31T22:32:08.
    assert.equal(trashInfo('foo/bar/meow.bow-wow', new Date(2004, 7, 31, 22, 32, 8)), '[Trash Info]\nPath=foo/bar/meow.bow-wow\nDeletionDate=2004-08-31T22:32:08\n');
  });

  it('URL-escapes the original path but keeps its slashes', () => {
    assert.equal(trashInfo('/home/me/my notes/ä%.jsonl', DELETED).split('\n')[1], 'Path=/home/me/my%20notes/%C3%A4%25.jsonl');
  });

  it('uses $XDG_DATA_HOME when it is an absolute path, else ~/.local/share', () => {
    assert.equal(dataHome({ XDG_DATA_HOME: '/x/data' }, '/home/me'), '/x/data');
    assert.equal(dataHome({ XDG_DATA_HOME: '' }, '/home/me'), '/home/me/.local/share');
    assert.equal(dataHome({ XDG_DATA_HOME: 'relative' }, '/home/me'), '/home/me/.local/share');
    assert.equal(dataHome({}, '/home/me'), '/home/me/.local/share');
  });

  it('moves the file to Trash/files and says where it came from in Trash/info', async () => {
    const file = path.join(tmp(), 'sessions', 'a b.jsonl');
    mkdirSync(path.dirname(file));
    writeFileSync(file, '{"type":"session"}\n');
    const home = path.join(tmp(), 'data');
    const trashed = await moveToTrash(file, { dataHome: home, now: () => DELETED });
    assert.deepEqual(trashed, { trashedFile: path.join(home, 'Trash', 'files', 'a b.jsonl'), infoFile: path.join(home, 'Trash', 'info', 'a b.jsonl.trashinfo') });
    assert.equal(existsSync(file), false);
    assert.equal(readFileSync(trashed.trashedFile, 'utf8'), '{"type":"session"}\n');
    const escaped = file.split('/').map(encodeURIComponent).join('/');
    assert.equal(readFileSync(trashed.infoFile, 'utf8'), `[Trash Info]\nPath=${escaped}\nDeletionDate=2026-11-30T18:05:09\n`);
  });

  it('gives a second file of the same name a numbered name, keeping both', async () => {
    const home = path.join(tmp(), 'data');
    const names: string[] = [];
    for (const content of ['one', 'two', 'three']) {
      const file = path.join(tmp(), 's.jsonl');
      writeFileSync(file, content);
      names.push(path.basename((await moveToTrash(file, { dataHome: home, now: () => DELETED })).trashedFile));
    }
    assert.deepEqual(names, ['s.jsonl', 's.2.jsonl', 's.3.jsonl']);
    assert.equal(readFileSync(path.join(home, 'Trash', 'files', 's.2.jsonl'), 'utf8'), 'two');
    assert.equal(trashName('archive.tar', 4), 'archive.4.tar');
    assert.equal(trashName('README', 2), 'README.2');
  });

  it('does not take a name whose file sits in Trash/files without an info file', async () => {
    const home = path.join(tmp(), 'data');
    mkdirSync(path.join(home, 'Trash', 'files'), { recursive: true });
    writeFileSync(path.join(home, 'Trash', 'files', 's.jsonl'), 'left over');
    const file = path.join(tmp(), 's.jsonl');
    writeFileSync(file, 'mine');
    const trashed = await moveToTrash(file, { dataHome: home, now: () => DELETED });
    assert.equal(path.basename(trashed.trashedFile), 's.2.jsonl');
    assert.equal(readFileSync(path.join(home, 'Trash', 'files', 's.jsonl'), 'utf8'), 'left over');
    assert.equal(existsSync(path.join(home, 'Trash', 'info', 's.jsonl.trashinfo')), false);
  });

  it('refuses a folder and leaves it where it is', async () => {
    const dir = path.join(tmp(), 'folder.jsonl');
    mkdirSync(dir);
    await assert.rejects(moveToTrash(dir, { dataHome: path.join(tmp(), 'data'), now: () => DELETED }), (error: unknown) => error instanceof TrashError && error.reason === 'not-a-file');
    assert.equal(existsSync(dir), true);
  });
});
