import { strict as assert } from 'node:assert';
import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  createSessionFile,
  loadSessionFile,
  openSessionFile,
  parseSessionText,
  serializeLine,
  SessionError,
  SessionFileError,
  type Session,
  type SessionChange,
} from '../../../src/core/session';
import { assistant, msg, user } from '../../support/builders';
import { fixturePath } from '../../support/fixtures';
import { recordFsyncs } from '../../support/fsyncRecorder';
import { seededRandom } from '../../support/randomSession';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

/** A session file with one user/assistant turn, written by Arbor. */
async function sessionWithOneTurn(dir: string): Promise<{ file: string; ids: string[] }> {
  const session = await createSessionFile({ dir, cwd: '/p' });
  const ids = [await session.appendMessage(user('q1')), await session.appendMessage(assistant('a1'))];
  await session.sync();
  return { file: session.file!, ids };
}

function externalIds(session: Session): string[] {
  const seen: string[] = [];
  session.onDidChange((change: SessionChange) => {
    if (change.kind === 'external') seen.push(change.entry.id);
  });
  return seen;
}

/** Each id with its parent, as a fresh open of the file builds the tree. */
async function parentsOnReopen(file: string): Promise<[string, string | null][]> {
  const { tree } = await loadSessionFile(file);
  return tree.entries.map((entry) => [entry.id, tree.parentOf(entry.id)]);
}

function parentsIn(session: Session): [string, string | null][] {
  return session.entries.map((entry) => [entry.id, session.tree.parentOf(entry.id)]);
}

describe('appending beside another writer', () => {
  const tmp = useTempDir();

  it('reads the other window’s lines before appending, with their parents, and keeps its own position', async () => {
    const { file, ids } = await sessionWithOneTurn(tmp());
    const mine = (await openSessionFile(file)).session;
    const theirs = (await openSessionFile(file)).session;
    const announced = externalIds(mine);
    const t1 = await theirs.appendMessage(user('theirs 1'));
    const t2 = await theirs.appendMessage(assistant('theirs 2'));
    const m1 = await mine.appendMessage(user('mine 1'));

    assert.deepEqual(announced, [t1, t2]);
    assert.equal(mine.getEntry(t1)!.parentId, ids[1]);
    assert.equal(mine.getEntry(t2)!.parentId, t1);
    assert.equal(mine.getEntry(m1)!.parentId, ids[1], 'our entry hangs off our own position, not theirs');
    assert.equal(mine.leafId, m1);
    assert.deepEqual(parentsIn(mine).sort(), (await parentsOnReopen(file)).sort());
    assert.deepEqual(parseSessionText(readFileSync(file, 'utf8')).malformed, []);
  });

  it('reads its own lines back without taking them for someone else’s', async () => {
    const { file } = await sessionWithOneTurn(tmp());
    const mine = (await openSessionFile(file)).session;
    const theirs = (await openSessionFile(file)).session;
    const announced = externalIds(mine);
    const t1 = await theirs.appendMessage(user('theirs'));
    await mine.appendMessage(user('mine 1'));
    const t2 = await theirs.appendMessage(assistant('theirs again'));
    await mine.appendMessage(user('mine 2'));
    await theirs.appendMessage(user('theirs, after both of mine'));
    await mine.appendMessage(user('mine 3'));

    const onDisk = (await loadSessionFile(file)).tree.entries.map((entry) => entry.id);
    assert.equal(announced.length, 3);
    assert.deepEqual(announced.slice(0, 2), [t1, t2]);
    assert.deepEqual([...mine.entries.map((entry) => entry.id)].sort(), [...onDisk].sort());
    assert.deepEqual(parentsIn(mine).sort(), (await parentsOnReopen(file)).sort());
  });

  it('places a foreign entry whose parent it cannot find at the root, as a reopen does', async () => {
    const { file } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    appendFileSync(file, serializeLine(msg('f0000001', 'nowhere1', user('lost parent'))));
    await session.appendMessage(user('mine'));
    assert.equal(session.tree.parentOf('f0000001'), null);
    assert.deepEqual(session.tree.problems.orphans, [{ id: 'f0000001', parentId: 'nowhere1' }]);
    assert.deepEqual(parentsIn(session).sort(), (await parentsOnReopen(file)).sort());
  });

  it('keeps another writer’s unfinished line as one malformed line and starts its own on a fresh line', async () => {
    const { file } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    const before = readFileSync(file, 'utf8');
    const partial = '{"type":"message","id":"f0000002","par';
    appendFileSync(file, partial);
    const id = await session.appendMessage(user('mine'));
    const after = readFileSync(file, 'utf8');
    assert.equal(after, `${before}${partial}\n${serializeLine(session.getEntry(id)!)}`);
    assert.deepEqual(readdirSync(tmp()).filter((name) => name.includes('.torn-')), []);
  });

  it('refuses to write to a session file that was deleted, rather than start a file without a header', async () => {
    const { file } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    rmSync(file);
    await assert.rejects(session.appendMessage(user('x')), (error: unknown) => error instanceof SessionError && (error.cause as SessionFileError).reason === 'not-found');
    assert.equal(existsSync(file), false);
  });
});

