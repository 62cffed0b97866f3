import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { appendFileSync, promises as fsp, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSessionFile, loadSessionFile, openSessionFile, SessionFileError, serializeLine, type OtherWriterNotice, type Session } from '../../../src/core/session';
import { assistant, msg, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

async function sessionWithOneTurn(dir: string): Promise<{ file: string; ids: string[] }> {
  const session = await createSessionFile({ dir, cwd: '/p' });
  const ids = [await session.appendMessage(user('q1')), await session.appendMessage(assistant('a1'))];
  await session.sync();
  return { file: session.file!, ids };
}

function record(session: Session): { external: string[]; notices: OtherWriterNotice[] } {
  const seen = { external: [] as string[], notices: [] as OtherWriterNotice[] };
  session.onDidChange((change) => {
    if (change.kind === 'external') seen.external.push(change.entry.id);
  });
  session.onDidDetectOtherWriter((notice) => seen.notices.push(notice));
  return seen;
}

/** Counts the bytes read through node:fs/promises file handles while `body` runs. */
async function countBytesRead<T>(body: () => Promise<T>): Promise<{ result: T; bytes: number }> {
  const open = fsp.open;
  let bytes = 0;
  fsp.open = (async (...args: Parameters<typeof open>) => {
    const handle = await open(...args);
    const read = handle.read.bind(handle) as (...readArgs: unknown[]) => Promise<{ bytesRead: number }>;
    (handle as unknown as { read: typeof read }).read = async (...readArgs: unknown[]) => {
      const outcome = await read(...readArgs);
      bytes += outcome.bytesRead;
      return outcome;
    };
    return handle;
  }) as typeof open;
  try {
    return { result: await body(), bytes };
  } finally {
    fsp.open = open;
  }
}

describe('Session.refresh: following the file when others append', () => {
  const tmp = useTempDir();

  it('reads in entries another process appended, announces them, and keeps its position', async () => {
    const { file, ids } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    const seen = record(session);
    const lines = serializeLine(msg('f0000001', ids[1]!, user('from the CLI'))) + serializeLine(msg('f0000002', 'f0000001', assistant('reply')));
    execFileSync(process.execPath, ['-e', `require('node:fs').appendFileSync(${JSON.stringify(file)}, ${JSON.stringify(lines)})`]);

    assert.equal(await session.refresh(), 2);
    assert.deepEqual(seen.external, ['f0000001', 'f0000002']);
    assert.deepEqual(seen.notices, [{ kind: 'appended', entries: [session.getEntry('f0000001'), session.getEntry('f0000002')] }]);
    assert.equal(session.tree.parentOf('f0000001'), ids[1]);
    assert.equal(session.leafId, ids[1]);
    assert.equal(await session.refresh(), 0);
    assert.equal(seen.notices.length, 1);
  });

  it('follows what pi 1.6.0 appends to the same file, with pi’s parents', async () => {
    const pi = await loadPi();
    const { file, ids } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    const other = pi.SessionManager.open(file, tmp());
    const piUser = other.appendMessage({ role: 'user', content: 'typed in pi', timestamp: 1 });
    const piReply = other.appendMessage(assistant('pi answers') as never);

    assert.equal(await session.refresh(), 2);
    assert.deepEqual(session.getBranch(piReply).map((entry) => entry.id), [ids[0], ids[1], piUser, piReply]);
    assert.deepEqual(session.entries.map((entry) => entry.id), (await loadSessionFile(file)).tree.entries.map((entry) => entry.id));
  });

  it('reads only the bytes appended since the last look, not the file again', async () => {
    const { file, ids } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    // Rename the first entry in place (same length): a reader of the whole file would find a new id.
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(`"id":"${ids[0]}"`, '"id":"zzzzzzzz"'));
    const line = serializeLine(msg('f0000003', ids[1]!, user('x'.repeat(10_000))));
    appendFileSync(file, line);

    const { result, bytes } = await countBytesRead(() => session.refresh());
    assert.equal(result, 1);
    assert.equal(session.getEntry('zzzzzzzz'), undefined);
    // The appended line and at most the 64 bytes before it that prove the file only grew.
    assert.ok(bytes >= Buffer.byteLength(line) && bytes <= Buffer.byteLength(line) + 64, `read ${bytes} bytes for a ${Buffer.byteLength(line)}-byte line`);
  });

  it('leaves a line another writer has not finished until its newline arrives', async () => {
    const { file, ids } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    const line = serializeLine(msg('f0000004', ids[1]!, user('Necesito ayuda 你好 🌳')));
    const bytes = Buffer.from(line);
    appendFileSync(file, bytes.subarray(0, 30));
    assert.equal(await session.refresh(), 0);
    assert.equal(session.getEntry('f0000004'), undefined);
    appendFileSync(file, bytes.subarray(30));
    assert.equal(await session.refresh(), 1);
    assert.deepEqual(session.getEntry('f0000004'), JSON.parse(line));
    assert.equal(readFileSync(file, 'utf8').endsWith(line), true, 'the file is left as the writers wrote it');
  });

  it('keeps both its own entries and the other writer’s when a refresh runs during its appends', async () => {
    const { file, ids } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    const seen = record(session);
    const mine = session.appendMessage(user('mine 1'));
    appendFileSync(file, serializeLine(msg('f0000005', ids[1]!, user('theirs'))));
    const refreshed = session.refresh();
    const mine2 = session.appendMessage(assistant('mine 2'));
    const [m1, , m2] = await Promise.all([mine, refreshed, mine2]);

    // Read once, by whichever look came first (the append's catch-up or the refresh).
    assert.deepEqual(seen.external, ['f0000005']);
    const onDisk = (await loadSessionFile(file)).tree;
    assert.deepEqual(
      [...onDisk.entries.map((entry) => entry.id)].sort(),
      [ids[0]!, ids[1]!, m1, 'f0000005', m2].sort(),
    );
    assert.equal(onDisk.parentOf(m2), m1);
    assert.deepEqual([...session.entries.map((entry) => entry.id)].sort(), [...onDisk.entries.map((entry) => entry.id)].sort());
  });

  it('tells when the file was replaced under it, and reads nothing from the other file', async () => {
    const { file, ids } = await sessionWithOneTurn(tmp());
    const { session } = await openSessionFile(file);
    const seen = record(session);
    const replacement = path.join(tmp(), 'new.jsonl');
    writeFileSync(replacement, readFileSync(file, 'utf8').split('\n')[0] + '\n' + serializeLine(msg('f0000006', null, user('a different file'))));
    renameSync(replacement, file);

    await assert.rejects(session.refresh(), (error: SessionFileError) => error.reason === 'replaced');
    assert.deepEqual(seen.notices, [{ kind: 'replaced', file }]);
    assert.equal(session.getEntry('f0000006'), undefined, 'nothing of the other file is read in');
    assert.ok(session.getEntry(ids[0]!), 'entries already read stay');
  });

  it('reads nothing for an in-memory session', async () => {
    const session = (await import('../../support/builders')).memorySession();
    await session.appendMessage(user('q'));
    assert.equal(await session.refresh(), 0);
  });
});