describe('repairing a torn tail beside another writer', () => {
  const tmp = useTempDir();
  const clock = (): Date => new Date('2026-05-05T05:05:05.005Z');

  /** A session file ending in the first half of a line, and that line whole. */
  async function tornFile(): Promise<{ file: string; torn: string; whole: string; prefix: string }> {
    const { file } = await sessionWithOneTurn(tmp());
    const prefix = readFileSync(file, 'utf8');
    const whole = serializeLine(msg('c0000001', JSON.parse(prefix.trimEnd().split('\n').at(-1)!).id, user('completed later')));
    const torn = whole.slice(0, 30);
    writeFileSync(file, prefix + torn);
    return { file, torn, whole, prefix };
  }

  it('saves a still-torn tail beside the file and blanks exactly its bytes', async () => {
    const { file, torn, prefix } = await tornFile();
    const { session, report } = await openSessionFile(file, { clock });
    assert.equal(report.tornTail?.complete, false);
    const id = await session.appendMessage(user('mine'));
    assert.equal(readFileSync(`${file}.torn-2026-05-05T05-05-05-005Z`, 'utf8'), torn);
    assert.equal(readFileSync(file, 'utf8'), `${prefix}${' '.repeat(torn.length - 1)}\n${serializeLine(session.getEntry(id)!)}`);
  });

  it('does not cut a torn tail its writer has completed since: the line is read like any other', async () => {
    const { file, torn, whole, prefix } = await tornFile();
    const { session } = await openSessionFile(file, { clock });
    appendFileSync(file, whole.slice(torn.length));
    const id = await session.appendMessage(user('mine'));
    assert.equal(readFileSync(file, 'utf8'), `${prefix}${whole}${serializeLine(session.getEntry(id)!)}`);
    assert.equal(session.getEntry('c0000001')?.type, 'message');
    assert.deepEqual(readdirSync(tmp()).filter((name) => name.includes('.torn-')), []);
  });

  it('frees a line another program appended onto the torn bytes, and keeps the lines after it', async () => {
    const { file, torn, prefix } = await tornFile();
    const { session } = await openSessionFile(file, { clock });
    const lastId = session.leafId;
    const glued = serializeLine(msg('g0000001', lastId, user('appended by pi onto the torn line')));
    const next = serializeLine(msg('g0000002', 'g0000001', assistant('and its reply')));
    appendFileSync(file, glued + next);
    const id = await session.appendMessage(user('mine'));

    assert.equal(readFileSync(file, 'utf8'), `${prefix}${' '.repeat(torn.length - 1)}\n${glued}${next}${serializeLine(session.getEntry(id)!)}`);
    assert.equal(readFileSync(`${file}.torn-2026-05-05T05-05-05-005Z`, 'utf8'), torn);
    assert.equal(session.getEntry('g0000002')!.parentId, 'g0000001');
    assert.equal(session.getEntry(id)!.parentId, lastId);
    const { parseSessionEntries, SessionManager } = await loadPi();
    const text = readFileSync(file, 'utf8');
    assert.equal(parseSessionEntries(text).length, text.split('\n').filter((line) => line.trim() !== '').length);
    assert.deepEqual(SessionManager.open(file).getEntries().map((entry) => entry.id).slice(-3), ['g0000001', 'g0000002', id]);
  });

  it('blanks a torn tail that pi 1.6 ended with a newline when it opened the file, and reads what pi appended after it', async () => {
    const { file, torn, prefix } = await tornFile();
    const { session } = await openSessionFile(file, { clock });
    const { SessionManager } = await loadPi();
    const pi = SessionManager.open(file);
    assert.equal(readFileSync(file, 'utf8'), `${prefix}${torn}\n`, 'pi ended the torn line');
    const piId = pi.appendMessage(user('pi, after the crash') as never);
    const id = await session.appendMessage(user('mine'));
    const text = readFileSync(file, 'utf8');
    assert.equal(text.slice(0, prefix.length + torn.length), `${prefix}${' '.repeat(torn.length - 1)}\n`);
    assert.equal(readFileSync(`${file}.torn-2026-05-05T05-05-05-005Z`, 'utf8'), torn);
    assert.deepEqual((await loadSessionFile(file)).report.malformed, []);
    assert.deepEqual([session.getEntry(piId)?.type, session.getEntry(id)?.type], ['message', 'message']);
  });

  it('adds only the newline to a last line that is whole JSON, in the same write as its own line', async () => {
    const { file, whole, prefix } = await tornFile();
    writeFileSync(file, prefix + whole.trimEnd());
    const { session } = await openSessionFile(file, { clock });
    const id = await session.appendMessage(user('mine'));
    assert.equal(readFileSync(file, 'utf8'), `${prefix}${whole}${serializeLine(session.getEntry(id)!)}`);
  });
});

describe('migrating a file beside another writer', () => {
  const tmp = useTempDir();

  it('does not replace a v1 file that changed since it was read, and leaves no temporary file', async () => {
    const file = path.join(tmp(), 'legacy-v1.jsonl');
    copyFileSync(fixturePath('legacy-v1.jsonl'), file);
    const { session } = await openSessionFile(file);
    const foreign = '{"type":"message","timestamp":"2026-01-01T00:00:09.000Z","message":{"role":"user","content":"late","timestamp":9}}\n';
    appendFileSync(file, foreign);
    const changed = readFileSync(file);

    await assert.rejects(
      session.appendMessage(user('mine')),
      (error: unknown) => error instanceof SessionError && (error.cause as SessionFileError).reason === 'changed-on-disk',
    );
    assert.deepEqual(readFileSync(file), changed);
    assert.deepEqual(readdirSync(tmp()).sort(), ['legacy-v1.jsonl', 'legacy-v1.jsonl.v1.bak']);
  });

  it('fsyncs the backup and the rewritten file before the rename, and the folder after it', async () => {
    const file = path.join(tmp(), 'legacy-v1.jsonl');
    copyFileSync(fixturePath('legacy-v1.jsonl'), file);
    const { session } = await openSessionFile(file);
    let id = '';
    const synced = await recordFsyncs(async () => {
      id = await session.appendMessage(user('after migration'));
    });
    const backup = statSync(`${file}.v1.bak`);
    const rewritten = statSync(file);
    const migratedSize = rewritten.size - Buffer.byteLength(serializeLine(session.getEntry(id)!));
    assert.deepEqual(synced, [
      { ino: backup.ino, size: backup.size },
      { ino: rewritten.ino, size: migratedSize },
      { ino: statSync(tmp()).ino, size: statSync(tmp()).size },
    ]);
  });

  it('appends what another writer added after the migration rename, and reads it in', async () => {
    const file = path.join(tmp(), 'legacy-v1.jsonl');
    copyFileSync(fixturePath('legacy-v1.jsonl'), file);
    const mine = (await openSessionFile(file)).session;
    await mine.appendMessage(user('first, migrates'));
    const theirs = (await openSessionFile(file)).session;
    const t1 = await theirs.appendMessage(user('theirs'));
    await mine.appendMessage(user('second'));
    assert.equal(mine.getEntry(t1)?.type, 'message');
    assert.deepEqual(parentsIn(mine).sort(), (await parentsOnReopen(file)).sort());
  });
});

describe('two Arbor windows appending at random', () => {
  const tmp = useTempDir();

  it('both end with every entry once and the tree a reopen builds, in 50 seeded rounds', async () => {
    const random = seededRandom(8);
    for (let round = 0; round < 50; round++) {
      const { file } = await sessionWithOneTurn(path.join(tmp(), `r${round}`));
      const windows = [(await openSessionFile(file)).session, (await openSessionFile(file)).session];
      const pending: Promise<string>[] = [];
      for (let i = 0; i < 20; i++) {
        const window = windows[random() < 0.5 ? 0 : 1]!;
        const append = random() < 0.5 ? window.appendMessage(user(`w q${i}`)) : window.appendCustomEntry('w', { i, pad: 'z'.repeat(Math.floor(random() * 3000)) });
        pending.push(append);
        // Sometimes wait, sometimes let both windows' writes run side by side.
        if (random() < 0.4) await append;
      }
      await Promise.all(pending);
      for (const window of windows) await window.appendCustomEntry('closing');
      await windows[0]!.appendCustomEntry('closing again'); // reads the other window's closing line

      const text = readFileSync(file, 'utf8');
      assert.deepEqual(parseSessionText(text).malformed, []);
      const onDisk = await parentsOnReopen(file);
      assert.equal(new Set(onDisk.map(([id]) => id)).size, onDisk.length, `round ${round}: no line twice`);
      assert.equal(onDisk.length, 2 + 20 + 3, `round ${round}: every entry`);
      assert.deepEqual(parentsIn(windows[0]!).sort(), [...onDisk].sort(), `round ${round}: window 0 has the file's tree`);
    }
  });
});
